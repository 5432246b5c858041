import { useState } from 'react';
import type { FormEvent } from 'react';
import { adminMessages } from '@koza/domain/admin/messages';
import { staffAuth } from '@koza/domain/admin/rules';
import { post } from '../api.ts';
import { useFieldErrors } from '../field-errors.tsx';
import { Outcome } from '../list-screen.tsx';
import { useSession } from '../session.tsx';

/** Every member: their own password (the current one asked again; other sessions end, this one stays). */
export function PasswordScreen() {
  return (
    <>
      <h1>パスワード変更</h1>
      <PasswordForm />
    </>
  );
}

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
        {staffAuth.passwordMinLength}文字以上で、よく使われるパスワードやログインID・銀行名・サービス名を含むものは使えません。長い文（パスフレーズ）がおすすめです。
      </p>
      <PasswordForm onChanged={() => void refresh()} />
      <button type="button" className="secondary" onClick={() => void signOut()}>
        ログアウト
      </button>
    </main>
  );
}

function PasswordForm({ onChanged }: { onChanged?: () => void }) {
  const form = useFieldErrors('own-password');
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const data = new FormData(formElement);
    const value = (name: string) => String(data.get(name) ?? '');
    form.reset();
    setDone(null);
    if (value('newPassword') !== value('newPasswordAgain')) {
      form.showField('newPasswordAgain', adminMessages.passwordMismatch);
      return;
    }
    try {
      await post('/password', { currentPassword: value('currentPassword'), newPassword: value('newPassword') });
      formElement.reset();
      setDone('パスワードを変更しました。ほかの端末でのログインは終了しました。');
      onChanged?.();
    } catch (e) {
      form.fail(e, '変更できませんでした。');
    }
  }

  return (
    <>
      <Outcome done={done} error={form.error} />
      <form onSubmit={(e) => void submit(e)} className="grid-form" noValidate>
        <div className="field">
          <label htmlFor={form.id('currentPassword')}>現在のパスワード</label>
          <input type="password" autoComplete="current-password" {...form.input('currentPassword')} />
          {form.message('currentPassword')}
        </div>
        <div className="field">
          <label htmlFor={form.id('newPassword')}>新しいパスワード（{staffAuth.passwordMinLength}文字以上）</label>
          <input type="password" autoComplete="new-password" {...form.input('newPassword')} />
          {form.message('newPassword')}
        </div>
        <div className="field">
          <label htmlFor={form.id('newPasswordAgain')}>新しいパスワード（確認）</label>
          <input type="password" autoComplete="new-password" {...form.input('newPasswordAgain')} />
          {form.message('newPasswordAgain')}
        </div>
        <div className="actions">
          <button type="submit">変更する</button>
        </div>
      </form>
    </>
  );
}
