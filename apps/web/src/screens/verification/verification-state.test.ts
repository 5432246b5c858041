import { describe, expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import {
  canVerify,
  initialVerificationState,
  storedVerification,
  verificationReducer as reduce,
  type VerificationAction,
  type VerificationState,
} from './verification-state.ts';

const run = (...actions: VerificationAction[]): VerificationState => actions.reduce(reduce, initialVerificationState(null));

const sent = (): VerificationState =>
  run({ type: 'mailChanged', value: 'taro@example.jp' }, { type: 'sendStarted' }, { type: 'sent', mailAddress: 'taro@example.jp' });

describe('verification state', () => {
  it('starts on address entry with nothing typed', () => {
    const state = run();
    expect(state.step).toBe('address');
    expect(state.mailAddress).toBe('');
    expect(state.pending).toBeNull();
  });

  it('is sending while the mail goes out, then moves to code entry', () => {
    const sending = run({ type: 'mailChanged', value: 'taro@example.jp' }, { type: 'sendStarted' });
    expect(sending.pending).toBe('sending');
    expect(sending.step).toBe('address');
    const state = reduce(sending, { type: 'sent', mailAddress: 'taro@example.jp' });
    expect(state.step).toBe('code');
    expect(state.pending).toBeNull();
    expect(state.resent).toBe(false);
  });

  it('stays on address entry with the message when the address is rejected', () => {
    const state = run({ type: 'mailChanged', value: 'taro@' }, { type: 'mailRejected', message: messages.mailInvalid });
    expect(state.step).toBe('address');
    expect(state.mailError).toBe(messages.mailInvalid);
    expect(reduce(state, { type: 'sendStarted' }).mailError).toBeNull();
  });

  it('shows the too-many-requests message and lets the applicant try again', () => {
    const state = run({ type: 'mailChanged', value: 'taro@example.jp' }, { type: 'sendStarted' }, { type: 'rateLimited' });
    expect(state.notice).toBe(messages.tooManyRequests);
    expect(state.pending).toBeNull();
    expect(state.step).toBe('address');
  });

  it('disables Next while the code is empty or only spaces, or while verifying', () => {
    const state = sent();
    expect(canVerify(state)).toBe(false);
    expect(canVerify(reduce(state, { type: 'codeChanged', value: ' 　 ' }))).toBe(false);
    const typed = reduce(state, { type: 'codeChanged', value: '123 456' });
    expect(canVerify(typed)).toBe(true);
    expect(canVerify(reduce(typed, { type: 'verifyStarted' }))).toBe(false);
  });

  it('strips half- and full-width spaces from the code on blur', () => {
    const state = [{ type: 'codeChanged', value: '１２３ 45　6' }, { type: 'codeBlurred' }].reduce((s, a) => reduce(s, a as VerificationAction), sent());
    expect(state.code).toBe('123456');
  });

  it('shows the verification failure under the code and keeps the step', () => {
    const state = [{ type: 'codeChanged', value: '000000' }, { type: 'verifyStarted' }, { type: 'codeRejected', message: messages.verificationFailed }].reduce(
      (s, a) => reduce(s, a as VerificationAction),
      sent(),
    );
    expect(state.step).toBe('code');
    expect(state.codeError).toBe(messages.verificationFailed);
    expect(state.pending).toBeNull();
  });

  it('Back returns to address entry, keeps the address and clears the code and its error', () => {
    const state = [{ type: 'codeChanged', value: '000000' }, { type: 'codeRejected', message: messages.verificationFailed }, { type: 'back' }].reduce(
      (s, a) => reduce(s, a as VerificationAction),
      sent(),
    );
    expect(state.step).toBe('address');
    expect(state.mailAddress).toBe('taro@example.jp');
    expect(state.code).toBe('');
    expect(state.codeError).toBeNull();
  });

  it('a resent code clears what was typed and says so', () => {
    const state = [{ type: 'codeChanged', value: '111111' }, { type: 'sendStarted' }, { type: 'sent', mailAddress: 'taro@example.jp' }].reduce(
      (s, a) => reduce(s, a as VerificationAction),
      sent(),
    );
    expect(state.step).toBe('code');
    expect(state.code).toBe('');
    expect(state.resent).toBe(true);
  });

  it('a reload keeps the step and the address, never the code', () => {
    const state = reduce(sent(), { type: 'codeChanged', value: '123456' });
    const stored = storedVerification(state);
    expect(stored).toEqual({ step: 'code', mailAddress: 'taro@example.jp' });
    expect(initialVerificationState(stored)).toMatchObject({ step: 'code', mailAddress: 'taro@example.jp', code: '' });
    expect(initialVerificationState({ step: 'code', mailAddress: '' }).step).toBe('address');
    expect(initialVerificationState('junk').step).toBe('address');
  });

  it('after verification the page opens on address entry again (Back from the next page)', () => {
    const state = [{ type: 'codeChanged', value: '123456' }, { type: 'verifyStarted' }, { type: 'verified' }].reduce(
      (s, a) => reduce(s, a as VerificationAction),
      sent(),
    );
    expect(state.step).toBe('address');
    expect(state.pending).toBeNull();
  });
});
