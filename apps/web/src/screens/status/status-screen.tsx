import { useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { applicantStatusLabels, applicantStatusNext, statusText } from '@koza/domain/application-status';
import type { ApplicationStatusView } from '@koza/domain/api/application-status';
import { statusLookupSchema } from '@koza/domain/api/application-status';
import { normaliseMail } from '@koza/domain/fields/mail';
import { normaliseVerificationCode } from '@koza/domain/normalise';
import { verificationCodeStepSchema } from '@koza/domain/steps/verification-code';
import { validateStep } from '@koza/domain/steps/validate-step';
import { askStatusCode, showStatus } from '../../api/application-status.ts';
import { ApiCallError } from '../../api/client.ts';
import { validationErrors } from '../../api/validation-errors.ts';
import { BankContact } from '../../components/bank-contact.tsx';
import { Button, LinkButton } from '../../components/button.tsx';
import { ButtonBar } from '../../components/button-bar.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { Field } from '../../components/field.tsx';
import { PanelList, PanelSection } from '../../components/panel-section.tsx';
import { Screen } from '../../components/screen.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { mailedCodeInputAttributes, mailInputAttributes } from '../../forms/mail-code-entry.ts';
import entry from '../../forms/mail-code-entry.module.css';
import { useBank } from '../../lib/bank-context.tsx';
import { formatJapanDateTime } from '../../lib/japan-time.ts';
import { pageTitles } from '@koza/domain/flows';
import panel from '../../components/panel.module.css';
import styles from './status-screen.module.css';

type Step = 'lookup' | 'code' | 'result';
type FieldErrors = Partial<Record<'mailAddress' | 'applicationNumber' | 'verificationCode', string>>;

/**
 * /status: お申込み状況の確認 (decision 0192). The mail address and receipt number of the application,
 * a code by mail (the mail verification's mechanism and limits), then the state in plain Japanese
 * with the dates, the branch, what happens next and the bank's contact. Nothing is kept: a reload
 * starts again.
 */
export function StatusScreen() {
  const bank = useBank();
  const formId = useId();
  const [step, setStep] = useState<Step>('lookup');
  const [mailAddress, setMailAddress] = useState('');
  const [applicationNumber, setApplicationNumber] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<'sending' | 'checking' | null>(null);
  const [view, setView] = useState<ApplicationStatusView | null>(null);
  const firstInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);

  const moveTo = (next: Step) => {
    setStep(next);
    setErrors({});
    setNotice(null);
    requestAnimationFrame(() => stepHeading.current?.focus());
  };

  const failed = (error: unknown) => {
    setNotice(error instanceof ApiCallError && error.status === 429 ? statusText.rateLimited : statusText.failed);
  };

  async function send() {
    const checked = validateStep(statusLookupSchema, { mailAddress, applicationNumber });
    if (!checked.ok) {
      setErrors(Object.fromEntries(checked.errors.map((e) => [e.field, e.message])));
      requestAnimationFrame(() => firstInput.current?.focus());
      return;
    }
    setPending('sending');
    try {
      await askStatusCode({ bankCode: bank.code, ...checked.value });
      setMailAddress(checked.value.mailAddress);
      setApplicationNumber(checked.value.applicationNumber);
      setCode('');
      moveTo('code');
    } catch (error) {
      const fields = validationErrors(error);
      if (fields.length > 0) setErrors(Object.fromEntries(fields.map((e) => [e.field, e.message])));
      else failed(error);
    } finally {
      setPending(null);
    }
  }

  async function check() {
    const checked = validateStep(verificationCodeStepSchema, { verificationCode: normaliseVerificationCode(code) });
    if (!checked.ok) {
      setErrors({ verificationCode: statusText.failed });
      requestAnimationFrame(() => codeInput.current?.focus());
      return;
    }
    setPending('checking');
    try {
      setView(await showStatus({ bankCode: bank.code, mailAddress, applicationNumber, verificationCode: checked.value.verificationCode }));
      moveTo('result');
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 400) {
        setErrors({ verificationCode: statusText.failed });
        requestAnimationFrame(() => codeInput.current?.focus());
      } else failed(error);
    } finally {
      setPending(null);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (step === 'lookup') void send();
    else if (step === 'code') void check();
  };

  const again = () => {
    setView(null);
    setCode('');
    moveTo('lookup');
  };

  const actions =
    step === 'lookup' ? (
      <ButtonBar>
        <Button type="submit" form={formId} pending={pending === 'sending'}>
          {statusText.send}
        </Button>
      </ButtonBar>
    ) : step === 'code' ? (
      <ButtonBar row>
        <Button variant="secondary" disabled={pending !== null} onClick={() => moveTo('lookup')}>
          {statusText.back}
        </Button>
        <Button type="submit" form={formId} pending={pending === 'checking'} disabled={code.trim() === ''}>
          {statusText.show}
        </Button>
      </ButtonBar>
    ) : (
      <ButtonBar>
        <Button onClick={again}>{statusText.again}</Button>
        <LinkButton href={bank.links.homePage} variant="secondary">
          {statusText.toTop}
        </LinkButton>
      </ButtonBar>
    );

  return (
    <Screen title={pageTitles.status} eyebrow={statusText.eyebrow(bank.name)} actions={actions}>
      {notice && (
        <div className={entry.notice} role="alert">
          <ErrorText>{notice}</ErrorText>
        </div>
      )}
      {step === 'result' && view ? (
        <StatusResult view={view} headingRef={stepHeading} />
      ) : (
        <form id={formId} noValidate onSubmit={onSubmit} className={entry.form}>
          <h2 ref={stepHeading} tabIndex={-1} className={entry.stepTitle}>
            {step === 'lookup' ? statusText.lookupStep : statusText.codeStep}
          </h2>
          {step === 'lookup' ? (
            <>
              <p className={entry.lead}>{statusText.lookupLead}</p>
              <Field label={statusText.mailLabel} requirement="required" error={errors.mailAddress}>
                {(control) => (
                  <input
                    {...control}
                    ref={firstInput}
                    {...mailInputAttributes}
                    value={mailAddress}
                    readOnly={pending !== null}
                    onChange={(e) => setMailAddress(e.target.value)}
                    onBlur={(e) => setMailAddress(normaliseMail(e.target.value))}
                  />
                )}
              </Field>
              <Field label={statusText.numberLabel} requirement="required" hint={statusText.numberHint(bank.code)} error={errors.applicationNumber}>
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    name="application-number"
                    autoComplete="off"
                    inputMode="numeric"
                    maxLength={30}
                    className={entry.code}
                    value={applicationNumber}
                    readOnly={pending !== null}
                    onChange={(e) => setApplicationNumber(e.target.value)}
                  />
                )}
              </Field>
            </>
          ) : (
            <>
              <p className={entry.lead}>{statusText.codeLead}</p>
              <Field label={statusText.codeLabel} requirement="required" hint={statusText.notArriving} error={errors.verificationCode}>
                {(control) => (
                  <input
                    {...control}
                    ref={codeInput}
                    {...mailedCodeInputAttributes}
                    className={entry.code}
                    value={code}
                    readOnly={pending !== null}
                    onChange={(e) => setCode(e.target.value)}
                  />
                )}
              </Field>
            </>
          )}
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

function DateTime({ iso }: { iso: string }) {
  return (
    <time className="nowrap" dateTime={iso}>
      {formatJapanDateTime(iso)}
    </time>
  );
}

/** The state of one application: what the applicant may see, nothing more (decision 0192). */
function StatusResult({ view, headingRef }: { view: ApplicationStatusView; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const rows: [string, ReactNode][] = [
    [statusText.applicationNumber, <span className={styles.number}>{view.applicationNumber}</span>],
    [statusText.branch, view.branchName],
    [statusText.appliedAt, <DateTime iso={view.appliedAt} />],
  ];
  // A closed application's name is no longer kept (decision 0239): the holder row goes with it.
  if (view.firstName !== '')
    rows.splice(1, 0, [
      statusText.holder,
      <>
        {view.firstName} {statusText.holderSuffix}
        {view.applicationType === 'CHILD' && statusText.childHolderNote}
      </>,
    ]);
  if (view.decidedAt) rows.push([statusText.decidedAt, <DateTime iso={view.decidedAt} />]);
  if (view.cancelledAt) rows.push([statusText.cancelledAt, <DateTime iso={view.cancelledAt} />]);
  if (view.reason) rows.push([statusText.reason, view.reason]);
  return (
    <>
      <h2 ref={headingRef} tabIndex={-1} className={entry.stepTitle}>
        {statusText.resultStep}
      </h2>
      <div className={panel.facts}>
        <dl>
          <div>
            <dt>{statusText.state}</dt>
            <dd className={styles.label}>{applicantStatusLabels[view.status]}</dd>
          </div>
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <PanelSection title={statusText.next}>
        <PanelList items={applicantStatusNext[view.status]} />
      </PanelSection>
      <PanelSection title={statusText.contact}>
        <BankContact />
      </PanelSection>
    </>
  );
}
