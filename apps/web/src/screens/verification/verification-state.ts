import { messages } from '@koza/domain/messages';
import { normaliseVerificationCode } from '@koza/domain/normalise';

// The mail registration of /verification as a state machine (SPEC.md §4 "Mail registration", §8):
// address input → (code sent) → code input; Back returns to address input and clears the code.

export type VerificationStep = 'address' | 'code';

export interface VerificationState {
  step: VerificationStep;
  mailAddress: string;
  code: string;
  /** The request under way; its button is disabled and shows a spinner. */
  pending: 'sending' | 'verifying' | null;
  mailError: string | null;
  codeError: string | null;
  /** A page-level message (too many requests). */
  notice: string | null;
  /** A code was sent again from the code step. */
  resent: boolean;
}

export type VerificationAction =
  | { type: 'mailChanged'; value: string }
  | { type: 'mailRejected'; message: string }
  | { type: 'sendStarted' }
  | { type: 'sent'; mailAddress: string }
  | { type: 'rateLimited' }
  | { type: 'codeChanged'; value: string }
  | { type: 'codeBlurred' }
  | { type: 'codeRejected'; message: string }
  | { type: 'verifyStarted' }
  | { type: 'verified' }
  | { type: 'back' }
  | { type: 'failed' };

const initial: VerificationState = {
  step: 'address',
  mailAddress: '',
  code: '',
  pending: null,
  mailError: null,
  codeError: null,
  notice: null,
  resent: false,
};

/** What a reload keeps (session storage): the step and the address, never the code. */
export interface StoredVerification {
  step: VerificationStep;
  mailAddress: string;
}

export function initialVerificationState(stored: unknown): VerificationState {
  if (typeof stored !== 'object' || stored === null) return initial;
  const { step, mailAddress } = stored as Partial<StoredVerification>;
  if (typeof mailAddress !== 'string') return initial;
  return { ...initial, mailAddress, step: step === 'code' && mailAddress !== '' ? 'code' : 'address' };
}

export function verificationReducer(state: VerificationState, action: VerificationAction): VerificationState {
  switch (action.type) {
    case 'mailChanged':
      return { ...state, mailAddress: action.value };
    case 'mailRejected':
      // A rejected address (checked here or answered 400) is corrected on the address step.
      return { ...state, step: 'address', pending: null, mailError: action.message, code: '', codeError: null };
    case 'sendStarted':
      return { ...state, pending: 'sending', mailError: null, notice: null, resent: false };
    case 'sent':
      // A new code replaces the old one: what was typed for the old one is cleared.
      return {
        ...state,
        step: 'code',
        mailAddress: action.mailAddress,
        pending: null,
        code: '',
        codeError: null,
        resent: state.step === 'code',
      };
    case 'rateLimited':
      return { ...state, pending: null, notice: messages.tooManyRequests };
    case 'codeChanged':
      return { ...state, code: action.value };
    case 'codeBlurred':
      return { ...state, code: normaliseVerificationCode(state.code) };
    case 'codeRejected':
      return { ...state, pending: null, code: normaliseVerificationCode(state.code), codeError: action.message };
    case 'verifyStarted':
      return { ...state, pending: 'verifying', codeError: null, notice: null, resent: false };
    case 'verified':
      // Back from /personal lands on the address step again.
      return { ...state, pending: null, step: 'address', code: '' };
    case 'back':
      return { ...state, step: 'address', code: '', codeError: null, notice: null, resent: false };
    case 'failed':
      return { ...state, pending: null };
  }
}

/** Next on the code step is disabled while the code (spaces stripped) is empty or a request runs. */
export const canVerify = (state: VerificationState): boolean => state.pending === null && normaliseVerificationCode(state.code) !== '';

export const storedVerification = (state: VerificationState): StoredVerification => ({
  step: state.step,
  mailAddress: state.mailAddress,
});
