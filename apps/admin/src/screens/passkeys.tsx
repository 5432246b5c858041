import { useState } from 'react';
import type { z } from 'zod';
import { passkeyListSchema, reauthCodeSchema } from '@koza/domain/api/admin';
import { post } from '../api.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { DataTable } from '../data-table.tsx';
import { formatDateTime } from '../format.ts';
import { Outcome } from '../outcome.tsx';
import { useApiQuery } from '../queries.ts';
import { useForm } from '../use-form.tsx';
import { passkeysOffered } from './passkey-ceremony.ts';
import { PasskeyRegistration } from './passkey-registration.tsx';
import { SecondFactorField } from './second-factor-field.tsx';

// A member's passkeys (docs/decisions/0220-staff-passkeys.md): registered here after sign-in, at the
// bank's host the member signs in at, and used at sign-in instead of the authenticator app's code,
// which stays the fallback. Loaded and changed like the other list screens.

type Passkey = z.infer<typeof passkeyListSchema>['items'][number];

/** Removing a passkey, asked again in the dialog with the member's second factor (issue 42). */
function RemovePasskeyDialog({ passkey, onDone, onCancel }: { passkey: Passkey; onDone: () => void; onCancel: () => void }) {
  const form = useForm({
    prefix: 'remove-passkey',
    initial: { totpCode: '' },
    schema: reauthCodeSchema,
    save: (body) => post(`/passkeys/${encodeURIComponent(passkey.id)}/delete`, body),
    onSaved: onDone,
    failText: '削除できませんでした。',
  });
  return (
    <ConfirmDialog
      title="パスキーを削除しますか？"
      confirmLabel="削除を確定する"
      pending={form.pending}
      error={form.error}
      onCancel={onCancel}
      onConfirm={() => form.formRef.current?.requestSubmit()}
    >
      <p>
        {formatDateTime(passkey.createdAt)}に{passkey.host}
        で登録したパスキーを削除します。元に戻せません。削除した後も、ワンタイムパスワードでログインできます。
      </p>
      <form ref={form.formRef} onSubmit={form.onSubmit} noValidate>
        <SecondFactorField field={form.field('totpCode')} message={form.message('totpCode')} />
      </form>
    </ConfirmDialog>
  );
}

export function PasskeysScreen() {
  const list = useApiQuery('/passkeys', passkeyListSchema);
  const [done, setDone] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const offered = passkeysOffered();
  const items = list.data?.items;

  return (
    <>
      <h1>パスキー</h1>
      <p>
        パスキーを登録すると、ログインのときに認証アプリのワンタイムパスワードの代わりに、この端末の指紋・顔認証や画面ロックで本人確認できます。パスキーが使えないときは、これまでどおりワンタイムパスワードでログインできます。
      </p>
      <Outcome done={done} error={list.error ? '読み込めませんでした。' : null} />
      {removing && (
        <RemovePasskeyDialog
          key={removing.id}
          passkey={removing}
          onCancel={() => setRemoving(null)}
          onDone={() => {
            setRemoving(null);
            setDone('パスキーを削除しました。');
            void list.refetch();
          }}
        />
      )}
      {offered ? (
        <PasskeyRegistration prefix="passkey" onRegistered={() => void list.refetch()} />
      ) : (
        <p className="notice">このブラウザではパスキーを使えません。ワンタイムパスワードでログインしてください。</p>
      )}
      <section aria-labelledby="passkey-list">
        <h2 id="passkey-list">登録済みのパスキー</h2>
        {items && items.length === 0 && <p>登録済みのパスキーはありません。</p>}
        {items && items.length > 0 && (
          <DataTable<Passkey>
            columns={[
              { key: 'host', header: '登録先', cell: (p) => p.host },
              { key: 'createdAt', header: '登録日時', cell: (p) => formatDateTime(p.createdAt) },
              { key: 'lastUsedAt', header: '最後に使った日時', cell: (p) => (p.lastUsedAt ? formatDateTime(p.lastUsedAt) : '未使用') },
              {
                key: 'actions',
                header: '操作',
                cell: (p) => (
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`${formatDateTime(p.createdAt)}に登録したパスキー${items.indexOf(p) + 1}を削除`}
                    onClick={() => {
                      setDone(null);
                      setRemoving(p);
                    }}
                  >
                    削除
                  </button>
                ),
              },
            ]}
            rows={items}
            rowKey={(p) => p.id}
          />
        )}
      </section>
    </>
  );
}
