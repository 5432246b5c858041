import { useState } from 'react';
import { maintenanceBodySchema, maintenanceListSchema, toJapanLocal } from '@koza/domain/api/admin-announcements';
import type { MaintenanceItem } from '@koza/domain/api/admin-announcements';
import { ApiProblem, post } from '../api.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { formatDateTime } from '../format.ts';
import { Outcome } from '../outcome.tsx';
import { useApiMutation, useApiQuery } from '../queries.ts';
import { useSession } from '../session.tsx';
import { useForm } from '../use-form.tsx';
import { AnnouncementTable } from './announcement-list.tsx';
import { PostalDataNote } from './postal-data-note.tsx';

const windowText = (w: MaintenanceItem) => `${formatDateTime(w.startedAt)}〜${formatDateTime(w.endedAt)} のメンテナンス`;

function MaintenanceForm({ editing, onSaved, onCancel }: { editing: MaintenanceItem | null; onSaved: (text: string) => void; onCancel: () => void }) {
  const save = useApiMutation((body: unknown) => post(editing ? `/maintenance/${editing.id}` : '/maintenance', body), ['/maintenance']);
  const form = useForm({
    prefix: 'maintenance',
    initial: {
      startedAt: editing ? toJapanLocal(editing.startedAt) : '',
      endedAt: editing ? toJapanLocal(editing.endedAt) : '',
      reason: editing?.reason ?? '',
    },
    schema: maintenanceBodySchema,
    save: (body) => save.mutateAsync(body),
    onSaved: () => onSaved(editing ? 'メンテナンスを変更しました。' : 'メンテナンスを登録しました。'),
    failText: '登録できませんでした。',
    confirmFirst: true,
  });
  const { startedAt, endedAt } = form.values;
  return (
    <section aria-labelledby="maintenance-form">
      {form.confirming && (
        <ConfirmDialog
          title={editing ? 'メンテナンスを変更しますか？' : 'メンテナンスを登録しますか？'}
          confirmLabel={editing ? '変更を確定する' : '登録を確定する'}
          pending={form.pending}
          onCancel={form.stopConfirming}
          onConfirm={form.proceed}
        >
          <p>
            {startedAt.replace('T', ' ')}〜{endedAt.replace('T', ' ')}（日本時間）の間、
            {'お客さまの画面に「メンテナンス中」が表示され、お申込みができなくなります。'}
          </p>
        </ConfirmDialog>
      )}
      <h2 id="maintenance-form">{editing ? `メンテナンスの変更（${formatDateTime(editing.startedAt)}開始）` : 'メンテナンスの登録'}</h2>
      {form.error && (
        <p className="error" role="alert">
          {form.error}
        </p>
      )}
      <form ref={form.formRef} onSubmit={form.onSubmit} className="grid-form" noValidate>
        <div className="field">
          <label htmlFor={form.id('startedAt')}>開始日時</label>
          <input type="datetime-local" required {...form.field('startedAt')} />
          {form.message('startedAt')}
        </div>
        <div className="field">
          <label htmlFor={form.id('endedAt')}>終了日時</label>
          <input type="datetime-local" required {...form.field('endedAt')} />
          {form.message('endedAt')}
        </div>
        <div className="field">
          <label htmlFor={form.id('reason')}>メモ（行内のみ・任意）</label>
          <input maxLength={200} {...form.field('reason')} />
          {form.message('reason')}
        </div>
        <div className="actions">
          <button type="submit" className="primary" disabled={form.pending}>
            {editing ? '変更する' : '登録する'}
          </button>
          {editing && (
            <button type="button" className="secondary" onClick={onCancel}>
              変更をやめる
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

/**
 * Maintenance windows of the bank (docs/decisions/0161): every role sees them; ADMIN schedules,
 * changes and ends them. Times are Japan time. While a window is in effect the applicant's landing
 * shows the maintenance modal.
 */
export function MaintenanceScreen() {
  const { session, can } = useSession();
  const list = useApiQuery('/maintenance', maintenanceListSchema);
  const [editing, setEditing] = useState<MaintenanceItem | null>(null);
  const [ending, setEnding] = useState<MaintenanceItem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const end = useApiMutation((w: MaintenanceItem) => post(`/maintenance/${w.id}/end`), ['/maintenance']);

  const publisher = can('announcements.publish');
  const target = (w: MaintenanceItem) => (w.bankCode === null ? '全行' : (session?.staff.bankName ?? w.bankCode));
  const endVerb = (w: MaintenanceItem) => (w.state === 'ACTIVE' ? '今すぐ終了' : '中止');
  const failure = end.error ? (end.error instanceof ApiProblem ? end.error.message : '終了できませんでした。') : list.error ? '読み込めませんでした。' : null;

  return (
    <>
      <h1>メンテナンス</h1>
      <p>実施中のメンテナンスがある間、お客さまの画面には「メンテナンス中」が表示され、お申込みはできません。日時は日本時間です。</p>
      <Outcome done={done} error={failure} />
      {ending && (
        <ConfirmDialog
          title={`メンテナンスを${endVerb(ending)}しますか？`}
          confirmLabel={`${endVerb(ending)}する`}
          pending={end.isPending}
          onCancel={() => setEnding(null)}
          onConfirm={() =>
            end.mutate(ending, {
              onSuccess: () => {
                setDone(ending.state === 'ACTIVE' ? 'メンテナンスを終了しました。' : 'メンテナンスを中止しました。');
                setEnding(null);
              },
              onError: () => setEnding(null),
            })
          }
        >
          <p>
            {windowText(ending)}を{endVerb(ending)}します。
            {ending.state === 'ACTIVE' ? 'お客さまは直ちにお申込みを再開できるようになります。' : '予定は取り消され、元に戻せません。'}
          </p>
        </ConfirmDialog>
      )}
      {publisher && (
        <MaintenanceForm
          key={editing?.id ?? 'new'}
          editing={editing}
          onCancel={() => setEditing(null)}
          onSaved={(text) => {
            setDone(text);
            setEditing(null);
          }}
        />
      )}
      <section aria-labelledby="maintenance-list">
        <h2 id="maintenance-list">メンテナンス一覧</h2>
        {list.isPending && <p role="status">読み込み中…</p>}
        {list.data && (
          <AnnouncementTable
            rows={list.data.items}
            columns={[
              { key: 'target', header: '対象', cell: target },
              { key: 'startedAt', header: '開始日時', cell: (w) => formatDateTime(w.startedAt) },
              { key: 'endedAt', header: '終了日時', cell: (w) => formatDateTime(w.endedAt) },
              { key: 'reason', header: 'メモ', cell: (w) => w.reason ?? '' },
            ]}
            actions={
              publisher
                ? (w) => (
                    <div className="row-actions">
                      <button
                        type="button"
                        className="secondary"
                        aria-label={`${formatDateTime(w.startedAt)}開始のメンテナンスを変更`}
                        onClick={() => setEditing(w)}
                      >
                        変更
                      </button>
                      <button
                        type="button"
                        className="secondary"
                        aria-label={`${formatDateTime(w.startedAt)}開始のメンテナンスを${endVerb(w)}`}
                        onClick={() => setEnding(w)}
                      >
                        {endVerb(w)}
                      </button>
                    </div>
                  )
                : undefined
            }
          />
        )}
      </section>
      <PostalDataNote />
    </>
  );
}
