import { useState } from 'react';
import { z } from 'zod';
import { adminMessages } from '@koza/domain/admin/messages';
import { passwordChangeBodySchema, reauthCodeSchema } from '@koza/domain/api/admin';
import { staffAuth } from '@koza/domain/admin/rules';
import { post } from '../api.ts';
import { Outcome } from '../outcome.tsx';
import { useSession } from '../session.tsx';
import { useForm } from '../use-form.tsx';
import { SecondFactorField } from './second-factor-field.tsx';

// The password form, and the forced change that shows it before anything else: part of the sign-in
// flow, so in the main chunk; the own-password screen (password.tsx) is a route loaded on entry.

/**
 * The first sign-in with a password an ADMIN or the operator set (or after a reset): it is good
 * once, and must be replaced before anything else (docs/decisions/0201-staff-password-policy.md).
 */
export function ForcedPasswordScreen() {
  const { refresh, signOut } = useSession();
  return (
    <main id="main" className="narrow" tabIndex={-1}>
      <h1>パスワードの変更</h1>
      <p className="notice">{adminMessages.passwordChangeRequired}</p>
      <p className="hint">
        {staffAuth.passwordMinLength}
        文字以上で、よく使われるパスワードやログインID・銀行名・サービス名を含むものは使えません。長い文（パスフレーズ）がおすすめです。
      </p>
      <PasswordForm onChanged={() => void refresh()} />
      <button type="button" className="secondary" onClick={() => void signOut()}>
        ログアウト
      </button>
    </main>
  );
}

/** The form's check: the API's rules (the domain's schema) and the two new entries alike (the screen's own). */
const passwordFormSchema = passwordChangeBodySchema
  .and(z.object({ newPasswordAgain: z.string() }))
  .refine((v) => v.newPassword === v.newPasswordAgain, { path: ['newPasswordAgain'], message: adminMessages.passwordMismatch });
/** The member's own change on their screen: the second factor asked again as well (issue 42). */
const passwordAgainFormSchema = passwordFormSchema.and(reauthCodeSchema);

/**
 * The password form: in the forced change after a one-time password (the sign-in has just proved both
 * factors), or on the member's own screen, where their second factor is asked again (`secondFactor`).
 */
export function PasswordForm({ onChanged, secondFactor = false }: { onChanged?: () => void; secondFactor?: boolean }) {
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    prefix: 'own-password',
    initial: { currentPassword: '', newPassword: '', newPasswordAgain: '', totpCode: '' },
    schema: secondFactor ? passwordAgainFormSchema : passwordFormSchema,
    // The repeated entry is the screen's check only: not sent.
    save: (_body, checked) =>
      post('/password', {
        currentPassword: checked.currentPassword,
        newPassword: checked.newPassword,
        ...(secondFactor ? { totpCode: (checked as { totpCode: string }).totpCode } : {}),
      }),
    onSaved: () => {
      setDone('パスワードを変更しました。ほかの端末でのログインは終了しました。');
      onChanged?.();
    },
    failText: '変更できませんでした。',
  });

  return (
    <>
      <Outcome done={done} error={form.error} />
      <form ref={form.formRef} onSubmit={form.onSubmit} className="grid-form" noValidate>
        <div className="field">
          <label htmlFor={form.id('currentPassword')}>現在のパスワード</label>
          <input type="password" autoComplete="current-password" {...form.field('currentPassword')} />
          {form.message('currentPassword')}
        </div>
        <div className="field">
          <label htmlFor={form.id('newPassword')}>新しいパスワード（{staffAuth.passwordMinLength}文字以上）</label>
          <input type="password" autoComplete="new-password" {...form.field('newPassword')} />
          {form.message('newPassword')}
        </div>
        <div className="field">
          <label htmlFor={form.id('newPasswordAgain')}>新しいパスワード（確認）</label>
          <input type="password" autoComplete="new-password" {...form.field('newPasswordAgain')} />
          {form.message('newPasswordAgain')}
        </div>
        {secondFactor && <SecondFactorField field={form.field('totpCode')} message={form.message('totpCode')} />}
        <div className="actions">
          <button type="submit" className="primary" disabled={form.pending}>
            変更する
          </button>
        </div>
      </form>
    </>
  );
}
