import { useState } from 'react';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { passkeyListSchema, passkeyOptionsSchema } from '@koza/domain/api/admin';
import { post, postJson } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { Outcome, useListScreen } from '../list-screen.tsx';

// A member's passkeys (docs/decisions/0220-staff-passkeys.md): registered here after sign-in, at the
// bank's host the member signs in at, and used at sign-in instead of the authenticator app's code,
// which stays the fallback. Loaded and changed like the other list screens.

/**
 * Whether this browser can make and use passkeys (the sign-in screen offers them only then): the
 * test of @simplewebauthn/browser's browserSupportsWebAuthn, without loading the library, which is
 * loaded when a ceremony starts.
 */
export const passkeysOffered = (): boolean => typeof window.PublicKeyCredential === 'function';

/** @simplewebauthn/browser, loaded at the first ceremony (it is not needed to draw any screen). */
export const webauthn = () => import('@simplewebauthn/browser');

/** The whole registration: the API's options, the browser's ceremony, the new credential sent back. */
export async function registerPasskey(): Promise<void> {
  const { challengeId, options } = await postJson('/passkeys/options', {}, passkeyOptionsSchema);
  const { startRegistration } = await webauthn();
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  await post('/passkeys', { challengeId, response });
}

export const passkeyRegistered = 'パスキーを登録しました。次回から、パスワードとパスキーでログインできます。';
export const passkeyNotRegistered = 'パスキーを登録できませんでした。もう一度お試しください。';

export function PasskeysScreen() {
  const { items, form, done, change } = useListScreen('/passkeys', passkeyListSchema, 'passkeys');
  const [busy, setBusy] = useState(false);
  const offered = passkeysOffered();

  async function register() {
    setBusy(true);
    await change(registerPasskey, passkeyRegistered, passkeyNotRegistered);
    setBusy(false);
  }

  return (
    <>
      <h1>パスキー</h1>
      <p>
        パスキーを登録すると、ログインのときに認証アプリのワンタイムパスワードの代わりに、この端末の指紋・顔認証や画面ロックで本人確認できます。パスキーが使えないときは、これまでどおりワンタイムパスワードでログインできます。
      </p>
      <Outcome done={done} error={form.error} />
      {offered ? (
        <p>
          <button type="button" onClick={() => void register()} disabled={busy}>
            この端末にパスキーを登録する
          </button>
        </p>
      ) : (
        <p className="notice">このブラウザではパスキーを使えません。ワンタイムパスワードでログインしてください。</p>
      )}
      <section aria-labelledby="passkey-list">
        <h2 id="passkey-list">登録済みのパスキー</h2>
        {items && items.length === 0 && <p>登録済みのパスキーはありません。</p>}
        {items && items.length > 0 && (
          <table>
            <thead>
              <tr>
                <th scope="col">登録先</th>
                <th scope="col">登録日時</th>
                <th scope="col">最後に使った日時</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {items.map((p, i) => (
                <tr key={p.id}>
                  <td>{p.host}</td>
                  <td>{formatDateTime(p.createdAt)}</td>
                  <td>{p.lastUsedAt ? formatDateTime(p.lastUsedAt) : '未使用'}</td>
                  <td>
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`${formatDateTime(p.createdAt)}に登録したパスキー${i + 1}を削除`}
                      onClick={() => void change(() => post(`/passkeys/${encodeURIComponent(p.id)}/delete`), 'パスキーを削除しました。', '削除できませんでした。')}
                    >
                      削除
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
