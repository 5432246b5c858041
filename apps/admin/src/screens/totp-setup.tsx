import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { totpConfirmedSchema, totpSetupSchema } from '@koza/domain/api/admin';
import { ApiProblem, postJson } from '../api.ts';
import { Outcome } from '../list-screen.tsx';
import { useSession } from '../session.tsx';
import { passkeyNotRegistered, passkeyRegistered, passkeysOffered, registerPasskey } from './passkeys.tsx';

// Every member's first sign-in (and after an ADMIN's reset): register the authenticator app with the
// QR code (drawn here in the browser by the `qrcode` package, loaded only on this screen) or the key
// as text, confirm with a code, then keep the one-time recovery codes shown once
// (docs/decisions/0200-staff-second-factors.md).

/** An object URL of the QR code of `text` as SVG (img-src allows blob:, not data:). */
async function qrCodeUrl(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
}

export function TotpSetupScreen() {
  const { refresh, signOut } = useSession();
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [passkey, setPasskey] = useState<{ done: string | null; error: string | null }>({ done: null, error: null });

  useEffect(() => {
    postJson('/totp/setup', {}, totpSetupSchema)
      .then(setSetup)
      .catch((e: unknown) => setError(e instanceof ApiProblem ? e.message : '二要素認証の準備に失敗しました。'));
  }, []);

  useEffect(() => {
    if (!setup) return;
    let url: string | null = null;
    qrCodeUrl(setup.uri)
      .then((u) => setQr((url = u)))
      .catch(() => setQr(null));
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [setup]);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const totpCode = String(new FormData(event.currentTarget).get('totpCode') ?? '').trim();
    setError(null);
    try {
      setRecoveryCodes((await postJson('/totp/confirm', { totpCode }, totpConfirmedSchema)).recoveryCodes);
    } catch (e) {
      setError(e instanceof ApiProblem ? e.message : '登録できませんでした。');
    }
  }

  if (recoveryCodes) {
    return (
      <main id="main" className="narrow" tabIndex={-1}>
        <h1>リカバリーコード</h1>
        <p className="notice">二要素認証を登録しました。</p>
        <p>
          スマートフォンを紛失したときは、ワンタイムパスワードの代わりに次のリカバリーコードでログインできます。各コードは1回だけ使えます。この画面は二度と表示されません。印刷するか、安全な場所に控えてください。
        </p>
        <ol className="recovery-codes" aria-label="リカバリーコード">
          {recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        {passkeysOffered() && (
          <section aria-labelledby="passkey-offer">
            <h2 id="passkey-offer">パスキーの登録（おすすめ）</h2>
            <p>この端末にパスキーを登録すると、次回から認証アプリのコードの代わりに、指紋・顔認証や画面ロックで本人確認できます。あとで画面上部の「パスキー」からも登録できます。</p>
            <Outcome done={passkey.done} error={passkey.error} />
            {!passkey.done && (
              <button
                type="button"
                className="secondary"
                onClick={() =>
                  void registerPasskey().then(
                    () => setPasskey({ done: passkeyRegistered, error: null }),
                    () => setPasskey({ done: null, error: passkeyNotRegistered }),
                  )
                }
              >
                この端末にパスキーを登録する
              </button>
            )}
          </section>
        )}
        <button type="button" onClick={() => void refresh()}>
          控えました。管理画面へ進む
        </button>
      </main>
    );
  }

  return (
    <main id="main" className="narrow" tabIndex={-1}>
      <h1>二要素認証の登録</h1>
      <p>ログインのたびに、認証アプリのワンタイムパスワードが必要です。認証アプリで次のQRコードを読み取るか、セットアップキーを入力してください。</p>
      {setup && (
        <div className="fields-block">
          {qr && <img className="totp-qr" src={qr} alt="認証アプリ登録用のQRコード" />}
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
