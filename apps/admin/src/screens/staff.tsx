import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { staffListSchema } from '@koza/domain/api/admin';
import { roleLabels, staffRoles } from '@koza/domain/admin/roles';
import { staffAuth } from '@koza/domain/admin/rules';
import { ApiProblem, getJson, post } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { useSession } from '../session.tsx';

type StaffList = ReturnType<typeof staffListSchema.parse>;

/** ADMIN: the bank's staff accounts, a new account, lifting a lock-out. */
export function StaffScreen() {
  const { can } = useSession();
  const [list, setList] = useState<StaffList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setList(await getJson('/staff', staffListSchema));
    } catch (e) {
      setError(e instanceof ApiProblem ? e.message : '読み込めませんでした。');
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (!can('staff.manage')) return <p className="error">この操作を行う権限がありません。</p>;

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setError(null);
    setFieldErrors({});
    setNotice(null);
    try {
      await post('/staff', {
        loginId: String(form.get('loginId') ?? '').trim(),
        displayName: String(form.get('displayName') ?? ''),
        role: String(form.get('role') ?? ''),
        password: String(form.get('password') ?? ''),
      });
      setNotice(`${String(form.get('loginId'))} を作成しました。`);
      formElement.reset();
      await load();
    } catch (e) {
      if (e instanceof ApiProblem && e.fieldErrors.length > 0) setFieldErrors(Object.fromEntries(e.fieldErrors.map((f) => [f.field, f.message])));
      else setError(e instanceof ApiProblem ? e.message : '作成できませんでした。');
    }
  }

  async function unlock(id: string, loginId: string) {
    try {
      await post(`/staff/${encodeURIComponent(id)}/unlock`);
      setNotice(`${loginId} のロックを解除しました。`);
      await load();
    } catch (e) {
      setError(e instanceof ApiProblem ? e.message : '解除できませんでした。');
    }
  }

  const describedBy = (name: string) => (fieldErrors[name] ? `${name}-error` : undefined);
  const fieldError = (name: string) =>
    fieldErrors[name] ? (
      <p id={`${name}-error`} className="field-error">
        {fieldErrors[name]}
      </p>
    ) : null;

  return (
    <>
      <h1>職員管理</h1>
      <div aria-live="polite">{notice && <p className="notice">{notice}</p>}</div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <section aria-labelledby="new-staff">
        <h2 id="new-staff">職員アカウントの作成</h2>
        <form onSubmit={(e) => void create(e)} className="grid-form" noValidate>
          <div className="field">
            <label htmlFor="new-loginId">ログインID</label>
            <input id="new-loginId" name="loginId" autoComplete="off" aria-describedby={describedBy('loginId')} aria-invalid={Boolean(fieldErrors.loginId)} />
            {fieldError('loginId')}
          </div>
          <div className="field">
            <label htmlFor="new-displayName">氏名</label>
            <input id="new-displayName" name="displayName" autoComplete="off" aria-describedby={describedBy('displayName')} aria-invalid={Boolean(fieldErrors.displayName)} />
            {fieldError('displayName')}
          </div>
          <div className="field">
            <label htmlFor="new-role">権限</label>
            <select id="new-role" name="role" defaultValue="REVIEWER" aria-describedby={describedBy('role')}>
              {staffRoles.map((r) => (
                <option key={r} value={r}>
                  {roleLabels[r]}
                </option>
              ))}
            </select>
            {fieldError('role')}
          </div>
          <div className="field">
            <label htmlFor="new-password">初期パスワード（{staffAuth.passwordMinLength}文字以上）</label>
            <input id="new-password" name="password" type="password" autoComplete="new-password" aria-describedby={describedBy('password')} aria-invalid={Boolean(fieldErrors.password)} />
            {fieldError('password')}
          </div>
          <div className="actions">
            <button type="submit">作成する</button>
          </div>
        </form>
      </section>
      <section aria-labelledby="staff-list">
        <h2 id="staff-list">職員一覧</h2>
        {list && (
          <table>
            <thead>
              <tr>
                <th scope="col">ログインID</th>
                <th scope="col">氏名</th>
                <th scope="col">権限</th>
                <th scope="col">二要素認証</th>
                <th scope="col">状態</th>
                <th scope="col">作成日時</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((s) => (
                <tr key={s.id}>
                  <td>{s.loginId}</td>
                  <td>{s.displayName}</td>
                  <td>{roleLabels[s.role]}</td>
                  <td>{s.totpEnabled ? '登録済' : '—'}</td>
                  <td>
                    {s.locked ? (
                      <>
                        ロック中{' '}
                        <button type="button" className="secondary" onClick={() => void unlock(s.id, s.loginId)}>
                          {s.loginId} のロックを解除
                        </button>
                      </>
                    ) : (
                      '利用可'
                    )}
                  </td>
                  <td>{formatDateTime(s.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
