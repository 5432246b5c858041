import { useEffect, useState } from 'react';
import { childPersonalSchema, type ChildPersonalPayload } from '@koza/domain/steps/child-personal';
import { validateStep, type StepResult } from '@koza/domain/steps/validate-step';
import { savePersonal, saveWorkplace } from '../../api/application.ts';
import { occupationsQuery, savedApplicationQuery, useStepQuery } from '../../api/queries.ts';
import { StepScreen } from '../../components/step-screen.tsx';
import { readEntryCodes } from '../../entry/entry-query.ts';
import { unsettledCodeErrors } from '../../forms/code-field.tsx';
import { applyInvitationCode, InvitationCodeField } from '../../forms/invitation-code-field.tsx';
import { OccupationSection, occupationContext } from '../../forms/occupation-section.tsx';
import { PersonalSection } from '../../forms/personal-section.tsx';
import { personalSaveBody } from '../../forms/personal-form.ts';
import { splitPayload } from '../../forms/split-payload.ts';
import { useStepForm } from '../../forms/use-step-form.ts';
import { errorMap } from '@koza/domain/steps/validate-step';
import { useBank } from '../../lib/bank-context.tsx';
import {
  afterChildChange,
  childOccupations,
  childPersonalFormFrom,
  childPersonalPayload,
  childWorkplaceKeys,
  childWorkplaceNulls,
  emptyChildPersonalForm,
  type ChildPersonalForm,
} from './child-personal-form.ts';
import styles from '../../forms/personal-sections.module.css';

export const childPersonalText = {
  lead: 'お子さまご本人の情報を入力してください。',
  occupationTitle: 'お子さまのご職業・通学先',
} as const;

/**
 * /child/personal (SPEC.md §2.5, §4, §5): the child's personal data plus occupation
 * (filtered by the child's age), school or workplace and invitation code, checked with the domain's
 * childPersonalSchema; then POST /applications/personal and POST /applications/workplace → Next.
 */
export function ChildPersonalScreen() {
  const slug = 'child-personal';
  const bank = useBank();
  const saved = useStepQuery(slug, savedApplicationQuery);
  const list = useStepQuery(slug, occupationsQuery);
  const [today] = useState(() => new Date());
  const [searching, setSearching] = useState(false);
  const [lookup, setLookup] = useState(false);
  const [ready, setReady] = useState(false);
  const ctx = { today, homePrefecture: bank.homePrefecture, asksDistanceReason: bank.asksDistanceReason, purposeChoices: bank.purposeChoices };
  const occupationOf = (f: ChildPersonalForm) => childOccupations(f, list ?? [], today).find((o) => String(o.id) === f.occupationId);
  const { form, setForm, errors, clearErrors, setFieldError, pending, onSubmit, formEvents, flow } = useStepForm({
    slug,
    initial: () => emptyChildPersonalForm(bank),
    validate: (f: ChildPersonalForm): StepResult<ChildPersonalPayload> => {
      const occupation = occupationOf(f);
      const checked = validateStep(childPersonalSchema({ ...ctx, occupation: occupationContext(occupation) }), childPersonalPayload(f, occupation));
      const unsettled = unsettledCodeErrors({ invitationCode: { input: f.invitationCode, state: f.invitationCodeState } });
      if (checked.ok && unsettled.length === 0) return checked;
      return { ok: false, errors: [...(checked.ok ? [] : checked.errors), ...unsettled] };
    },
    save: async (value) => {
      const { first, second } = splitPayload(value, childWorkplaceKeys);
      await savePersonal(personalSaveBody(bank, first));
      await saveWorkplace({ ...second, ...childWorkplaceNulls });
    },
  });

  const update = (change: (f: ChildPersonalForm) => Partial<ChildPersonalForm>) => setForm((f) => afterChildChange({ ...f, ...change(f) }, list ?? [], today));
  const invitationHandlers = {
    onChange: (change: Partial<ChildPersonalForm>) => update(() => change),
    setError: (message: string | undefined) => setFieldError('invitationCode', message),
    onLookup: setLookup,
    onFail: flow.toError,
  };

  useEffect(() => {
    if (!saved || !list) return;
    const filled = childPersonalFormFrom(saved, bank, list, readEntryCodes().invitation);
    setForm(filled);
    setReady(true);
    // A code of the entry link (not saved yet) is looked up on arrival, as on /workplace (decision 0083).
    if (filled.invitationCode && filled.invitationCodeState.status === 'idle') void applyInvitationCode(filled.invitationCode, invitationHandlers);
    // Filled once, when everything has arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved, list, bank, setForm]);
  const occupation = occupationOf(form);
  const busy = pending || searching || lookup;

  /** A field of the occupation section was left: its own message from the whole form as it is. */
  function checkOnLeave(key: string, patch: Partial<ChildPersonalForm>) {
    const next = { ...form, ...patch };
    const checked = validateStep(
      childPersonalSchema({ ...ctx, occupation: occupationContext(occupationOf(next)) }),
      childPersonalPayload(next, occupationOf(next)),
    );
    setFieldError(key, checked.ok ? undefined : errorMap(checked.errors)[key]);
  }

  return (
    <StepScreen slug={slug} onSubmit={onSubmit} formEvents={formEvents} pending={pending} busy={busy} loading={!ready}>
      <p className={styles.stepLead}>{childPersonalText.lead}</p>
      <PersonalSection
        bank={bank}
        applicationType={flow.type}
        value={form}
        update={update}
        errors={errors}
        clearErrors={clearErrors}
        busy={busy}
        onSearching={setSearching}
        onFail={flow.toError}
      />
      <h2 className={styles.sectionTitle}>{childPersonalText.occupationTitle}</h2>
      <OccupationSection
        occupations={childOccupations(form, list ?? [], today)}
        context={occupationContext(occupation)}
        value={form}
        onChange={(patch) => {
          update(() => patch);
          if ('occupationId' in patch) clearErrors('occupationId');
        }}
        onLeave={checkOnLeave}
        errors={errors}
        locked={false}
      />
      <InvitationCodeField value={form} error={errors.invitationCode} busy={busy} {...invitationHandlers} />
    </StepScreen>
  );
}
