import { useEffect, useState } from 'react';
import { personalSchema } from '@koza/domain/steps/personal';
import { validateStep } from '@koza/domain/steps/validate-step';
import { savePersonal } from '../../api/application.ts';
import { savedApplicationQuery, useStepQuery } from '../../api/queries.ts';
import { StepScreen } from '../../components/step-screen.tsx';
import { emptyPersonalForm, personalFormFrom, personalPayload, personalSaveBody, type PersonalForm } from '../../forms/personal-form.ts';
import { PersonalSection } from '../../forms/personal-section.tsx';
import { useStepForm } from '../../forms/use-step-form.ts';
import { useBank } from '../../lib/bank-context.tsx';

/**
 * /personal (SPEC.md §2.5, §4, §5): the applicant's personal data, checked with the domain's
 * personal schema (the API runs the same one), then POST /api/applications/personal → the flow's next page.
 */
export function PersonalScreen() {
  const slug = 'personal';
  const bank = useBank();
  const saved = useStepQuery(slug, savedApplicationQuery);
  const [today] = useState(() => new Date());
  const [searching, setSearching] = useState(false);
  // The form renders once the saved application has filled it (the address section remembers it).
  const [ready, setReady] = useState(false);
  const ctx = { today, homePrefecture: bank.homePrefecture, asksDistanceReason: bank.asksDistanceReason, purposeChoices: bank.purposeChoices };
  const { form, setForm, errors, clearErrors, pending, onSubmit, formEvents, flow } = useStepForm({
    slug,
    initial: () => emptyPersonalForm(bank),
    validate: (f: PersonalForm) => validateStep(personalSchema(ctx), personalPayload(f)),
    save: (value) => savePersonal(personalSaveBody(bank, value)),
  });

  useEffect(() => {
    if (!saved) return;
    setForm(personalFormFrom(saved, bank));
    setReady(true);
  }, [saved, bank, setForm]);

  return (
    <StepScreen slug={slug} onSubmit={onSubmit} formEvents={formEvents} pending={pending} busy={pending || searching} loading={!ready}>
      <PersonalSection
        bank={bank}
        applicationType={flow.type}
        value={form}
        update={(change) => setForm((f) => ({ ...f, ...change(f) }))}
        errors={errors}
        clearErrors={clearErrors}
        busy={pending || searching}
        onSearching={setSearching}
        onFail={flow.toError}
      />
    </StepScreen>
  );
}
