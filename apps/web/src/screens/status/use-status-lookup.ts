import { useRef, useState, type FormEvent } from 'react';
import { statusText } from '@koza/domain/application-status';
import type { ApplicationStatusView } from '@koza/domain/api/application-status';
import { statusLookupSchema } from '@koza/domain/api/application-status';
import type { BankCode } from '@koza/domain/constants';
import { normaliseVerificationCode } from '@koza/domain/normalise';
import { verificationCodeStepSchema } from '@koza/domain/steps/verification-code';
import { validateStep } from '@koza/domain/steps/validate-step';
import { askStatusCode, showStatus } from '../../api/application-status.ts';
import { ApiCallError } from '../../api/client.ts';
import { validationErrors } from '../../api/validation-errors.ts';

export type StatusStep = 'lookup' | 'code' | 'result';
export type StatusFieldErrors = Partial<Record<'mailAddress' | 'applicationNumber' | 'verificationCode', string>>;

/**
 * The three steps of /status as state: the mail address and receipt number sent for a code, the code
 * checked, the state shown. A new step is announced from its heading; a refused field takes the focus.
 */
export function useStatusLookup(bankCode: BankCode) {
  const [step, setStep] = useState<StatusStep>('lookup');
  const [mailAddress, setMailAddress] = useState('');
  const [applicationNumber, setApplicationNumber] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<StatusFieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<'sending' | 'checking' | null>(null);
  const [view, setView] = useState<ApplicationStatusView | null>(null);
  const firstInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);

  const moveTo = (next: StatusStep) => {
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
      await askStatusCode({ bankCode, ...checked.value });
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
      setView(await showStatus({ bankCode, mailAddress, applicationNumber, verificationCode: checked.value.verificationCode }));
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

  return {
    step,
    mailAddress,
    setMailAddress,
    applicationNumber,
    setApplicationNumber,
    code,
    setCode,
    errors,
    notice,
    pending,
    view,
    refs: { firstInput, codeInput, stepHeading },
    moveTo,
    onSubmit,
    again,
  };
}

export type StatusLookup = ReturnType<typeof useStatusLookup>;
