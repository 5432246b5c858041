import { useId } from 'react';
import type { ApplicationType } from '@koza/domain/constants';
import type { PageSlug } from '@koza/domain/flows';
import { Screen } from '../../components/screen.tsx';
import { ButtonBar } from '../../components/button-bar.tsx';
import { Button } from '../../components/button.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { Spinner } from '../../components/spinner.tsx';
import entry from '../../forms/mail-code-entry.module.css';
import { useBank } from '../../lib/bank-context.tsx';
import { useFlow } from '../../lib/flow.ts';
import { pageTitles } from '@koza/domain/flows';
import { useMailVerification } from './use-mail-verification.ts';
import { canVerify } from './verification-state.ts';
import { VerificationHelp } from './verification-help.tsx';
import { CodeFields, MailAddressFields } from './verification-fields.tsx';
import { verificationText } from './verification-text.ts';

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
  const formId = useId();
  const verification = useMailVerification(bank, type, flow);
  const { state, dispatch, send } = verification;

  const status = state.pending === 'sending' ? verificationText.sending : state.pending === 'verifying' ? verificationText.verifying : null;

  return (
    <Screen
      title={pageTitles[slug]}
      actions={
        // Keyed by the step (like the help below): the code step is a screen of its own, shown when the
        // mail has gone out, often more than 0.5 s after Send; its bar and help come with it rather
        // than jumping from where the address step had them (a layout shift, issue 45).
        <ButtonBar key={state.step} row={state.step === 'code'}>
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
      <form id={formId} noValidate onSubmit={verification.onSubmit} className={entry.form}>
        <h2 ref={verification.refs.stepHeadingRef} tabIndex={-1} className={entry.stepTitle}>
          {state.step === 'address' ? verificationText.addressStep : verificationText.codeStep}
        </h2>
        {state.step === 'address' ? <MailAddressFields verification={verification} /> : <CodeFields verification={verification} />}
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
        key={state.step}
        domain={bank.domain}
        mailHelp={bank.links.mailHelp}
        resend={state.step === 'code' ? { pending: state.pending === 'sending', disabled: state.pending !== null, onClick: () => void send() } : undefined}
      />
    </Screen>
  );
}
