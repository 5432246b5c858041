import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { totpSetupSchema } from '@koza/domain/api/admin';
import { ApiProblem, post, postJson } from '../api.ts';
import { useSession } from '../session.tsx';

/** ADMIN's first sign-in: register the authenticator app (the secret as text and otpauth:// URI), confirm with a code. */
export function TotpSetupScreen() {
  const { refresh, signOut } = useSession();
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    postJson('/totp/setup', {}, totpSetupSchema)
      .then(setSetup)
      .catch((e: unknown) => setError(e instanceof ApiProblem ? e.message : '二要素認証の準備に失敗しました。'));
  }, []);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const totpCode = String(new FormData(event.currentTarget).get('totpCode') ?? '').trim();
    setError(null);
    try {
      await post('/totp/confirm', { totpCode });
      await refresh();
    } catch (e) {
      setError(e instanceof ApiProblem ? e.message : '登録できませんでした。');
    }
  }

  return (
    <main id="main" className="narrow" tabIndex={-1}>
      <h1>二要素認証の登録</h1>
      <p>管理者は、ログインのたびに認証アプリのワンタイムパスワードが必要です。認証アプリに次のキーを登録してください。</p>
      {setup && (
        <div className="fields-block">
          <div className="field">
            <label htmlFor="totp-secret">セットアップキー</label>
            <input id="totp-secret" readOnly value={setup.secret} className="code" />
          </div>
          <div className="field">
            <label htmlFor="totp-uri">登録用URI</label>
            <input id="totp-uri" readOnly value={setup.uri} className="code" />
          </div>
        </div>
      )}
      <form onSubmit={(e) => void confirm(e)} noValidate>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="field">
          <label htmlFor="totpCode">認証アプリに表示された6桁のコード</label>
          <input id="totpCode" name="totpCode" inputMode="numeric" autoComplete="one-time-code" required />
        </div>
        <button type="submit">登録する</button>{' '}
        <button type="button" className="secondary" onClick={() => void signOut()}>
          ログアウト
        </button>
      </form>
    </main>
  );
}
