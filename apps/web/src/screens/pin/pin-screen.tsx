import { useRef, useState, type FormEvent } from 'react';
import type { PageSlug } from '@koza/domain/flows';
import { pinRuleMessages, pinViolations, type PinContext, type PinRuleId } from '@koza/domain/pin-rules';
import { pinLength } from '@koza/domain/steps/pin-entry';
import { ApiCallError } from '../../api/client.ts';
import { validationErrors } from '../../api/validation-errors.ts';
import { getPublicKey, setPin } from '../../api/application.ts';
import { pinContextQuery, useStepQuery } from '../../api/queries.ts';
import { useFlow } from '../../lib/flow.ts';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { StepScreen } from '../../components/step-screen.tsx';
import { focusFirstError, isValidationFailure } from '../../forms/use-step-form.ts';
import { errorMap } from '@koza/domain/steps/validate-step';
import { encryptPin } from './encrypt-pin.ts';
import styles from './pin-screen.module.css';

export const pinText = {
  lead: `キャッシュカードの暗証番号（${pinLength}桁の数字）を決めて、2回入力してください。`,
  rules: '同じ数字4つ、生年月日、電話番号の下4桁、住所の番地などの数字は、他人に推測されやすいため設定できません。',
  /** The child flow: the parent's birthday and phones count too (decision 0154). */
  childRules: '同じ数字4つ、お子さま・親権者さまの生年月日、電話番号の下4桁、住所の番地などの数字は、他人に推測されやすいため設定できません。',
  pin: '暗証番号',
  confirmation: '暗証番号（確認用）',
  set: '暗証番号を設定する',
  modalTitle: '暗証番号の設定',
  modalBody: '暗証番号を設定すると、これまでの入力内容は後から修正できなくなります。よろしければ「OK」を押してください。',
  ok: 'OK',
  cancel: 'キャンセル',
} as const;

type Key = 'pin' | 'pinConfirmation';

/** Where each rule's message shows: the mismatch under the second entry, the rest under the first. */
const fieldOfRule = (rule: PinRuleId): Key => (rule === 'mismatch' ? 'pinConfirmation' : 'pin');

/**
 * Every PIN rule of SPEC.md §5 (pin-rules.ts) against the saved application (and the parent's data for
 * a child application), by field, first message per field; the button is enabled only when there are
 * none, so a PIN the server would refuse never reaches the irreversible warning modal. The format
 * message shows before the mismatch: an entry that is not 4 digits is fixed first.
 */
export function pinEntryErrors(pin: string, pinConfirmation: string, context: PinContext | null): Partial<Record<Key, string>> {
  const out: Partial<Record<Key, string>> = {};
  const rules = pinViolations(pin, pinConfirmation, context ?? {});
  if (!/^\d{4}$/.test(pinConfirmation) && !rules.includes('mismatch')) out.pinConfirmation = pinRuleMessages.format;
  for (const rule of rules) out[fieldOfRule(rule)] ??= pinRuleMessages[rule];
  return out;
}

/**
 * /pin (SPEC.md §2.5, §4, §5, §7): two entries checked against every PIN rule and the saved
 * application; the warning modal's OK encrypts the PIN with the API's public key and submits it once
 * → the flow's next page. The API checks the rules again (a 400 shows its message under the PIN).
 */
export function PinScreen({ slug }: { slug: Extract<PageSlug, 'pin' | 'child-pin'> }) {
  const flow = useFlow(slug);
  const [values, setValues] = useState<Record<Key, string>>({ pin: '', pinConfirmation: '' });
  const [touched, setTouched] = useState<Record<Key, boolean>>({ pin: false, pinConfirmation: false });
  const [serverError, setServerError] = useState<string>();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  // A ref, not state: two taps in the same frame must not both submit (SPEC.md §4).
  const submitting = useRef(false);

  const context = useStepQuery(slug, pinContextQuery);
  const entryErrors = pinEntryErrors(values.pin, values.pinConfirmation, context ?? null);
  const valid = context !== undefined && Object.keys(entryErrors).length === 0;
  const shown = (key: Key): string | undefined =>
    (key === 'pin' ? serverError : undefined) ?? (touched[key] && values[key] !== '' ? entryErrors[key] : undefined);

  const change = (key: Key, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerError(undefined);
    // A complete entry is checked at once: the mismatch, and every rule against the saved data.
    if (value.length >= pinLength) setTouched((t) => ({ ...t, [key]: true }));
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!valid) {
      setTouched({ pin: true, pinConfirmation: true });
      focusFirstError();
      return;
    }
    setOpen(true);
  }

  async function confirm() {
    if (submitting.current) return;
    submitting.current = true;
    setPending(true);
    try {
      const keyCode = await getPublicKey();
      const code = await encryptPin(values.pin, keyCode);
      await setPin(code);
      flow.next();
    } catch (error) {
      setPending(false);
      setOpen(false);
      submitting.current = false;
      if (isValidationFailure(error)) {
        setServerError(errorMap(validationErrors(error)).code ?? validationErrors(error)[0]?.message);
        focusFirstError();
      } else if (!(error instanceof ApiCallError && error.status === 401)) {
        flow.toError();
      }
    }
  }

  const input = (key: Key) =>
    function render(control: { id: string; 'aria-describedby': string | undefined; 'aria-invalid': boolean | undefined }) {
      return (
        <input
          {...control}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={pinLength}
          className={styles.pin}
          value={values[key]}
          onChange={(e) => change(key, e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, [key]: true }))}
        />
      );
    };

  const warning = (
    <Modal
      open={open}
      title={pinText.modalTitle}
      onClose={pending ? undefined : () => setOpen(false)}
      actions={
        <>
          <Button pending={pending} onClick={() => void confirm()}>
            {pinText.ok}
          </Button>
          <Button variant="secondary" disabled={pending} onClick={() => setOpen(false)}>
            {pinText.cancel}
          </Button>
        </>
      }
    >
      <p>{pinText.modalBody}</p>
    </Modal>
  );

  return (
    <StepScreen slug={slug} onSubmit={onSubmit} nextLabel={pinText.set} pending={pending} busy={!valid} loading={context === undefined} after={warning}>
      <p className={styles.lead}>{pinText.lead}</p>
      <p className={styles.rules}>{flow.type === 'CHILD' ? pinText.childRules : pinText.rules}</p>
      <Field label={pinText.pin} requirement="required" error={shown('pin')} id="pin">
        {input('pin')}
      </Field>
      <Field label={pinText.confirmation} requirement="required" error={shown('pinConfirmation')} id="pin-confirmation">
        {input('pinConfirmation')}
      </Field>
    </StepScreen>
  );
}
