import { roleLabels } from '@koza/domain/admin/roles';
import type { Column } from '../../data-table.tsx';
import { formatDateTime } from '../../format.ts';
import { memberChanges, waitingText, type Member, type MemberChange } from './member-changes.ts';

/** The member's state: waiting for a second ADMIN, stopped, locked, held back by the sign-in throttle (decision 0202), or free. */
const stateOf = (s: Member) =>
  s.awaitingConfirmation
    ? '確認待ち（別の管理者の確認後にログイン可）'
    : waitingText(s)
      ? waitingText(s)
      : s.disabled
        ? '利用停止中'
        : s.locked
          ? 'ロック中'
          : s.signInLimitedUntil
            ? `ログイン制限中（${formatDateTime(s.signInLimitedUntil)}まで）`
            : '利用可';

/** What the list offers for a member: the screen makes each happen (a change is asked for again in its dialog). */
interface MemberActionHandlers {
  /** The signed-in ADMIN, who changes nothing of their own here. */
  self: string | undefined;
  /** The bank signs staff in through its identity provider: links are offered (decision 0253). */
  provider: boolean;
  showSessions: (member: Member) => void;
  ask: (kind: MemberChange, member: Member) => void;
}

function MemberActions({ member: s, provider, showSessions, ask }: { member: Member } & Omit<MemberActionHandlers, 'self'>) {
  const waiting = s.awaitingConfirmation || waitingText(s) !== null;
  const kinds: MemberChange[] = [
    ...(waiting ? (['confirm'] as const) : []),
    // Offered while the throttle holds the member back (or a lock-out from before it is left).
    ...((s.locked || s.signInLimitedUntil) && !s.pendingUnlock ? (['unlock'] as const) : []),
    s.disabled ? 'enable' : 'disable',
    ...(s.totpEnabled ? (['totp-reset'] as const) : []),
    'password',
    'role',
    ...(provider && !s.pendingOidcSubject ? (['oidc-link'] as const) : []),
    ...(s.oidcSubject && !s.pendingOidcUnlink ? (['oidc-unlink'] as const) : []),
  ];
  return (
    <div className="row-actions">
      <button type="button" className="secondary" aria-label={`${s.loginId} のログイン状況`} onClick={() => showSessions(s)}>
        ログイン状況
      </button>
      {kinds.map((kind) => (
        <button key={kind} type="button" className="secondary" aria-label={`${s.loginId} の${memberChanges[kind].button}`} onClick={() => ask(kind, s)}>
          {memberChanges[kind].button}
        </button>
      ))}
    </div>
  );
}

/** The staff list's columns: who, role, second factor, state, who created and who confirmed, and the actions. */
export function staffColumns({ self, ...handlers }: MemberActionHandlers): Column<Member>[] {
  return [
    { key: 'loginId', header: 'ログインID', cell: (s) => s.loginId },
    { key: 'displayName', header: '氏名', cell: (s) => s.displayName },
    { key: 'role', header: '権限', cell: (s) => roleLabels[s.role] },
    { key: 'totp', header: '二要素認証', cell: (s) => (s.totpEnabled ? '登録済' : '—') },
    { key: 'state', header: '状態', cell: stateOf },
    ...(handlers.provider
      ? [
          {
            key: 'provider',
            header: '認証基盤',
            cell: (s: Member) =>
              s.oidcSubject ? (
                <>
                  <code>{s.oidcSubject}</code>
                  <br />
                  {s.lastOidcSignInAt ? `最終ログイン ${formatDateTime(s.lastOidcSignInAt)}` : '未ログイン'}
                </>
              ) : (
                '未紐付け'
              ),
          },
        ]
      : []),
    { key: 'createdAt', header: '作成日時', cell: (s) => formatDateTime(s.createdAt) },
    { key: 'createdBy', header: '作成者', cell: (s) => s.createdBy ?? 'コマンドライン' },
    { key: 'confirmedBy', header: '確認者', cell: (s) => s.confirmedBy ?? (s.awaitingConfirmation || waitingText(s) ? '確認待ち' : '—') },
    { key: 'actions', header: '操作', cell: (s) => (s.id === self ? <span>（ご自身）</span> : <MemberActions member={s} {...handlers} />) },
  ];
}
