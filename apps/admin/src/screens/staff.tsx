import { useState } from 'react';
import type { FormEvent } from 'react';
import { staffListSchema } from '@koza/domain/api/admin';
import type { z } from 'zod';
import { roleLabels, staffRoles } from '@koza/domain/admin/roles';
import { staffAuth } from '@koza/domain/admin/rules';
import { post } from '../api.ts';
import { formText, useFieldErrors } from '../field-errors.tsx';
import { formatDateTime } from '../format.ts';
import { Outcome, useListScreen } from '../list-screen.tsx';
import { useSession } from '../session.tsx';
import { MemberSessions } from './staff-sessions.tsx';

type Member = z.infer<typeof staffListSchema>['items'][number];

/** The changes an ADMIN can make to another member, each asked for again before it is made. */
const memberChanges = {
  disable: { button: '利用停止', question: 'を利用停止しますか？ログイン中の場合はログアウトされます。', confirm: '利用停止する', done: 'を利用停止しました。' },
  enable: { button: '利用再開', question: 'の利用を再開しますか？', confirm: '利用を再開する', done: 'の利用を再開しました。' },
  'totp-reset': {
    button: '二要素認証をリセット',
    question: 'の二要素認証をリセットしますか？次回ログイン時に認証アプリの登録からやり直します。',
    confirm: 'リセットする',
    done: 'の二要素認証をリセットしました。',
  },
  password: {
    button: 'パスワード再設定',
    question: 'の新しい初期パスワードを入力してください。1回だけ使え、次回ログイン時に本人が変更します。ログイン中の場合はログアウトされます。',
    confirm: '再設定する',
    done: 'のパスワードを再設定しました。',
  },
  'sessions/end': { button: 'ログインを終了', question: 'のログイン中のセッションをすべて終了しますか？', confirm: '終了する', done: 'のセッションを終了しました。' },
  role: {
    button: '権限変更',
    question: 'の新しい権限を選んでください。管理者が2名以上いる場合は、別の管理者の確認後に変わります。ログイン中の場合はログアウトされます。',
    confirm: '権限を変更する',
    done: 'の権限変更を受け付けました。',
  },
  confirm: {
    button: '確認',
    question: 'の作成・権限変更を確認しますか？確認すると、作成されたアカウントはログインでき、変更された権限が有効になります。',
    confirm: '確認する',
    done: 'の作成・権限変更を確認しました。',
  },
} as const;
type MemberChange = keyof typeof memberChanges;

/** The member's state: stopped, locked (from before throttling), held back by the sign-in throttle (decision 0202), or free. */
const stateOf = (s: Member) =>
  s.awaitingConfirmation
    ? '確認待ち（別の管理者の確認後にログイン可）'
    : s.pendingRole
      ? `権限変更の確認待ち（${roleLabels[s.pendingRole]}へ）`
      : s.disabled
        ? '利用停止中'
        : s.locked
          ? 'ロック中'
          : s.signInLimitedUntil
            ? `ログイン制限中（${formatDateTime(s.signInLimitedUntil)}まで）`
            : '利用可';

/** ADMIN: the bank's staff accounts, a new account, lifting a lock-out, stopping and restarting, resets. */
export function StaffScreen() {
  const { session, can } = useSession();
  const { items, form, done, change } = useListScreen('/staff', staffListSchema, 'staff');
  // The confirmation's own form (the new password of a reset), apart from the new-account form.
  const changeForm = useFieldErrors('staff-change');
  const [pending, setPending] = useState<{ kind: MemberChange; member: Member } | null>(null);
  const [sessionsOf, setSessionsOf] = useState<Member | null>(null);

  if (!can('staff.manage')) return <p className="error">この操作を行う権限がありません。</p>;

  async function submitNew(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const data = new FormData(formElement);
    const body = { loginId: formText(data, 'loginId'), displayName: String(data.get('displayName') ?? ''), role: formText(data, 'role'), password: String(data.get('password') ?? '') };
    if (await change(() => post('/staff', body), `${body.loginId} を作成しました。`, '作成できませんでした。')) formElement.reset();
  }

  async function unlock(member: Member) {
    setPending(null);
    await change(() => post(`/staff/${encodeURIComponent(member.id)}/unlock`), `${member.loginId} のログイン制限を解除しました。`, '解除できませんでした。');
  }

  async function confirmChange(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pending) return;
    const { kind, member } = pending;
    const data = new FormData(event.currentTarget);
    const body = kind === 'password' ? { password: String(data.get('password') ?? '') } : kind === 'role' ? { role: String(data.get('role') ?? '') } : undefined;
    const text = memberChanges[kind];
    const call = () => post(`/staff/${encodeURIComponent(member.id)}/${kind}`, body);
    if (await change(call, `${member.loginId} ${text.done}`, '変更できませんでした。', changeForm)) setPending(null);
  }

  const actionsOf = (s: Member) => {
    if (s.id === session?.staff.id) return <span>（ご自身）</span>;
    const waiting = s.awaitingConfirmation || s.pendingRole !== null;
    const kinds: MemberChange[] = [...(waiting ? (['confirm'] as const) : []), s.disabled ? 'enable' : 'disable', ...(s.totpEnabled ? (['totp-reset'] as const) : []), 'password', 'role'];
    return (
      <div className="row-actions">
        {/* Offered while the throttle holds the member back (or a lock-out from before it is left). */}
        {(s.locked || s.signInLimitedUntil) && (
          <button type="button" className="secondary" onClick={() => void unlock(s)}>
            {s.loginId} のログイン制限を解除
          </button>
        )}
        <button type="button" className="secondary" aria-label={`${s.loginId} のログイン状況`} onClick={() => setSessionsOf(s)}>
          ログイン状況
        </button>
        {kinds.map((kind) => (
          <button key={kind} type="button" className="secondary" aria-label={`${s.loginId} の${memberChanges[kind].button}`} onClick={() => setPending({ kind, member: s })}>
            {memberChanges[kind].button}
          </button>
        ))}
      </div>
    );
  };

  return (
    <>
      <h1>職員管理</h1>
      <Outcome done={done} error={form.error ?? changeForm.error} />
      {pending && (
        <form key={`${pending.kind}-${pending.member.id}`} className="confirm" aria-labelledby="change-question" onSubmit={(e) => void confirmChange(e)} noValidate>
          <p id="change-question">
            {pending.member.loginId}（{pending.member.displayName}）{memberChanges[pending.kind].question}
          </p>
          {pending.kind === 'role' && (
            <div className="field">
              <label htmlFor={changeForm.id('role')}>新しい権限</label>
              <select defaultValue={pending.member.role} {...changeForm.input('role')}>
                {staffRoles.map((r) => (
                  <option key={r} value={r}>
                    {roleLabels[r]}
                  </option>
                ))}
              </select>
              {changeForm.message('role')}
            </div>
          )}
          {pending.kind === 'password' && (
            <div className="field">
              <label htmlFor={changeForm.id('password')}>新しい初期パスワード（{staffAuth.passwordMinLength}文字以上）</label>
              <input type="password" autoComplete="new-password" {...changeForm.input('password')} />
              {changeForm.message('password')}
            </div>
          )}
          <div className="actions">
            <button type="submit" className={pending.kind === 'enable' || pending.kind === 'confirm' ? undefined : 'danger'}>
              {memberChanges[pending.kind].confirm}
            </button>
            <button type="button" className="secondary" onClick={() => setPending(null)}>
              キャンセル
            </button>
          </div>
        </form>
      )}
      {sessionsOf && (
        <MemberSessions
          member={sessionsOf}
          version={done}
          onEnd={() => setPending({ kind: 'sessions/end', member: sessionsOf })}
          onClose={() => setSessionsOf(null)}
        />
      )}
      <section aria-labelledby="new-staff">
        <h2 id="new-staff">職員アカウントの作成</h2>
        <form onSubmit={(e) => void submitNew(e)} className="grid-form" noValidate>
          <div className="field">
            <label htmlFor={form.id('loginId')}>ログインID</label>
            <input autoComplete="off" {...form.input('loginId')} />
            {form.message('loginId')}
          </div>
          <div className="field">
            <label htmlFor={form.id('displayName')}>氏名</label>
            <input autoComplete="off" {...form.input('displayName')} />
            {form.message('displayName')}
          </div>
          <div className="field">
            <label htmlFor={form.id('role')}>権限</label>
            <select defaultValue="REVIEWER" {...form.input('role')}>
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
            <input type="password" autoComplete="new-password" {...form.input('password')} />
            {form.message('password')}
          </div>
          <div className="actions">
            <button type="submit">作成する</button>
          </div>
        </form>
      </section>
      <section aria-labelledby="staff-list">
        <h2 id="staff-list">職員一覧</h2>
        {items && (
          <table>
            <thead>
              <tr>
                <th scope="col">ログインID</th>
                <th scope="col">氏名</th>
                <th scope="col">権限</th>
                <th scope="col">二要素認証</th>
                <th scope="col">状態</th>
                <th scope="col">作成日時</th>
                <th scope="col">作成者</th>
                <th scope="col">確認者</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {items.map((s) => (
                <tr key={s.id}>
                  <td>{s.loginId}</td>
                  <td>{s.displayName}</td>
                  <td>{roleLabels[s.role]}</td>
                  <td>{s.totpEnabled ? '登録済' : '—'}</td>
                  <td>{stateOf(s)}</td>
                  <td>{formatDateTime(s.createdAt)}</td>
                  <td>{s.createdBy ?? 'コマンドライン'}</td>
                  <td>{s.confirmedBy ?? (s.awaitingConfirmation || s.pendingRole ? '確認待ち' : '—')}</td>
                  <td>{actionsOf(s)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
