import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { totpConfirmBodySchema, totpConfirmedSchema, totpSetupSchema } from '@koza/domain/api/admin';
import { ApiProblem, postJson } from '../api.ts';
import { useSession } from '../session.tsx';
import { useForm } from '../use-form.tsx';
import { passkeysOffered } from './passkey-ceremony.ts';
import { PasskeyRegistration } from './passkey-registration.tsx';

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
  // A new key for this enrolment, asked once when the screen opens (never again from the cache).
  const started = useQuery({ queryKey: ['admin', 'totp-setup'], queryFn: () => postJson('/totp/setup', {}, totpSetupSchema), staleTime: Infinity, gcTime: 0 });
  const setup = started.data ?? null;
  const [qr, setQr] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const form = useForm({
    prefix: 'totp',
    initial: { totpCode: '' },
    schema: totpConfirmBodySchema,
    body: (v) => ({ totpCode: v.totpCode.trim() }),
    save: async (body) => setRecoveryCodes((await postJson('/totp/confirm', body, totpConfirmedSchema)).recoveryCodes),
    failText: '登録できませんでした。',
  });
  const error = form.error ?? (started.error ? (started.error instanceof ApiProblem ? started.error.message : '二要素認証の準備に失敗しました。') : null);

  // Draws the QR code of the key (a local picture, not data from the API) and frees it afterwards.
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
            <p>
              この端末にパスキーを登録すると、次回から認証アプリのコードの代わりに、指紋・顔認証や画面ロックで本人確認できます。あとで画面上部の「パスキー」からも登録できます。
            </p>
            <PasskeyRegistration prefix="offer-passkey" offer />
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
      <form ref={form.formRef} onSubmit={form.onSubmit} noValidate>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="field">
          <label htmlFor={form.id('totpCode')}>認証アプリに表示された6桁のコード</label>
          <input inputMode="numeric" autoComplete="one-time-code" required {...form.field('totpCode')} />
          {form.message('totpCode')}
        </div>
        <button type="submit" className="primary" disabled={form.pending}>
          登録する
        </button>{' '}
        <button type="button" className="secondary" onClick={() => void signOut()}>
          ログアウト
        </button>
      </form>
    </main>
  );
}
