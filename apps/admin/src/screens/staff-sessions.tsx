import { useEffect, useState } from 'react';
import { staffSessionsSchema } from '@koza/domain/api/admin';
import type { z } from 'zod';
import { ApiProblem, getJson } from '../api.ts';
import { formatDateTime } from '../format.ts';

type Sessions = z.infer<typeof staffSessionsSchema>['items'];

/**
 * ADMIN: a member's live sessions (when and where each was opened, when last used, which browser),
 * with ending them all (asked again by the staff screen's confirmation). `version` changes after
 * each change on the staff screen, so the list is read again.
 */
export function MemberSessions({ member, version, onEnd, onClose }: { member: { id: string; loginId: string }; version: string | null; onEnd(): void; onClose(): void }) {
  const [items, setItems] = useState<Sessions | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setError(null);
    getJson(`/staff/${encodeURIComponent(member.id)}/sessions`, staffSessionsSchema)
      .then((s) => live && setItems(s.items))
      .catch((e: unknown) => live && setError(e instanceof ApiProblem ? e.message : '読み込めませんでした。'));
    return () => {
      live = false;
    };
  }, [member.id, version]);

  return (
    <section aria-labelledby="member-sessions" className="confirm">
      <h2 id="member-sessions">{member.loginId} のログイン状況</h2>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {items && items.length === 0 && <p>ログイン中のセッションはありません。</p>}
      {items && items.length > 0 && (
        <table>
          <caption>ログイン中のセッション（{items.length}件）</caption>
          <thead>
            <tr>
              <th scope="col">ログイン日時</th>
              <th scope="col">最後の操作</th>
              <th scope="col">接続元</th>
              <th scope="col">ブラウザ</th>
            </tr>
          </thead>
          <tbody>
            {items.map((s) => (
              <tr key={s.createdAt + (s.ipAddress ?? '')}>
                <td>{formatDateTime(s.createdAt)}</td>
                <td>{formatDateTime(s.lastSeenAt)}</td>
                <td>{s.ipAddress ?? '不明'}</td>
                <td>{s.userAgent ?? '不明'}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
