import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { normaliseCode } from '@koza/domain/fields/codes';
import { messages } from '@koza/domain/messages';
import type { StepResult } from '@koza/domain/steps/validate-step';
import type { WorkplacePayload } from '@koza/domain/steps/workplace';
import { lookupWorkplace, saveWorkplace, savedText, type Occupation } from '../../api/application.ts';
import { occupationsQuery, savedApplicationQuery, useStepQuery } from '../../api/queries.ts';
import { toast } from '../../components/toast.ts';
import { StepScreen } from '../../components/step-screen.tsx';
import { unsettledCodeErrors } from '../../forms/code-field.tsx';
import { ExistingAccountSection } from '../../forms/existing-account-section.tsx';
import { applyInvitationCode, InvitationCodeField } from '../../forms/invitation-code-field.tsx';
import { OccupationSection, occupationContext } from '../../forms/occupation-section.tsx';
import { useStepForm } from '../../forms/use-step-form.ts';
import { errorMap } from '@koza/domain/steps/validate-step';
import { readEntryCodes } from '../../entry/entry-query.ts';
import {
  allowedOccupations,
  asksExistingAccount,
  canGoNext,
  checkWorkplace,
  emptyWorkplaceForm,
  workplaceFormFrom,
  type WorkplaceForm,
} from './workplace-form.ts';
import { isThreeParts, workplaceCodeActions, WorkplaceCodeField } from './workplace-code.tsx';

type Lookup = 'workplace' | 'invitation';

/** The step's check on Next: the domain's workplace rules, and no code typed but left unapplied (or not found). */
function checkWorkplaceStep(f: WorkplaceForm, occupation: Occupation | undefined): StepResult<WorkplacePayload> {
  const checked = checkWorkplace(f, occupation);
  const unsettled = unsettledCodeErrors({
    workplaceCode: { input: f.workplaceCode, state: f.workplaceCodeState },
    invitationCode: { input: f.invitationCode, state: f.invitationCodeState },
  });
  if (checked.ok && unsettled.length === 0) return checked;
  return { ok: false, errors: [...(checked.ok ? [] : checked.errors), ...unsettled] };
}

/**
 * /workplace (SPEC.md §2.5, §4, §5): occupation, workplace, workplace and invitation codes,
 * existing account; checked with the domain's workplace schema, then POST → the flow's next page.
 */
export function WorkplaceScreen() {
  const slug = 'workplace';
  const application = useStepQuery(slug, savedApplicationQuery);
  const occupationList = useStepQuery(slug, occupationsQuery);
  // The saved workplace code, looked up again to know its id and whether it permits a second account.
  const savedCode = application ? savedText(application, 'workplaceCode') : '';
  const savedWorkplace = useQuery({ queryKey: ['workplace', savedCode], queryFn: () => lookupWorkplace(savedCode), enabled: savedCode !== '' });
  const [today] = useState(() => new Date());
  const [lookup, setLookup] = useState<Lookup | null>(null);

  const birthday = application ? savedText(application, 'birthday') : '';
  const { form, setForm, set, errors, setFieldError, clearErrors, pending, onSubmit, formEvents, flow } = useStepForm({
    slug,
    initial: emptyWorkplaceForm,
    validate: (f): StepResult<WorkplacePayload> => checkWorkplaceStep(f, occupationOf(f)),
    save: saveWorkplace,
  });
  const occupations = occupationList && application ? allowedOccupations(occupationList, flow.type, birthday, today) : [];
  const occupationOf = (f: WorkplaceForm) => occupations.find((o) => String(o.id) === f.occupationId);
  const occupation = occupationOf(form);
  const locked = form.workplaceCodeState.status === 'verified' && form.workplace !== null;
  const loaded = application && occupationList && (savedCode === '' || savedWorkplace.isSuccess);
  const fail = flow.toError;

  useEffect(() => {
    if (savedWorkplace.isError) fail();
  }, [savedWorkplace.isError, fail]);

  useEffect(() => {
    if (!loaded) return;
    const workplace = savedCode ? (savedWorkplace.data ?? null) : null;
    if (workplace && !isThreeParts(workplace.phoneNumber)) {
      fail();
      return;
    }
    const filled = workplaceFormFrom(application, occupationList, workplace, readEntryCodes());
    setForm(filled);
    // Codes that came with the entry link (not saved yet) are looked up on arrival, as if 適用 was
    // pressed, and shown applied or not found (SPEC.md §3, §4).
    void (async () => {
      if (filled.workplaceCode && filled.workplaceCodeState.status === 'idle') await workplaceCode.apply(filled.workplaceCode);
      if (filled.invitationCode && filled.invitationCodeState.status === 'idle') await applyInvitationCode(filled.invitationCode, invitationHandlers);
    })();
    if (!savedText(application, 'workplaceCode') && !savedText(application, 'invitationCode')) {
      // SPEC.md §2.5, §8: a reminder when no code has been saved yet; closes after 5 s (Toaster).
      toast(messages.codeReminder, { id: 'code-reminder' });
    }
    return () => {
      toast.dismiss('code-reminder');
    };
    // Filled once, when everything has arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  const invitationHandlers = {
    onChange: (change: Partial<WorkplaceForm>) => setForm((f) => ({ ...f, ...change })),
    setError: (message: string | undefined) => setFieldError('invitationCode', message),
    onLookup: (running: boolean) => setLookup(running ? 'invitation' : null),
    onFail: fail,
  };
  const workplaceCode = workplaceCodeActions({
    form,
    setForm,
    set,
    setFieldError,
    clearErrors,
    onLookup: (running) => setLookup(running ? 'workplace' : null),
    fail,
  });

  /** Next stays disabled until the required inputs are filled (SPEC.md §5), so a field's own message shows when it is left. */
  function checkOnLeave(key: string, patch: Partial<WorkplaceForm>) {
    const next = { ...form, ...patch };
    const checked = checkWorkplace(next, occupationOf(next));
    setFieldError(key, checked.ok ? undefined : errorMap(checked.errors)[key]);
  }

  const busy = pending || lookup !== null;
  return (
    <StepScreen
      slug={slug}
      onSubmit={(e) => (busy || !canGoNext(form, occupation) ? e.preventDefault() : onSubmit(e))}
      formEvents={formEvents}
      pending={pending}
      busy={busy || !canGoNext(form, occupation)}
      loading={!loaded}
    >
      <OccupationSection
        occupations={occupations}
        context={occupationContext(occupation)}
        value={form}
        onChange={(patch) => {
          setForm((f) => ({ ...f, ...patch }));
          if ('occupationId' in patch) clearErrors('occupationId');
        }}
        onLeave={checkOnLeave}
        errors={errors}
        locked={locked}
      />
      <WorkplaceCodeField
        form={form}
        error={errors.workplaceCode ?? errors.workplaceId}
        locked={locked}
        applying={lookup === 'workplace'}
        busy={lookup !== null || pending}
        onChange={(v) => set('workplaceCode', v)}
        onBlur={() => setForm((f) => ({ ...f, workplaceCode: normaliseCode(f.workplaceCode) }))}
        onApply={() => void workplaceCode.apply()}
        onClear={workplaceCode.clear}
      />
      {asksExistingAccount(form) && <ExistingAccountSection value={form} onChange={(patch) => setForm((f) => ({ ...f, ...patch }))} errors={errors} />}
      <InvitationCodeField value={form} error={errors.invitationCode} busy={lookup !== null || pending} {...invitationHandlers} />
    </StepScreen>
  );
}
