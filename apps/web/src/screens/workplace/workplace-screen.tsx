import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ageOn, parseIsoDate } from '@koza/domain/dates';
import { invitationCodeSchema, normaliseCode, workplaceCodeSchema } from '@koza/domain/fields/codes';
import { isOccupationShownForAge } from '@koza/domain/fields/occupation';
import { normalisePhone } from '@koza/domain/fields/phone';
import { messages } from '@koza/domain/messages';
import { normaliseWorkplaceName } from '@koza/domain/normalise';
import { validateStep } from '@koza/domain/steps/validate-step';
import { padAccountNumber, padBranchCode, workplaceSchema } from '@koza/domain/steps/workplace';
import { validationErrors } from '../../api/client.ts';
import {
  checkInvitationCode,
  getOccupations,
  getSavedApplication,
  lookupWorkplace,
  saveWorkplace,
  savedText,
  type Occupation,
  type SavedApplication,
  type Workplace,
} from '../../api/application.ts';
import { useStepQuery } from '../../api/queries.ts';
import { Button } from '../../components/button.tsx';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { Field, FieldGroup } from '../../components/field.tsx';
import { PhoneField, splitPhone, type PhoneParts } from '../../components/phone-field.tsx';
import { StepScreen } from '../../components/step-screen.tsx';
import { errorMap, focusFirstError, isValidationFailure } from '../../forms/use-step-form.ts';
import { useFlow } from '../../lib/flow.ts';
import { readEntryCodes } from '../../entry/entry-query.ts';
import {
  asksExistingAccount,
  canGoNext,
  emptyWorkplaceForm,
  isCodeSettled,
  occupationContext,
  workplacePayload,
  type WorkplaceForm,
} from './workplace-form.ts';
import styles from './workplace-screen.module.css';

// UI wording of this screen; field messages come from messages.ts.
export const workplaceText = {
  occupation: '職業',
  choose: '選択してください',
  occupationOther: '職業（その他）',
  workplaceName: '勤務先名',
  workplaceNameHint: '学生の方は学校名を入力してください。',
  workplacePhone: '勤務先電話番号',
  workplaceCode: '勤務先コード',
  workplaceCodeHint: 'お勤め先から案内されたコード（6桁または8桁）をお持ちの方は入力して「適用」を押してください。',
  invitationCode: '紹介コード',
  invitationCodeHint: '紹介コード（6桁）をお持ちの方は入力して「適用」を押してください。',
  apply: '適用',
  clear: 'クリア',
  existingAccount: 'すでに当行の口座をお持ちですか？',
  yes: 'はい',
  no: 'いいえ',
  branchCode: '店番',
  accountNumber: '口座番号',
  existingHint: '店番は3桁、口座番号は7桁で入力してください。',
} as const;

type Lookup = 'workplace' | 'invitation';

/** A saved phone not in three parts cannot be shown in the three inputs (SPEC.md §8: error page). */
const isThreeParts = (phone: string): boolean => /^\d+-\d+-\d+$/.test(phone);

interface Loaded {
  application: SavedApplication;
  occupations: Occupation[];
  /** The saved workplace code, looked up again to know its id and whether it permits a second account. */
  workplace: Workplace | null;
}

async function load(signal: AbortSignal): Promise<Loaded> {
  const [application, occupations] = await Promise.all([getSavedApplication(signal), getOccupations(signal)]);
  const code = savedText(application, 'workplaceCode');
  const workplace = code ? await lookupWorkplace(code) : null;
  return { application, occupations, workplace };
}

function formFrom({ application, occupations, workplace }: Loaded): WorkplaceForm {
  const t = (key: keyof SavedApplication) => savedText(application, key);
  const occupation = occupations.find((o) => o.name === t('occupationName'));
  const code = t('workplaceCode');
  const invitation = t('invitationCode');
  const entry = readEntryCodes();
  const form: WorkplaceForm = {
    ...emptyWorkplaceForm,
    occupationId: occupation ? String(occupation.id) : '',
    occupationOther: t('occupationOther'),
    workplaceName: t('workplaceName'),
    workplacePhone: splitPhone(t('workplacePhoneNumber')),
    workplaceCode: code || entry.workplace || '',
    invitationCode: invitation || (code ? '' : (entry.invitation ?? '')),
    invitationCodeState: invitation ? { status: 'verified', applied: invitation } : { status: 'idle' },
  };
  if (code && workplace) {
    form.workplaceCodeState = { status: 'verified', applied: code };
    form.workplace = workplace;
    form.workplaceName = workplace.name;
    form.workplacePhone = splitPhone(workplace.phoneNumber);
    const branch = t('existedAccountBranchCode');
    form.holdsAccount = workplace.multipleAccounts === 'PERMITTED' ? (branch ? 'yes' : 'no') : '';
    form.existedAccountBranchCode = branch;
    form.existedAccountNumber = t('existedAccountNumber');
  }
  return form;
}

/**
 * /workplace (step 2, SPEC.md §2.5, §4, §5): occupation, workplace, workplace and invitation codes,
 * existing account; checked with the domain's workplace schema, then POST → /branch.
 */
export function WorkplaceScreen() {
  const flow = useFlow('workplace');
  const loaded = useStepQuery('workplace', { queryKey: ['workplace-step'], queryFn: ({ signal }) => load(signal), gcTime: 0, staleTime: 0 });
  const [form, setForm] = useState<WorkplaceForm>(emptyWorkplaceForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<'saving' | Lookup | null>(null);
  const [today] = useState(() => new Date());

  const fail = () => flow.toError();

  useEffect(() => {
    if (!loaded) return;
    if (loaded.workplace && !isThreeParts(loaded.workplace.phoneNumber)) {
      fail();
      return;
    }
    setForm(formFrom(loaded));
    if (!savedText(loaded.application, 'workplaceCode') && !savedText(loaded.application, 'invitationCode')) {
      // SPEC.md §2.5, §8: a reminder when no code has been saved yet; closes after 5 s (Toaster).
      toast(messages.codeReminder, { id: 'code-reminder' });
    }
    return () => {
      toast.dismiss('code-reminder');
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  const birthday = loaded ? savedText(loaded.application, 'birthday') : '';
  const age = parseIsoDate(birthday) ? ageOn(birthday, today) : null;
  const occupations = (loaded?.occupations ?? []).filter((o) => o.generalDisplay && (age === null || isOccupationShownForAge(o, age)));
  const occupation = occupations.find((o) => String(o.id) === form.occupationId);
  const ctx = occupationContext(occupation);
  const requirement = ctx?.workplaceRequirement ?? 'NONE';
  const locked = form.workplaceCodeState.status === 'verified' && form.workplace !== null;

  const set = <K extends keyof WorkplaceForm>(key: K, value: WorkplaceForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const clearError = (...keys: string[]) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))));

  async function applyWorkplaceCode() {
    const code = normaliseCode(form.workplaceCode);
    const checked = workplaceCodeSchema.safeParse(code);
    set('workplaceCode', code);
    if (!checked.success) {
      setErrors((e) => ({ ...e, workplaceCode: checked.error.issues[0]?.message ?? messages.workplaceCodeLength }));
      focusFirstError();
      return;
    }
    clearError('workplaceCode', 'workplaceId');
    setPending('workplace');
    try {
      const workplace = await lookupWorkplace(checked.data);
      if (workplace && !isThreeParts(workplace.phoneNumber)) {
        fail();
        return;
      }
      setForm((f) =>
        workplace
          ? {
              ...f,
              workplaceCodeState: { status: 'verified', applied: checked.data },
              workplace,
              workplaceName: workplace.name,
              workplacePhone: splitPhone(workplace.phoneNumber),
              holdsAccount: '',
            }
          : { ...f, workplaceCodeState: { status: 'notFound', applied: checked.data }, workplace: null },
      );
      clearError('workplaceName', 'workplacePhoneNumber');
    } catch {
      fail();
    } finally {
      setPending(null);
    }
  }

  function clearWorkplaceCode() {
    // Clear resets everything the code filled (SPEC.md §4).
    setForm((f) => ({
      ...f,
      workplaceCode: '',
      workplaceCodeState: { status: 'idle' },
      workplaceName: f.workplace ? '' : f.workplaceName,
      workplacePhone: f.workplace ? ['', '', ''] : f.workplacePhone,
      workplace: null,
      holdsAccount: '',
      existedAccountBranchCode: '',
      existedAccountNumber: '',
    }));
    clearError('workplaceCode', 'workplaceId', 'existedAccountBranchCode', 'existedAccountNumber');
  }

  async function applyInvitationCode() {
    const code = normaliseCode(form.invitationCode);
    const checked = invitationCodeSchema.safeParse(code);
    set('invitationCode', code);
    if (!checked.success) {
      setErrors((e) => ({ ...e, invitationCode: checked.error.issues[0]?.message ?? messages.invitationCodeLength }));
      focusFirstError();
      return;
    }
    clearError('invitationCode');
    setPending('invitation');
    try {
      const valid = await checkInvitationCode(checked.data);
      set('invitationCodeState', valid ? { status: 'verified', applied: checked.data } : { status: 'notFound', applied: checked.data });
    } catch {
      fail();
    } finally {
      setPending(null);
    }
  }

  function clearInvitationCode() {
    setForm((f) => ({ ...f, invitationCode: '', invitationCodeState: { status: 'idle' } }));
    clearError('invitationCode');
  }

  const occupationOf = (f: WorkplaceForm) => occupations.find((o) => String(o.id) === f.occupationId);
  const check = (f: WorkplaceForm) =>
    validateStep(
      workplaceSchema({
        occupation: occupationContext(occupationOf(f)),
        multipleAccountsPermitted: asksExistingAccount(f),
        holdsExistingAccount: f.holdsAccount === '' ? null : f.holdsAccount === 'yes',
      }),
      workplacePayload(f, occupationOf(f)),
    );

  /**
   * Next stays disabled until the required inputs are filled (SPEC.md §5), so a field's own message
   * shows when the applicant leaves it.
   */
  function checkOnBlur(key: string, f: WorkplaceForm) {
    const checked = check(f);
    const message = checked.ok ? undefined : errorMap(checked.errors)[key];
    setErrors((e) => {
      const rest = Object.fromEntries(Object.entries(e).filter(([k]) => k !== key));
      return message ? { ...rest, [key]: message } : rest;
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending || !canGoNext(form, occupation)) return;
    const found: Record<string, string> = {};
    if (!isCodeSettled(form.workplaceCode, form.workplaceCodeState)) found.workplaceCode = messages.codeNotConfirmed;
    if (!isCodeSettled(form.invitationCode, form.invitationCodeState)) found.invitationCode = messages.codeNotConfirmed;
    const checked = check(form);
    if (!checked.ok || Object.keys(found).length > 0) {
      setErrors({ ...(checked.ok ? {} : errorMap(checked.errors)), ...found });
      focusFirstError();
      return;
    }
    setErrors({});
    setPending('saving');
    try {
      await saveWorkplace(checked.value);
      flow.next();
    } catch (error) {
      setPending(null);
      if (isValidationFailure(error)) {
        setErrors(errorMap(validationErrors(error)));
        focusFirstError();
      } else {
        fail();
      }
    }
  }

  const codeBox = (state: WorkplaceForm['workplaceCodeState'], foundMessage: string, notFoundMessage: string) =>
    state.status === 'verified' ? (
      <p className={styles.found} role="status">
        {foundMessage}
      </p>
    ) : state.status === 'notFound' ? (
      <div className={styles.notFound} role="alert">
        <ErrorText>{notFoundMessage}</ErrorText>
      </div>
    ) : null;

  const workplaceCodeError = errors.workplaceCode ?? errors.workplaceId;

  return (
    <StepScreen
      slug="workplace"
      onSubmit={(e) => void onSubmit(e)}
      pending={pending === 'saving'}
      busy={pending !== null || !canGoNext(form, occupation)}
      loading={!loaded}
    >
      <Field label={workplaceText.occupation} requirement="required" error={errors.occupationId}>
        {(control) => (
          <select
            {...control}
            value={form.occupationId}
            onChange={(e) => {
              set('occupationId', e.target.value);
              clearError('occupationId');
            }}
            onBlur={() => checkOnBlur('occupationId', form)}
          >
            <option value="">{workplaceText.choose}</option>
            {occupations.map((o) => (
              <option key={o.id} value={String(o.id)}>
                {o.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {ctx?.isOther && (
        <Field label={workplaceText.occupationOther} requirement="required" error={errors.occupationOther}>
          {(control) => (
            <input
              {...control}
              type="text"
              value={form.occupationOther}
              onChange={(e) => set('occupationOther', e.target.value)}
              onBlur={() => checkOnBlur('occupationOther', form)}
            />
          )}
        </Field>
      )}

      {requirement !== 'NONE' && (
        <>
          <Field
            label={workplaceText.workplaceName}
            requirement={requirement === 'REQUIRED' ? 'required' : 'optional'}
            hint={requirement === 'OPTIONAL' ? workplaceText.workplaceNameHint : undefined}
            error={errors.workplaceName}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="organization"
                readOnly={locked}
                value={form.workplaceName}
                onChange={(e) => set('workplaceName', e.target.value)}
                onBlur={() => {
                  if (locked) return;
                  const next = { ...form, workplaceName: normaliseWorkplaceName(form.workplaceName) };
                  setForm(next);
                  checkOnBlur('workplaceName', next);
                }}
              />
            )}
          </Field>
          <div
            onBlur={(e) => {
              // Checked once focus leaves the three inputs, not between them.
              if (!locked && !e.currentTarget.contains(e.relatedTarget as Node | null)) checkOnBlur('workplacePhoneNumber', form);
            }}
          >
          <PhoneField
            label={workplaceText.workplacePhone}
            requirement={requirement === 'REQUIRED' ? 'required' : 'optional'}
            value={form.workplacePhone}
            readOnly={locked}
            onChange={(v) => set('workplacePhone', v)}
            onBlur={(index) =>
              setForm((f) => {
                const next: PhoneParts = [...f.workplacePhone];
                next[index] = normalisePhone(next[index] ?? '');
                return { ...f, workplacePhone: next };
              })
            }
            error={errors.workplacePhoneNumber}
          />
          </div>
        </>
      )}

      <FieldGroup label={workplaceText.workplaceCode} requirement="optional" hint={workplaceText.workplaceCodeHint} error={workplaceCodeError}>
        <div className={styles.codeRow}>
          <input
            type="text"
            inputMode="text"
            autoCapitalize="characters"
            autoComplete="off"
            aria-label={workplaceText.workplaceCode}
            aria-invalid={workplaceCodeError ? true : undefined}
            maxLength={8}
            value={form.workplaceCode}
            readOnly={locked}
            onChange={(e) => set('workplaceCode', e.target.value)}
            onBlur={() => setForm((f) => ({ ...f, workplaceCode: normaliseCode(f.workplaceCode) }))}
          />
          <Button variant="secondary" pending={pending === 'workplace'} disabled={pending !== null || locked} onClick={() => void applyWorkplaceCode()}>
            {workplaceText.apply}
          </Button>
          <Button variant="secondary" disabled={pending !== null} onClick={clearWorkplaceCode}>
            {workplaceText.clear}
          </Button>
        </div>
        {codeBox(form.workplaceCodeState, messages.workplaceCodeFound, messages.workplaceCodeNotFound)}
      </FieldGroup>

      {asksExistingAccount(form) && (
        <div className={styles.existing}>
          <ChoiceGroup
            legend={workplaceText.existingAccount}
            inline
            options={[
              { value: 'yes', label: workplaceText.yes },
              { value: 'no', label: workplaceText.no },
            ]}
            value={form.holdsAccount === '' ? undefined : form.holdsAccount}
            onChange={(v) => set('holdsAccount', v)}
          />
          {form.holdsAccount === 'yes' && (
            <FieldGroup
              label={`${workplaceText.branchCode}・${workplaceText.accountNumber}`}
              requirement="required"
              hint={workplaceText.existingHint}
              error={errors.existedAccountBranchCode ?? errors.existedAccountNumber}
            >
              <div className={styles.accountRow}>
                <label className={styles.part}>
                  <span>{workplaceText.branchCode}</span>
                  <input
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    aria-label={workplaceText.branchCode}
                    aria-invalid={errors.existedAccountBranchCode ? true : undefined}
                    maxLength={3}
                    value={form.existedAccountBranchCode}
                    onChange={(e) => set('existedAccountBranchCode', e.target.value)}
                    onBlur={() => setForm((f) => ({ ...f, existedAccountBranchCode: f.existedAccountBranchCode ? padBranchCode(f.existedAccountBranchCode) : '' }))}
                  />
                </label>
                <label className={styles.part}>
                  <span>{workplaceText.accountNumber}</span>
                  <input
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    aria-label={workplaceText.accountNumber}
                    aria-invalid={errors.existedAccountNumber ? true : undefined}
                    maxLength={7}
                    value={form.existedAccountNumber}
                    onChange={(e) => set('existedAccountNumber', e.target.value)}
                    onBlur={() => setForm((f) => ({ ...f, existedAccountNumber: f.existedAccountNumber ? padAccountNumber(f.existedAccountNumber) : '' }))}
                  />
                </label>
              </div>
            </FieldGroup>
          )}
        </div>
      )}

      <FieldGroup label={workplaceText.invitationCode} requirement="optional" hint={workplaceText.invitationCodeHint} error={errors.invitationCode}>
        <div className={styles.codeRow}>
          <input
            type="text"
            autoCapitalize="characters"
            autoComplete="off"
            aria-label={workplaceText.invitationCode}
            aria-invalid={errors.invitationCode ? true : undefined}
            maxLength={6}
            value={form.invitationCode}
            readOnly={form.invitationCodeState.status === 'verified'}
            onChange={(e) => set('invitationCode', e.target.value)}
            onBlur={() => setForm((f) => ({ ...f, invitationCode: normaliseCode(f.invitationCode) }))}
          />
          <Button
            variant="secondary"
            pending={pending === 'invitation'}
            disabled={pending !== null || form.invitationCodeState.status === 'verified'}
            onClick={() => void applyInvitationCode()}
          >
            {workplaceText.apply}
          </Button>
          <Button variant="secondary" disabled={pending !== null} onClick={clearInvitationCode}>
            {workplaceText.clear}
          </Button>
        </div>
        {codeBox(form.invitationCodeState, messages.invitationCodeFound, messages.invitationCodeNotFound)}
      </FieldGroup>
    </StepScreen>
  );
}
