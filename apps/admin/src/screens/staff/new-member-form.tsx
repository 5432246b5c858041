import { z } from 'zod';
import { staffCreateBodySchema } from '@koza/domain/api/admin';
import { roleLabels, staffRoles } from '@koza/domain/admin/roles';
import { staffAuth } from '@koza/domain/admin/rules';
import { postJson } from '../../api.ts';
import { useApiMutation } from '../../queries.ts';
import { useForm } from '../../use-form.tsx';

const createdSchema = z.object({ loginId: z.string(), awaitingConfirmation: z.boolean() });

/** 職員アカウントの作成: a new account, which waits for a second ADMIN where the bank has two. */
export function NewMemberForm({ onDone }: { onDone: (text: string) => void }) {
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
