import { statusText } from '@koza/domain/application-status';
import type { BankCode } from '@koza/domain/constants';
import { normaliseMail } from '@koza/domain/fields/mail';
import { Field } from '../../components/field.tsx';
import { mailedCodeInputAttributes, mailInputAttributes } from '../../forms/mail-code-entry.ts';
import entry from '../../forms/mail-code-entry.module.css';
import type { StatusLookup } from './use-status-lookup.ts';

/** The first step's inputs: the application's mail address and receipt number. */
export function LookupFields({ lookup, bankCode }: { lookup: StatusLookup; bankCode: BankCode }) {
  const { errors, pending } = lookup;
  return (
    <>
      <p className={entry.lead}>{statusText.lookupLead}</p>
      <Field label={statusText.mailLabel} requirement="required" error={errors.mailAddress}>
        {(control) => (
          <input
            {...control}
            ref={lookup.refs.firstInput}
            {...mailInputAttributes}
            value={lookup.mailAddress}
            readOnly={pending !== null}
            onChange={(e) => lookup.setMailAddress(e.target.value)}
            onBlur={(e) => lookup.setMailAddress(normaliseMail(e.target.value))}
          />
        )}
      </Field>
      <Field label={statusText.numberLabel} requirement="required" hint={statusText.numberHint(bankCode)} error={errors.applicationNumber}>
        {(control) => (
          <input
            {...control}
            type="text"
            name="application-number"
            autoComplete="off"
            inputMode="numeric"
            maxLength={30}
            className={entry.code}
            value={lookup.applicationNumber}
            readOnly={pending !== null}
            onChange={(e) => lookup.setApplicationNumber(e.target.value)}
          />
        )}
      </Field>
    </>
  );
}

/** The second step's input: the code sent by mail. */
export function CodeFields({ lookup }: { lookup: StatusLookup }) {
  return (
    <>
      <p className={entry.lead}>{statusText.codeLead}</p>
      <Field label={statusText.codeLabel} requirement="required" hint={statusText.notArriving} error={lookup.errors.verificationCode}>
        {(control) => (
          <input
            {...control}
            ref={lookup.refs.codeInput}
            {...mailedCodeInputAttributes}
            className={entry.code}
            value={lookup.code}
            readOnly={lookup.pending !== null}
            onChange={(e) => lookup.setCode(e.target.value)}
          />
        )}
      </Field>
    </>
  );
}
