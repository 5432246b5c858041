import { useState } from 'react';
import { z } from 'zod';
import { staffChangeResultSchema, staffCreateBodySchema, staffListSchema, staffRoleBodySchema } from '@koza/domain/api/admin';
import { roleLabels, staffRoles } from '@koza/domain/admin/roles';
import { staffAuth } from '@koza/domain/admin/rules';
import { ApiProblem, post, postJson } from '../api.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { DataTable } from '../data-table.tsx';
import type { Column } from '../data-table.tsx';
import { formatDateTime } from '../format.ts';
import { Outcome } from '../outcome.tsx';
import { useApiMutation, useApiQuery } from '../queries.ts';
import { useSession } from '../session.tsx';
import { useForm } from '../use-form.tsx';
import { MemberSessions } from './staff-sessions.tsx';

type Member = z.infer<typeof staffListSchema>['items'][number];

/**
 * The changes an ADMIN can make to another member, each asked for again (in the one dialog) before it
 * is made. Where the bank has had two ADMINs, a new account, a role, a reset and the stop of an ADMIN
 * wait for a different ADMIN's confirmation (decision 0233); `waiting` says so.
 */
const memberChanges = {
  confirm: {
    button: '確認',
    question:
      'の確認待ちの変更（作成・権限変更・リセット・利用停止）を確認しますか？確認すると変更が有効になります。初期パスワードが必要な場合は、この画面に一度だけ表示されます。',
    confirm: '確認する',
    done: 'の変更を確認しました。',
  },
  disable: {
    button: '利用停止',
    question: 'を利用停止しますか？ログイン中の場合はログアウトされ、承認申請・取消申請は取り下げられます。管理者の利用停止は別の管理者の確認後に行われます。',
    confirm: '利用停止する',
    done: 'を利用停止しました。',
  },
  enable: { button: '利用再開', question: 'の利用を再開しますか？', confirm: '利用を再開する', done: 'の利用を再開しました。' },
  'totp-reset': {
    button: '二要素認証をリセット',
    question: 'の二要素認証をリセットしますか？次回ログイン時に認証アプリの登録からやり直します。管理者が2名以上いる場合は、別の管理者の確認後に行われます。',
    confirm: 'リセットする',
    done: 'の二要素認証をリセットしました。',
  },
  password: {
    button: 'パスワード再設定',
    question:
      'のパスワードを再設定しますか？新しい初期パスワードはシステムが作成し、再設定を行った管理者の画面に一度だけ表示されます（管理者が2名以上いる場合は、確認した別の管理者の画面）。1回だけ使え、次回ログイン時に本人が変更します。',
    confirm: '再設定する',
    done: 'のパスワードを再設定しました。',
  },
  role: {
    button: '権限変更',
    question: 'の新しい権限を選んでください。管理者が2名以上いる場合は、別の管理者の確認後に変わります。ログイン中の場合はログアウトされます。',
    confirm: '権限を変更する',
    done: 'の権限変更を受け付けました。',
  },
  'sessions/end': {
    button: 'ログインを終了',
    question: 'のログイン中のセッションをすべて終了しますか？',
    confirm: '終了する',
    done: 'のセッションを終了しました。',
  },
} as const;
type MemberChange = keyof typeof memberChanges;

/** What waits for a second ADMIN, in words; null when nothing waits. */
function waitingText(s: Member): string | null {
  const parts = [
    s.pendingRole ? `権限変更（${roleLabels[s.pendingRole]}へ）` : null,
    s.pendingPasswordReset ? 'パスワード再設定' : null,
    s.pendingSecondFactorReset ? '二要素認証のリセット' : null,
    s.pendingDisable ? '利用停止' : null,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : `${parts.join('・')}の確認待ち（依頼：${s.changedBy.join('、')}）`;
}

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

const noBody = z.object({});

/** Changes answered with whether they wait and, when a password was set now, the one-time password. */
const answeredChanges: ReadonlySet<MemberChange> = new Set(['confirm', 'disable', 'totp-reset', 'password', 'role']);

/** A one-time password the server chose, for the ADMIN to hand to the member in person: shown once. */
interface HandedPassword {
  member: Member;
  password: string;
}

/** One change of a member, asked for in the dialog: its question names the member and the consequence; a role has its field. */
function MemberChangeDialog({
  kind,
  member,
  onDone,
  onCancel,
}: {
  kind: MemberChange;
  member: Member;
  onDone: (text: string, handed: HandedPassword | null) => void;
  onCancel: () => void;
}) {
  const text = memberChanges[kind];
  const path = `/staff/${encodeURIComponent(member.id)}/${kind}`;
  const call = useApiMutation(
    async (body: unknown) => (answeredChanges.has(kind) ? postJson(path, body, staffChangeResultSchema) : (await post(path, body), null)),
    ['/staff'],
  );
  const form = useForm({
    prefix: 'staff-change',
    initial: { role: member.role as string },
    schema: kind === 'role' ? staffRoleBodySchema : noBody,
    body: (v) => (kind === 'role' ? { role: v.role } : {}),
    save: async (body) => {
      const result = await call.mutateAsync(body);
      const done = result?.awaitingConfirmation
        ? `${member.loginId} の${text.button}を受け付けました。別の管理者の確認後に有効になります。`
        : `${member.loginId} ${text.done}`;
      onDone(done, result?.oneTimePassword ? { member, password: result.oneTimePassword } : null);
    },
    failText: '変更できませんでした。',
  });
  return (
    <ConfirmDialog
      title={`${member.loginId} の${text.button}`}
      confirmLabel={text.confirm}
      danger={kind !== 'enable' && kind !== 'confirm'}
      pending={form.pending}
      error={form.error}
      onCancel={onCancel}
      onConfirm={() => form.formRef.current?.requestSubmit()}
    >
      <p>
        {member.loginId}（{member.displayName}）{text.question}
      </p>
      <form ref={form.formRef} onSubmit={form.onSubmit} noValidate>
        {kind === 'role' && (
          <div className="field">
            <label htmlFor={form.id('role')}>新しい権限</label>
            <select {...form.field('role')}>
              {staffRoles.map((r) => (
                <option key={r} value={r}>
                  {roleLabels[r]}
                </option>
              ))}
            </select>
            {form.message('role')}
          </div>
        )}
      </form>
    </ConfirmDialog>
  );
}

/** The one-time password, shown once to the ADMIN who made it take effect, for the member in person. */
function HandedPasswordPanel({ handed, onClose }: { handed: HandedPassword; onClose: () => void }) {
  return (
    <section aria-labelledby="handed-password" className="notice">
      <h2 id="handed-password">
        {handed.member.loginId}（{handed.member.displayName}）の初期パスワード
      </h2>
      <p>
        この画面に一度だけ表示されます。ご本人に対面で伝えてください（メール・チャットで送らないでください）。1回だけ使え、次回ログイン時にご本人が変更します。
      </p>
      <p>
        <code aria-label="初期パスワード">{handed.password}</code>
      </p>
      <button type="button" className="secondary" onClick={onClose}>
        伝えたので閉じる
      </button>
    </section>
  );
}

const createdSchema = z.object({ loginId: z.string(), awaitingConfirmation: z.boolean() });

function NewMemberForm({ onDone }: { onDone: (text: string) => void }) {
  const create = useApiMutation((body: unknown) => postJson('/staff', body, createdSchema), ['/staff']);
  const form = useForm({
    prefix: 'staff',
    initial: { loginId: '', displayName: '', role: 'REVIEWER', password: '' },
    schema: staffCreateBodySchema,
    save: async (body) => {
      const created = await create.mutateAsync(body);
      onDone(
        `${created.loginId} を作成しました。${created.awaitingConfirmation ? '別の管理者の確認後にログインできます。初期パスワードは、確認した管理者の画面に表示されるものに置き換わります。' : ''}`,
      );
    },
    failText: '作成できませんでした。',
  });
  return (
    <section aria-labelledby="new-staff">
      <h2 id="new-staff">職員アカウントの作成</h2>
      {form.error && (
        <p className="error" role="alert">
          {form.error}
        </p>
      )}
      <form ref={form.formRef} onSubmit={form.onSubmit} className="grid-form" noValidate>
        <div className="field">
          <label htmlFor={form.id('loginId')}>ログインID</label>
          <input autoComplete="off" {...form.field('loginId')} />
          {form.message('loginId')}
        </div>
        <div className="field">
          <label htmlFor={form.id('displayName')}>氏名</label>
          <input autoComplete="off" {...form.field('displayName')} />
          {form.message('displayName')}
        </div>
        <div className="field">
          <label htmlFor={form.id('role')}>権限</label>
          <select {...form.field('role')}>
            {staffRoles.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </select>
          {form.message('role')}
        </div>
        <div className="field">
          <label htmlFor={form.id('password')}>初期パスワード（{staffAuth.passwordMinLength}文字以上・初回ログイン時に本人が変更）</label>
          <input type="password" autoComplete="new-password" {...form.field('password')} />
          {form.message('password')}
        </div>
        <div className="actions">
          <button type="submit" className="primary" disabled={form.pending}>
            作成する
          </button>
        </div>
      </form>
    </section>
  );
}

/** ADMIN: the bank's staff accounts, a new account, confirmations, lifting a sign-in limit, stopping and restarting, resets, roles. */
export function StaffScreen() {
  const { session, can } = useSession();
  const list = useApiQuery('/staff', staffListSchema, { enabled: can('staff.manage') });
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState<{ kind: MemberChange; member: Member } | null>(null);
  const [sessionsOf, setSessionsOf] = useState<Member | null>(null);
  const [handed, setHanded] = useState<HandedPassword | null>(null);
  const unlock = useApiMutation((member: Member) => post(`/staff/${encodeURIComponent(member.id)}/unlock`), ['/staff']);

  if (!can('staff.manage')) return <p className="error">この操作を行う権限がありません。</p>;

  const actionsOf = (s: Member) => {
    if (s.id === session?.staff.id) return <span>（ご自身）</span>;
    const waiting = s.awaitingConfirmation || waitingText(s) !== null;
    const kinds: MemberChange[] = [
      ...(waiting ? (['confirm'] as const) : []),
      s.disabled ? 'enable' : 'disable',
      ...(s.totpEnabled ? (['totp-reset'] as const) : []),
      'password',
      'role',
    ];
    return (
      <div className="row-actions">
        {/* Offered while the throttle holds the member back (or a lock-out from before it is left). */}
        {(s.locked || s.signInLimitedUntil) && (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setDone(null);
              unlock.mutate(s, { onSuccess: () => setDone(`${s.loginId} のログイン制限を解除しました。`) });
            }}
          >
            {s.loginId} のログイン制限を解除
          </button>
        )}
        <button type="button" className="secondary" aria-label={`${s.loginId} のログイン状況`} onClick={() => setSessionsOf(s)}>
          ログイン状況
        </button>
        {kinds.map((kind) => (
          <button
            key={kind}
            type="button"
            className="secondary"
            aria-label={`${s.loginId} の${memberChanges[kind].button}`}
            onClick={() => setPending({ kind, member: s })}
          >
            {memberChanges[kind].button}
          </button>
        ))}
      </div>
    );
  };

  const columns: Column<Member>[] = [
    { key: 'loginId', header: 'ログインID', cell: (s) => s.loginId },
    { key: 'displayName', header: '氏名', cell: (s) => s.displayName },
    { key: 'role', header: '権限', cell: (s) => roleLabels[s.role] },
    { key: 'totp', header: '二要素認証', cell: (s) => (s.totpEnabled ? '登録済' : '—') },
    { key: 'state', header: '状態', cell: stateOf },
    { key: 'createdAt', header: '作成日時', cell: (s) => formatDateTime(s.createdAt) },
    { key: 'createdBy', header: '作成者', cell: (s) => s.createdBy ?? 'コマンドライン' },
    { key: 'confirmedBy', header: '確認者', cell: (s) => s.confirmedBy ?? (s.awaitingConfirmation || waitingText(s) ? '確認待ち' : '—') },
    { key: 'actions', header: '操作', cell: actionsOf },
  ];
  const failure = unlock.error
    ? unlock.error instanceof ApiProblem
      ? unlock.error.message
      : '解除できませんでした。'
    : list.error
      ? '読み込めませんでした。'
      : null;

  return (
    <>
      <h1>職員管理</h1>
      <Outcome done={done} error={failure} />
      {pending && (
        <MemberChangeDialog
          key={`${pending.kind}-${pending.member.id}`}
          kind={pending.kind}
          member={pending.member}
          onCancel={() => setPending(null)}
          onDone={(text, password) => {
            setPending(null);
            setDone(text);
            setHanded(password);
          }}
        />
      )}
      {sessionsOf && (
        <MemberSessions member={sessionsOf} onEnd={() => setPending({ kind: 'sessions/end', member: sessionsOf })} onClose={() => setSessionsOf(null)} />
      )}
      {handed && <HandedPasswordPanel handed={handed} onClose={() => setHanded(null)} />}
      <NewMemberForm onDone={setDone} />
      <section aria-labelledby="staff-list">
        <h2 id="staff-list">職員一覧</h2>
        {list.isPending && <p role="status">読み込み中…</p>}
        {list.data && <DataTable columns={columns} rows={list.data.items} rowKey={(s) => s.id} />}
      </section>
    </>
  );
}
