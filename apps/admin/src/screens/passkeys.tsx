import { useState } from 'react';
import type { z } from 'zod';
import { passkeyListSchema } from '@koza/domain/api/admin';
import { ApiProblem, post } from '../api.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { DataTable } from '../data-table.tsx';
import { formatDateTime } from '../format.ts';
import { Outcome } from '../outcome.tsx';
import { useApiMutation, useApiQuery } from '../queries.ts';
import { passkeyNotRegistered, passkeyRegistered, passkeysOffered, registerPasskey } from './passkey-ceremony.ts';

// A member's passkeys (docs/decisions/0220-staff-passkeys.md): registered here after sign-in, at the
// bank's host the member signs in at, and used at sign-in instead of the authenticator app's code,
// which stays the fallback. Loaded and changed like the other list screens.

type Passkey = z.infer<typeof passkeyListSchema>['items'][number];

export function PasskeysScreen() {
  const list = useApiQuery('/passkeys', passkeyListSchema);
  const [done, setDone] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const register = useApiMutation(() => registerPasskey(), ['/passkeys']);
  const remove = useApiMutation((p: Passkey) => post(`/passkeys/${encodeURIComponent(p.id)}/delete`), ['/passkeys']);
  const offered = passkeysOffered();
  const items = list.data?.items;
  const failure = register.error
    ? passkeyNotRegistered
    : remove.error
      ? remove.error instanceof ApiProblem
        ? remove.error.message
        : '削除できませんでした。'
      : list.error
        ? '読み込めませんでした。'
        : null;

  return (
    <>
      <h1>パスキー</h1>
      <p>
        パスキーを登録すると、ログインのときに認証アプリのワンタイムパスワードの代わりに、この端末の指紋・顔認証や画面ロックで本人確認できます。パスキーが使えないときは、これまでどおりワンタイムパスワードでログインできます。
      </p>
      <Outcome done={done} error={failure} />
      {removing && (
        <ConfirmDialog
          title="パスキーを削除しますか？"
          confirmLabel="削除を確定する"
          pending={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing, {
              onSuccess: () => {
                setDone('パスキーを削除しました。');
                setRemoving(null);
              },
              onError: () => setRemoving(null),
            })
          }
        >
          <p>
            {formatDateTime(removing.createdAt)}に{removing.host}
            で登録したパスキーを削除します。元に戻せません。削除した後も、ワンタイムパスワードでログインできます。
          </p>
        </ConfirmDialog>
      )}
      {offered ? (
        <p>
          <button
            type="button"
            className="primary"
            onClick={() => {
              setDone(null);
              remove.reset();
              register.mutate(undefined, { onSuccess: () => setDone(passkeyRegistered) });
            }}
            disabled={register.isPending}
          >
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
                      register.reset();
                      remove.reset();
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
