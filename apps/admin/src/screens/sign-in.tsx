import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { passkeyOptionsSchema, signInBodySchema, signInOptionsSchema, staffSessionSchema } from '@koza/domain/api/admin';
import { adminMessages } from '@koza/domain/admin/messages';
import { useApiQuery } from '../queries.ts';
import { ApiProblem, postJson } from '../api.ts';
import { useSession } from '../session.tsx';
import { useForm } from '../use-form.tsx';
import { passkeysOffered, webauthn } from './passkey-ceremony.ts';

// One form for the ID, the password and the second factor: the answer never tells a right password
// from a wrong one before the second factor is checked (docs/decisions/0200-staff-second-factors.md).
// Where the browser offers passkeys they come first (decision 0220): the password and the passkey's
// answer go to the API in one call. The code field stays the fallback, and stays empty at the very
// first sign-in, before the authenticator app is registered.
// Where the bank signs its staff in through its identity provider (decision 0253), that comes first: a
// link to GET /api/admin/oidc/start, which sends the browser to the provider and back; a sign-in that
// did not complete comes back here with ?sign-in=failed and one message. With the bank's local sign-in
// off, the form stays for the command line's accounts and break-glass, and says so.
export function SignInScreen() {
  const { signedIn } = useSession();
  const [offered] = useState(passkeysOffered);
  const options = useApiQuery('/sign-in-options', signInOptionsSchema);
  const [providerFailed] = useState(() => new URLSearchParams(window.location.search).get('sign-in') === 'failed');
  const provider = options.data?.provider ?? false;
  const localOff = options.data?.localSignIn === 'off';
  const form = useForm({
    prefix: 'sign-in',
    initial: { loginId: '', password: '', totpCode: '' },
    schema: signInBodySchema,
    body: (v) => ({ loginId: v.loginId.trim(), password: v.password, ...(v.totpCode.trim() ? { totpCode: v.totpCode.trim() } : {}) }),
    save: async (body) => signedIn(await postJson('/sign-in', body, staffSessionSchema)),
    failText: 'ログインできませんでした。',
  });
  const passkey = useMutation({
    mutationFn: async () => {
      const { challengeId, options } = await postJson('/sign-in/passkey-options', {}, passkeyOptionsSchema);
      const { startAuthentication } = await webauthn();
      const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
      return postJson(
        '/sign-in',
        { loginId: form.values.loginId.trim(), password: form.values.password, passkey: { challengeId, response } },
        staffSessionSchema,
      );
    },
    onSuccess: signedIn,
  });
  const passkeyError = passkey.error
    ? passkey.error instanceof ApiProblem
      ? passkey.error.message
      : passkey.error.name === 'NotAllowedError'
        ? 'パスキーでの確認が完了しませんでした。もう一度お試しいただくか、ワンタイムパスワードでログインしてください。'
        : 'ログインできませんでした。'
    : null;
  const error = passkeyError ?? form.error;
  const busy = form.pending || passkey.isPending;

  return (
    <main id="main" className="narrow" tabIndex={-1}>
      <h1>Web口座開設 管理画面 ログイン</h1>
      {providerFailed && !error && (
        <p className="error" role="alert">
          {adminMessages.providerSignInFailed}
        </p>
      )}
      {provider && (
        <section aria-labelledby="provider-sign-in">
          <h2 id="provider-sign-in">銀行の認証基盤でログイン</h2>
          <p className="hint">行内のID・パスワードと多要素認証でログインします。</p>
          <a className="button primary" href="/api/admin/oidc/start">
            認証基盤でログイン
          </a>
        </section>
      )}
      {provider && <h2>{localOff ? '初期管理者・緊急時のログイン' : 'ログインIDとパスワードでログイン'}</h2>}
      {localOff && <p className="hint">この銀行では、認証基盤に障害があるときなど、許可された場合に限りこちらからログインできます。</p>}
      <form
        ref={form.formRef}
        onSubmit={(event) => {
          passkey.reset();
          form.onSubmit(event);
        }}
        noValidate
      >
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="field">
          <label htmlFor={form.id('loginId')}>ログインID</label>
          <input autoComplete="username" required {...form.field('loginId')} />
          {form.message('loginId')}
        </div>
        <div className="field">
          <label htmlFor={form.id('password')}>パスワード</label>
          <input type="password" autoComplete="current-password" required {...form.field('password')} />
          {form.message('password')}
        </div>
        {offered && (
          <div className="field">
            <button type="button" disabled={busy} aria-describedby="passkey-hint" onClick={() => passkey.mutate()}>
              パスキーでログイン
            </button>
            <p id="passkey-hint" className="hint">
              パスキーを登録済みの方は、ログインIDとパスワードを入力してこのボタンを押し、端末の指紋・顔認証や画面ロックで確認してください。
            </p>
          </div>
        )}
        <div className="field">
          <label htmlFor={form.id('totpCode')}>ワンタイムパスワード（6桁）</label>
          <input autoComplete="one-time-code" spellCheck={false} {...form.field('totpCode')} aria-describedby="totpCode-hint" />
          <p id="totpCode-hint" className="hint">
            {offered ? 'パスキーを使わない場合は、' : ''}
            認証アプリに表示されている6桁の数字、またはリカバリーコードを入力してください。初めてログインする方は空欄のままにしてください。
          </p>
        </div>
        <button type="submit" className={offered ? 'secondary' : 'primary'} disabled={busy}>
          ログイン
        </button>
      </form>
    </main>
  );
}
