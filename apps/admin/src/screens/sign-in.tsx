import { useState } from 'react';
import type { FormEvent } from 'react';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { passkeyOptionsSchema, staffSessionSchema } from '@koza/domain/api/admin';
import { ApiProblem, postJson } from '../api.ts';
import { useSession } from '../session.tsx';
import { passkeysOffered, webauthn } from './passkeys.tsx';

// One form for the ID, the password and the second factor: the answer never tells a right password
// from a wrong one before the second factor is checked (docs/decisions/0200-staff-second-factors.md).
// Where the browser offers passkeys they come first (decision 0220): the password and the passkey's
// answer go to the API in one call. The code field stays the fallback, and stays empty at the very
// first sign-in, before the authenticator app is registered.
export function SignInScreen() {
  const { signedIn } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [offered] = useState(passkeysOffered);

  const credentials = (form: HTMLFormElement) => {
    const data = new FormData(form);
    return { data, loginId: String(data.get('loginId') ?? '').trim(), password: String(data.get('password') ?? '') };
  };

  async function attempt(call: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      signedIn(staffSessionSchema.parse(await call()));
    } catch (e) {
      setError(
        e instanceof ApiProblem
          ? e.message
          : e instanceof Error && e.name === 'NotAllowedError'
            ? 'パスキーでの確認が完了しませんでした。もう一度お試しいただくか、ワンタイムパスワードでログインしてください。'
            : 'ログインできませんでした。',
      );
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, loginId, password } = credentials(event.currentTarget);
    const totpCode = String(data.get('totpCode') ?? '').trim();
    void attempt(() => postJson('/sign-in', { loginId, password, ...(totpCode ? { totpCode } : {}) }, staffSessionSchema));
  }

  function withPasskey(form: HTMLFormElement | null) {
    if (!form) return;
    const { loginId, password } = credentials(form);
    void attempt(async () => {
      const { challengeId, options } = await postJson('/sign-in/passkey-options', {}, passkeyOptionsSchema);
      const { startAuthentication } = await webauthn();
      const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
      return postJson('/sign-in', { loginId, password, passkey: { challengeId, response } }, staffSessionSchema);
    });
  }

  return (
    <main id="main" className="narrow" tabIndex={-1}>
      <h1>Web口座開設 管理画面 ログイン</h1>
      <form onSubmit={submit} noValidate>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="field">
          <label htmlFor="loginId">ログインID</label>
          <input id="loginId" name="loginId" autoComplete="username" required />
        </div>
        <div className="field">
          <label htmlFor="password">パスワード</label>
          <input id="password" name="password" type="password" autoComplete="current-password" required />
        </div>
        {offered && (
          <div className="field">
            <button type="button" disabled={busy} aria-describedby="passkey-hint" onClick={(e) => withPasskey(e.currentTarget.form)}>
              パスキーでログイン
            </button>
            <p id="passkey-hint" className="hint">
              パスキーを登録済みの方は、ログインIDとパスワードを入力してこのボタンを押し、端末の指紋・顔認証や画面ロックで確認してください。
            </p>
          </div>
        )}
        <div className="field">
          <label htmlFor="totpCode">ワンタイムパスワード（6桁）</label>
          <input id="totpCode" name="totpCode" autoComplete="one-time-code" aria-describedby="totpCode-hint" spellCheck={false} />
          <p id="totpCode-hint" className="hint">
            {offered ? 'パスキーを使わない場合は、' : ''}
            認証アプリに表示されている6桁の数字、またはリカバリーコードを入力してください。初めてログインする方は空欄のままにしてください。
          </p>
        </div>
        <button type="submit" className={offered ? 'secondary' : undefined} disabled={busy}>
          ログイン
        </button>
      </form>
    </main>
  );
}
