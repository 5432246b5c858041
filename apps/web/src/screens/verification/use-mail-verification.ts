import { useEffect, useReducer, useRef, type FormEvent } from 'react';
import type { Bank } from '@koza/domain/banks/banks';
import type { ApplicationType } from '@koza/domain/constants';
import { messages } from '@koza/domain/messages';
import { normaliseVerificationCode } from '@koza/domain/normalise';
import { validateStep } from '@koza/domain/steps/validate-step';
import { verificationMailSchema } from '@koza/domain/steps/verification-mail';
import { verificationCodeStepSchema } from '@koza/domain/steps/verification-code';
import { ApiCallError } from '../../api/client.ts';
import { validationErrors } from '../../api/validation-errors.ts';
import { registerVerificationCode, verifyVerificationCode } from '../../api/verification.ts';
import type { FlowMoves } from '../../lib/flow.ts';
import { session, sessionKeys } from '../../lib/session.ts';
import { canVerify, initialVerificationState, storedVerification, verificationReducer } from './verification-state.ts';

/**
 * The mail verification's state and calls: the address checked with the domain's mail schema and a
 * code sent to it, the code verified and the token kept; the state kept in session storage. A new step
 * is announced from its heading; a refused input takes the focus.
 */
export function useMailVerification(bank: Bank, type: ApplicationType, flow: FlowMoves) {
  const [state, dispatch] = useReducer(verificationReducer, undefined, () => initialVerificationState(session.getJson(sessionKeys.verification)));
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

  return { state, dispatch, send, onSubmit, refs: { mailInputRef, codeInputRef, stepHeadingRef } };
}

export type MailVerification = ReturnType<typeof useMailVerification>;
