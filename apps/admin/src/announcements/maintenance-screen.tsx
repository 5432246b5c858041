import { useState } from 'react';
import type { FormEvent } from 'react';
import { maintenanceListSchema, toJapanLocal } from '@koza/domain/api/admin-announcements';
import type { MaintenanceItem } from '@koza/domain/api/admin-announcements';
import { post } from '../api.ts';
import { formText } from '../field-errors.tsx';
import { formatDateTime } from '../format.ts';
import { useSession } from '../session.tsx';
import { Outcome, useListScreen } from '../list-screen.tsx';
import { AnnouncementTable } from './announcement-list.tsx';
import { PostalDataNote } from './postal-data-note.tsx';

/**
 * Maintenance windows of the bank (docs/decisions/0161): every role sees them; ADMIN schedules,
 * changes and ends them. Times are Japan time. While a window is in effect the applicant's landing
 * shows the maintenance modal.
 */
export function MaintenanceScreen() {
  const { session, can } = useSession();
  const { items, form, done, change } = useListScreen('/maintenance', maintenanceListSchema, 'maintenance');
  const [editing, setEditing] = useState<MaintenanceItem | null>(null);
  const [ending, setEnding] = useState<MaintenanceItem | null>(null);

  const publisher = can('announcements.publish');
  const target = (w: MaintenanceItem) => (w.bankCode === null ? '全行' : (session?.staff.bankName ?? w.bankCode));

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const data = new FormData(formElement);
    const body = { startedAt: formText(data, 'startedAt'), endedAt: formText(data, 'endedAt'), reason: formText(data, 'reason') };
    const path = editing ? `/maintenance/${editing.id}` : '/maintenance';
    if (await change(() => post(path, body), editing ? 'メンテナンスを変更しました。' : 'メンテナンスを登録しました。', '登録できませんでした。')) {
      setEditing(null);
      formElement.reset();
    }
  }

  async function end(w: MaintenanceItem) {
    if (await change(() => post(`/maintenance/${w.id}/end`), w.state === 'ACTIVE' ? 'メンテナンスを終了しました。' : 'メンテナンスを中止しました。', '終了できませんでした。')) {
      setEnding(null);
    }
  }

  return (
    <>
      <h1>メンテナンス</h1>
      <p>実施中のメンテナンスがある間、お客さまの画面には「メンテナンス中」が表示され、お申込みはできません。日時は日本時間です。</p>
      <Outcome done={done} error={form.error} />
      {ending && (
        <div className="confirm" role="group" aria-labelledby="end-question">
          <p id="end-question">
            {formatDateTime(ending.startedAt)}〜{formatDateTime(ending.endedAt)} のメンテナンスを{ending.state === 'ACTIVE' ? '今すぐ終了' : '中止'}しますか？
          </p>
          <div className="actions">
            <button type="button" className="danger" onClick={() => void end(ending)}>
              {ending.state === 'ACTIVE' ? '今すぐ終了する' : '中止する'}
            </button>
            <button type="button" className="secondary" onClick={() => setEnding(null)}>
              キャンセル
            </button>
          </div>
        </div>
      )}
      {publisher && (
        <section aria-labelledby="maintenance-form">
          <h2 id="maintenance-form">{editing ? `メンテナンスの変更（${formatDateTime(editing.startedAt)}開始）` : 'メンテナンスの登録'}</h2>
          <form key={editing?.id ?? 'new'} onSubmit={(e) => void save(e)} className="grid-form" noValidate>
            <div className="field">
              <label htmlFor={form.id('startedAt')}>開始日時</label>
              <input type="datetime-local" required defaultValue={editing ? toJapanLocal(editing.startedAt) : ''} {...form.input('startedAt')} />
              {form.message('startedAt')}
            </div>
            <div className="field">
              <label htmlFor={form.id('endedAt')}>終了日時</label>
              <input type="datetime-local" required defaultValue={editing ? toJapanLocal(editing.endedAt) : ''} {...form.input('endedAt')} />
              {form.message('endedAt')}
            </div>
            <div className="field">
              <label htmlFor={form.id('reason')}>メモ（行内のみ・任意）</label>
              <input maxLength={200} defaultValue={editing?.reason ?? ''} {...form.input('reason')} />
              {form.message('reason')}
            </div>
            <div className="actions">
              <button type="submit">{editing ? '変更する' : '登録する'}</button>
              {editing && (
                <button type="button" className="secondary" onClick={() => setEditing(null)}>
                  変更をやめる
                </button>
              )}
            </div>
          </form>
        </section>
      )}
      <section aria-labelledby="maintenance-list">
        <h2 id="maintenance-list">メンテナンス一覧</h2>
        {items && (
          <AnnouncementTable
            rows={items}
            columns={[
              { header: '対象', cell: target },
              { header: '開始日時', cell: (w) => formatDateTime(w.startedAt) },
              { header: '終了日時', cell: (w) => formatDateTime(w.endedAt) },
              { header: 'メモ', cell: (w) => w.reason ?? '' },
            ]}
            actions={
              publisher
                ? (w) => (
                    <div className="row-actions">
                      <button type="button" className="secondary" aria-label={`${formatDateTime(w.startedAt)}開始のメンテナンスを変更`} onClick={() => setEditing(w)}>
                        変更
                      </button>
                      <button
                        type="button"
                        className="secondary"
                        aria-label={`${formatDateTime(w.startedAt)}開始のメンテナンスを${w.state === 'ACTIVE' ? '今すぐ終了' : '中止'}`}
                        onClick={() => setEnding(w)}
                      >
                        {w.state === 'ACTIVE' ? '今すぐ終了' : '中止'}
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
