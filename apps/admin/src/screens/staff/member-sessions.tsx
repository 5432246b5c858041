import { staffSessionsSchema } from '@koza/domain/api/admin';
import type { z } from 'zod';
import { ApiProblem } from '../../api.ts';
import { DataTable } from '../../data-table.tsx';
import { formatDateTime } from '../../format.ts';
import { useApiQuery } from '../../queries.ts';

type Session = z.infer<typeof staffSessionsSchema>['items'][number];

/**
 * ADMIN: a member's live sessions (when and where each was opened, when last used, which browser),
 * with ending them all (asked again by the staff screen's confirmation). A change on the staff
 * screen invalidates every /staff query, so this list is read again after it.
 */
export function MemberSessions({ member, onEnd, onClose }: { member: { id: string; loginId: string }; onEnd(): void; onClose(): void }) {
  const sessions = useApiQuery(`/staff/${encodeURIComponent(member.id)}/sessions`, staffSessionsSchema);
  const items = sessions.data?.items;

  return (
    <section aria-labelledby="member-sessions" className="confirm">
      <h2 id="member-sessions">{member.loginId} のログイン状況</h2>
      {sessions.error && (
        <p className="error" role="alert">
          {sessions.error instanceof ApiProblem ? sessions.error.message : '読み込めませんでした。'}
        </p>
      )}
      {items && items.length === 0 && <p>ログイン中のセッションはありません。</p>}
      {items && items.length > 0 && (
        <DataTable<Session>
          caption={`ログイン中のセッション（${items.length}件）`}
          columns={[
            { key: 'createdAt', header: 'ログイン日時', cell: (s) => formatDateTime(s.createdAt) },
            { key: 'lastSeenAt', header: '最後の操作', cell: (s) => formatDateTime(s.lastSeenAt) },
            { key: 'ipAddress', header: '接続元', cell: (s) => s.ipAddress ?? '不明' },
            { key: 'userAgent', header: 'ブラウザ', cell: (s) => s.userAgent ?? '不明' },
          ]}
          rows={items}
          rowKey={(s) => s.createdAt + (s.ipAddress ?? '')}
        />
      )}
      <div className="actions">
        {items && items.length > 0 && (
          <button type="button" className="danger" onClick={onEnd}>
            {member.loginId} のログインをすべて終了
          </button>
        )}
        <button type="button" className="secondary" onClick={onClose}>
          閉じる
        </button>
      </div>
    </section>
  );
}
