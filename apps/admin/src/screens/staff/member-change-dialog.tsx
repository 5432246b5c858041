import { z } from 'zod';
import { staffChangeResultSchema, staffOidcLinkBodySchema, staffRoleBodySchema } from '@koza/domain/api/admin';
import { roleLabels, staffRoles } from '@koza/domain/admin/roles';
import { post, postJson } from '../../api.ts';
import { ConfirmDialog } from '../../confirm-dialog.tsx';
import { useApiMutation } from '../../queries.ts';
import { useForm } from '../../use-form.tsx';
import { memberChanges, type Member, type MemberChange } from './member-changes.ts';

const noBody = z.object({});

/** Changes answered with whether they wait and, when a password was set now, the one-time password (all but ending sessions). */
const answeredChanges: ReadonlySet<MemberChange> = new Set([
  'confirm',
  'disable',
  'enable',
  'unlock',
  'totp-reset',
  'password',
  'role',
  'oidc-link',
  'oidc-unlink',
]);

/** A one-time password the server chose, for the ADMIN to hand to the member in person: shown once. */
export interface HandedPassword {
  member: Member;
  password: string;
}

/** One change of a member, asked for in the dialog: its question names the member and the consequence; a role has its field. */
export function MemberChangeDialog({
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
    initial: { role: member.role as string, subject: '' },
    schema: kind === 'role' ? staffRoleBodySchema : kind === 'oidc-link' ? staffOidcLinkBodySchema : noBody,
    body: (v) => (kind === 'role' ? { role: v.role } : kind === 'oidc-link' ? { subject: v.subject.trim() } : {}),
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
      danger={kind !== 'enable' && kind !== 'confirm' && kind !== 'unlock' && kind !== 'oidc-link'}
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
        {kind === 'oidc-link' && (
          <div className="field">
            <label htmlFor={form.id('subject')}>認証基盤の利用者ID（sub）</label>
            <input autoComplete="off" spellCheck={false} required {...form.field('subject')} />
            {form.message('subject')}
          </div>
        )}
      </form>
    </ConfirmDialog>
  );
}
