import type { Dispatch, SetStateAction } from 'react';
import { workplaceCodeLengths } from '@koza/domain/constants';
import { normaliseCode, workplaceCodeSchema } from '@koza/domain/fields/codes';
import { messages } from '@koza/domain/messages';
import { lookupWorkplace, type Workplace } from '../../api/application.ts';
import { CodeField } from '../../forms/code-field.tsx';
import { occupationPayloadKeys, workplaceEntryOf } from '../../forms/occupation-section.tsx';
import { focusFirstError } from '../../forms/use-step-form.ts';
import type { WorkplaceForm } from './workplace-form.ts';

// UI wording of the workplace code; field messages come from messages.ts.
export const workplaceText = {
  workplaceCode: '勤務先コード',
  workplaceCodeHint: 'お勤め先から案内されたコード（6桁または8桁）をお持ちの方は入力して「適用」を押してください。',
} as const;

/** A saved phone not in three parts cannot be shown in the three inputs (SPEC.md §8: error page). */
export const isThreeParts = (phone: string): boolean => /^\d+-\d+-\d+$/.test(phone);

/** What applying and clearing the code need of the screen's form. */
interface WorkplaceCodeForm {
  form: WorkplaceForm;
  setForm: Dispatch<SetStateAction<WorkplaceForm>>;
  set: <K extends keyof WorkplaceForm>(key: K, value: WorkplaceForm[K]) => void;
  setFieldError: (key: string, message: string | undefined) => void;
  clearErrors: (...keys: string[]) => void;
  /** The lookup runs (true) or has ended (false). */
  onLookup: (running: boolean) => void;
  fail: () => void;
}

/**
 * 適用 and クリア of the workplace code: the code is checked, looked up and, when found, fills the
 * workplace (name and phone, locked); clearing resets everything the code filled (SPEC.md §4).
 */
export function workplaceCodeActions({ form, setForm, set, setFieldError, clearErrors, onLookup, fail }: WorkplaceCodeForm) {
  function applyWorkplace(code: string, workplace: Workplace | null) {
    if (workplace && !isThreeParts(workplace.phoneNumber)) {
      fail();
      return;
    }
    setForm((f) =>
      workplace
        ? { ...f, workplaceCodeState: { status: 'verified', applied: code }, workplace, ...workplaceEntryOf(workplace), holdsAccount: '' }
        : { ...f, workplaceCodeState: { status: 'notFound', applied: code }, workplace: null },
    );
    clearErrors(...occupationPayloadKeys.filter((key) => key.startsWith('workplace')));
  }

  async function apply(input?: string) {
    const code = normaliseCode(input ?? form.workplaceCode);
    const checked = workplaceCodeSchema.safeParse(code);
    set('workplaceCode', code);
    if (!checked.success) {
      setFieldError('workplaceCode', checked.error.issues[0]?.message);
      focusFirstError();
      return;
    }
    clearErrors('workplaceCode', 'workplaceId');
    onLookup(true);
    try {
      applyWorkplace(checked.data, await lookupWorkplace(checked.data));
    } catch {
      fail();
    } finally {
      onLookup(false);
    }
  }

  function clear() {
    // Clear resets everything the code filled (SPEC.md §4).
    setForm((f) => ({
      ...f,
      workplaceCode: '',
      workplaceCodeState: { status: 'idle' },
      ...(f.workplace ? workplaceEntryOf({ name: '', phoneNumber: '' }) : {}),
      workplace: null,
      holdsAccount: '',
      existedAccountBranchCode: '',
      existedAccountNumber: '',
    }));
    clearErrors('workplaceCode', 'workplaceId', 'existedAccountBranchCode', 'existedAccountNumber');
  }

  return { apply, clear };
}

/** The workplace code's field with 適用 and クリア; read-only once applied. */
export function WorkplaceCodeField({
  form,
  error,
  locked,
  applying,
  busy,
  onChange,
  onBlur,
  onApply,
  onClear,
}: {
  form: WorkplaceForm;
  error: string | undefined;
  locked: boolean;
  applying: boolean;
  busy: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
  onApply: () => void;
  onClear: () => void;
}) {
  return (
    <CodeField
      label={workplaceText.workplaceCode}
      hint={workplaceText.workplaceCodeHint}
      inputMode="text"
      value={form.workplaceCode}
      state={form.workplaceCodeState}
      maxLength={Math.max(...workplaceCodeLengths)}
      error={error}
      readOnly={locked}
      applying={applying}
      busy={busy}
      found={messages.workplaceCodeFound}
      notFound={messages.workplaceCodeNotFound}
      onChange={onChange}
      onBlur={onBlur}
      onApply={onApply}
      onClear={onClear}
    />
  );
}
