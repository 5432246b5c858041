import { useId } from 'react';
import { statusText } from '@koza/domain/application-status';
import { Button, LinkButton } from '../../components/button.tsx';
import { ButtonBar } from '../../components/button-bar.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { Screen } from '../../components/screen.tsx';
import { Spinner } from '../../components/spinner.tsx';
import entry from '../../forms/mail-code-entry.module.css';
import { useBank } from '../../lib/bank-context.tsx';
import { pageTitles } from '@koza/domain/flows';
import { CodeFields, LookupFields } from './status-fields.tsx';
import { StatusResult } from './status-result.tsx';
import { useStatusLookup } from './use-status-lookup.ts';

/**
 * /status: お申込み状況の確認 (decision 0192). The mail address and receipt number of the application,
 * a code by mail (the mail verification's mechanism and limits), then the state in plain Japanese
 * with the dates, the branch, what happens next and the bank's contact. Nothing is kept: a reload
 * starts again.
 */
export function StatusScreen() {
  const bank = useBank();
  const formId = useId();
  const lookup = useStatusLookup(bank.code);
  const { step, pending, view } = lookup;

  const actions =
    step === 'lookup' ? (
      <ButtonBar>
        <Button type="submit" form={formId} pending={pending === 'sending'}>
          {statusText.send}
        </Button>
      </ButtonBar>
    ) : step === 'code' ? (
      <ButtonBar row>
        <Button variant="secondary" disabled={pending !== null} onClick={() => lookup.moveTo('lookup')}>
          {statusText.back}
        </Button>
        <Button type="submit" form={formId} pending={pending === 'checking'} disabled={lookup.code.trim() === ''}>
          {statusText.show}
        </Button>
      </ButtonBar>
    ) : (
      <ButtonBar>
        <Button onClick={lookup.again}>{statusText.again}</Button>
        <LinkButton href={bank.links.homePage} variant="secondary">
          {statusText.toTop}
        </LinkButton>
      </ButtonBar>
    );

  return (
    <Screen title={pageTitles.status} eyebrow={statusText.eyebrow(bank.name)} actions={actions}>
      {lookup.notice && (
        <div className={entry.notice} role="alert">
          <ErrorText>{lookup.notice}</ErrorText>
        </div>
      )}
      {step === 'result' && view ? (
        <StatusResult view={view} headingRef={lookup.refs.stepHeading} />
      ) : (
        <form id={formId} noValidate onSubmit={lookup.onSubmit} className={entry.form}>
          <h2 ref={lookup.refs.stepHeading} tabIndex={-1} className={entry.stepTitle}>
            {step === 'lookup' ? statusText.lookupStep : statusText.codeStep}
          </h2>
          {step === 'lookup' ? <LookupFields lookup={lookup} bankCode={bank.code} /> : <CodeFields lookup={lookup} />}
          <div className={entry.status} role="status" aria-live="polite">
            {pending && (
              <>
                <Spinner />
                <span>{pending === 'sending' ? statusText.sending : statusText.checking}</span>
              </>
            )}
          </div>
        </form>
      )}
    </Screen>
  );
}
