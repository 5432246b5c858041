import { useState } from 'react';
import type { FormEvent } from 'react';
import { adminMessages } from '@koza/domain/admin/messages';
import { staffAuth } from '@koza/domain/admin/rules';
import { post } from '../api.ts';
import { useFieldErrors } from '../field-errors.tsx';
import { Outcome } from '../list-screen.tsx';

/** Every member: their own password (the current one asked again; other sessions end, this one stays). */
export function PasswordScreen() {
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
    } catch (e) {
      form.fail(e, '変更できませんでした。');
    }
  }

  return (
    <>
      <h1>パスワード変更</h1>
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
