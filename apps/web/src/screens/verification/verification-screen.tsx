import { useEffect, useId, useReducer, useRef, type FormEvent } from 'react';
import type { ApplicationType } from '@koza/domain/constants';
import type { PageSlug } from '@koza/domain/flows';
import { messages } from '@koza/domain/messages';
import { normaliseVerificationCode } from '@koza/domain/normalise';
import { normaliseMail } from '@koza/domain/fields/mail';
import { validateStep } from '@koza/domain/steps/validate-step';
import { verificationMailSchema } from '@koza/domain/steps/verification-mail';
import { verificationCodeStepSchema } from '@koza/domain/steps/verification-code';
import { ApiCallError } from '../../api/client.ts';
import { validationErrors } from '../../api/validation-errors.ts';
import { registerVerificationCode, verifyVerificationCode } from '../../api/verification.ts';
import { Screen } from '../../components/screen.tsx';
import { ButtonBar } from '../../components/button-bar.tsx';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { mailedCodeInputAttributes, mailInputAttributes } from '../../forms/mail-code-entry.ts';
import entry from '../../forms/mail-code-entry.module.css';
import { useBank } from '../../lib/bank-context.tsx';
import { useFlow } from '../../lib/flow.ts';
import { pageTitles } from '@koza/domain/flows';
import { session, sessionKeys } from '../../lib/session.ts';
import { canVerify, initialVerificationState, storedVerification, verificationReducer } from './verification-state.ts';
import { VerificationHelp } from './verification-help.tsx';
import { verificationText } from './verification-text.ts';
import styles from './verification-screen.module.css';

export { verificationText };

interface VerificationScreenProps {
  slug: Extract<PageSlug, 'verification' | 'child-verification'>;
  type: ApplicationType;
}

/**
 * /verification and /child/verification (SPEC.md §2.5, §4, §7, §8): the mail address is checked with
 * the domain's mail schema and a code is sent to it; the code is verified and the token kept in
 * session storage; then on to the flow's personal page.
 */
export function VerificationScreen({ slug, type }: VerificationScreenProps) {
  const bank = useBank();
  const flow = useFlow(slug);
  const [state, dispatch] = useReducer(verificationReducer, undefined, () => initialVerificationState(session.getJson(sessionKeys.verification)));
  const formId = useId();
  const mailInputRef = useRef<HTMLInputElement>(null);
  const codeInputRef = useRef<HTMLInputElement>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const stepShown = useRef(state.step);

  useEffect(() => {
    session.setJson(sessionKeys.verification, storedVerification(state));
  }, [state]);

  // A new step is announced from its heading (the screen's h1 has the focus on arrival).
  useEffect(() => {
    if (stepShown.current === state.step) return;
    stepShown.current = state.step;
    stepHeadingRef.current?.focus();
  }, [state.step]);

  const failTo = () => {
    dispatch({ type: 'failed' });
    flow.toError();
  };

  async function send() {
    const checked = validateStep(verificationMailSchema, { mailAddress: state.mailAddress });
    if (!checked.ok) {
      dispatch({ type: 'mailRejected', message: checked.errors[0]?.message ?? messages.mailInvalid });
      requestAnimationFrame(() => mailInputRef.current?.focus());
      return;
    }
    const mailAddress = checked.value.mailAddress;
    dispatch({ type: 'sendStarted' });
    try {
      await registerVerificationCode({ bankCode: bank.code, mailAddress, applicationType: type });
      dispatch({ type: 'sent', mailAddress });
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 400) {
        const message = validationErrors(error).find((e) => e.field === 'mailAddress')?.message ?? messages.mailInvalid;
        dispatch({ type: 'mailRejected', message });
        requestAnimationFrame(() => mailInputRef.current?.focus());
      } else if (error instanceof ApiCallError && error.status === 429) {
        dispatch({ type: 'rateLimited' });
      } else if (!(error instanceof ApiCallError && error.status === 401)) {
        failTo();
      }
    }
  }

  async function verify() {
    const verificationCode = normaliseVerificationCode(state.code);
    const checked = validateStep(verificationCodeStepSchema, { verificationCode });
    if (!checked.ok) {
      dispatch({ type: 'codeRejected', message: checked.errors[0]?.message ?? messages.verificationFailed });
      requestAnimationFrame(() => codeInputRef.current?.focus());
      return;
    }
    dispatch({ type: 'verifyStarted' });
    try {
      const token = await verifyVerificationCode({
        bankCode: bank.code,
        mailAddress: state.mailAddress,
        verificationCode: checked.value.verificationCode,
        channel: session.getChannel(),
        deviceId: session.getDeviceId(),
        applicationType: type,
      });
      session.setToken(token);
      dispatch({ type: 'verified' });
      flow.next();
    } catch (error) {
      if (error instanceof ApiCallError && (error.status === 400 || error.status === 401)) {
        dispatch({ type: 'codeRejected', message: messages.verificationFailed });
        requestAnimationFrame(() => codeInputRef.current?.focus());
      } else if (error instanceof ApiCallError && error.status === 429) {
        dispatch({ type: 'rateLimited' });
      } else {
        // SPEC.md §8: any other verify failure clears the device id and ends on the error page.
        session.clearDeviceId();
        failTo();
      }
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (state.pending) return;
    if (state.step === 'address') void send();
    else if (canVerify(state)) void verify();
  };

  const status = state.pending === 'sending' ? verificationText.sending : state.pending === 'verifying' ? verificationText.verifying : null;

  return (
    <Screen
      title={pageTitles[slug]}
      actions={
        <ButtonBar row={state.step === 'code'}>
          {state.step === 'code' && (
            <Button variant="secondary" disabled={state.pending !== null} onClick={() => dispatch({ type: 'back' })}>
              {verificationText.back}
            </Button>
          )}
          {state.step === 'address' ? (
            <Button type="submit" form={formId} pending={state.pending === 'sending'}>
              {verificationText.send}
            </Button>
          ) : (
            <Button type="submit" form={formId} pending={state.pending === 'verifying'} disabled={!canVerify(state)}>
              {verificationText.next}
            </Button>
          )}
        </ButtonBar>
      }
    >
      {state.notice && (
        <div className={entry.notice} role="alert">
          <ErrorText>{state.notice}</ErrorText>
        </div>
      )}
      <form id={formId} noValidate onSubmit={onSubmit} className={entry.form}>
        {state.step === 'address' ? (
          <>
            <h2 ref={stepHeadingRef} tabIndex={-1} className={entry.stepTitle}>
              {verificationText.addressStep}
            </h2>
            <p className={entry.lead}>{verificationText.addressLead}</p>
            <Field label={verificationText.mailLabel} requirement="required" error={state.mailError ?? undefined}>
              {(control) => (
                <input
                  {...control}
                  ref={mailInputRef}
                  {...mailInputAttributes}
                  placeholder={verificationText.mailPlaceholder}
                  value={state.mailAddress}
                  readOnly={state.pending !== null}
                  onChange={(e) => dispatch({ type: 'mailChanged', value: e.target.value })}
                  onBlur={(e) => dispatch({ type: 'mailChanged', value: normaliseMail(e.target.value) })}
                />
              )}
            </Field>
          </>
        ) : (
          <>
            <h2 ref={stepHeadingRef} tabIndex={-1} className={entry.stepTitle}>
              {verificationText.codeStep}
            </h2>
            <dl className={styles.sentTo}>
              <dt>{verificationText.sentTo}</dt>
              <dd>{state.mailAddress}</dd>
            </dl>
            <p className={entry.lead}>{verificationText.codeLead}</p>
            {state.resent && (
              <p className={styles.resent} role="status">
                {verificationText.resent}
              </p>
            )}
            <Field label={verificationText.codeLabel} requirement="required" error={state.codeError ?? undefined}>
              {(control) => (
                <input
                  {...control}
                  ref={codeInputRef}
                  {...mailedCodeInputAttributes}
                  className={entry.code}
                  value={state.code}
                  readOnly={state.pending !== null}
                  onChange={(e) => dispatch({ type: 'codeChanged', value: e.target.value })}
                  onBlur={() => dispatch({ type: 'codeBlurred' })}
                />
              )}
            </Field>
          </>
        )}
      </form>
      <div className={entry.status} role="status" aria-live="polite">
        {status && (
          <>
            <Spinner />
            <span>{status}</span>
          </>
        )}
      </div>
      <VerificationHelp
        domain={bank.domain}
        mailHelp={bank.links.mailHelp}
        resend={state.step === 'code' ? { pending: state.pending === 'sending', disabled: state.pending !== null, onClick: () => void send() } : undefined}
      />
    </Screen>
  );
}
