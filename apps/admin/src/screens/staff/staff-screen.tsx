import { useState } from 'react';
import { signInOptionsSchema, staffListSchema } from '@koza/domain/api/admin';
import { DataTable } from '../../data-table.tsx';
import { Outcome } from '../../outcome.tsx';
import { useApiQuery } from '../../queries.ts';
import { useSession } from '../../session.tsx';
import { HandedPasswordPanel } from './handed-password-panel.tsx';
import { MemberChangeDialog, type HandedPassword } from './member-change-dialog.tsx';
import type { Member, MemberChange } from './member-changes.ts';
import { MemberSessions } from './member-sessions.tsx';
import { NewMemberForm } from './new-member-form.tsx';
import { staffColumns } from './staff-columns.tsx';

/** ADMIN: the bank's staff accounts, a new account, confirmations, lifting a sign-in limit, stopping and restarting, resets, roles (each in its dialog). */
export function StaffScreen() {
  const { session, can } = useSession();
  const list = useApiQuery('/staff', staffListSchema, { enabled: can('staff.manage') });
  const options = useApiQuery('/sign-in-options', signInOptionsSchema);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState<{ kind: MemberChange; member: Member } | null>(null);
  const [sessionsOf, setSessionsOf] = useState<Member | null>(null);
  const [handed, setHanded] = useState<HandedPassword | null>(null);

  if (!can('staff.manage')) return <p className="error">この操作を行う権限がありません。</p>;

  const columns = staffColumns({
    self: session?.staff.id,
    provider: options.data?.provider ?? false,
    showSessions: setSessionsOf,
    ask: (kind, member) => setPending({ kind, member }),
  });
  const failure = list.error ? '読み込めませんでした。' : null;

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
