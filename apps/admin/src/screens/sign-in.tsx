import { useState } from 'react';
import type { FormEvent } from 'react';
import { staffSessionSchema } from '@koza/domain/api/admin';
import { ApiProblem, postJson } from '../api.ts';
import { useSession } from '../session.tsx';

// One form for the ID, the password and the second factor: the answer never tells a right password
// from a wrong one before the code is checked (docs/decisions/0200-staff-second-factors.md). The
// code field stays empty at the very first sign-in, before the authenticator app is registered.
export function SignInScreen() {
  const { signedIn } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const totpCode = String(form.get('totpCode') ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      signedIn(
        await postJson(
          '/sign-in',
          { loginId: String(form.get('loginId') ?? '').trim(), password: String(form.get('password') ?? ''), ...(totpCode ? { totpCode } : {}) },
          staffSessionSchema,
        ),
      );
    } catch (e) {
      setError(e instanceof ApiProblem ? e.message : 'ログインできませんでした。');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" className="narrow" tabIndex={-1}>
      <h1>Web口座開設 管理画面 ログイン</h1>
      <form onSubmit={(e) => void submit(e)} noValidate>
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
        <div className="field">
          <label htmlFor="totpCode">ワンタイムパスワード（6桁）</label>
          <input id="totpCode" name="totpCode" autoComplete="one-time-code" aria-describedby="totpCode-hint" spellCheck={false} />
          <p id="totpCode-hint" className="hint">
            認証アプリに表示されている6桁の数字、またはリカバリーコードを入力してください。初めてログインする方は空欄のままにしてください。
          </p>
        </div>
        <button type="submit" disabled={busy}>
          ログイン
        </button>
      </form>
    </main>
  );
}
