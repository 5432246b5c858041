import { normaliseMail } from '@koza/domain/fields/mail';
import { Field } from '../../components/field.tsx';
import { mailedCodeInputAttributes, mailInputAttributes } from '../../forms/mail-code-entry.ts';
import entry from '../../forms/mail-code-entry.module.css';
import type { MailVerification } from './use-mail-verification.ts';
import { verificationText } from './verification-text.ts';
import styles from './verification-screen.module.css';

/** The first step's input: the mail address the code is sent to. */
export function MailAddressFields({ verification: { state, dispatch, refs } }: { verification: MailVerification }) {
  return (
    <>
      <p className={entry.lead}>{verificationText.addressLead}</p>
      <Field label={verificationText.mailLabel} requirement="required" error={state.mailError ?? undefined}>
        {(control) => (
          <input
            {...control}
            ref={refs.mailInputRef}
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
  );
}

/** The second step's: where the code went, and the code. */
export function CodeFields({ verification: { state, dispatch, refs } }: { verification: MailVerification }) {
  return (
    <>
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
            ref={refs.codeInputRef}
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
  );
}
