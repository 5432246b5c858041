import { useState } from 'react';
import { japanLocalToEpoch, noticeBodySchema, noticeListSchema, toJapanLocal } from '@koza/domain/api/admin-announcements';
import type { NoticeItem } from '@koza/domain/api/admin-announcements';
import type { BankCode } from '@koza/domain/constants';
import { landingText } from '@koza/domain/landing-text';
import { post } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { useSession } from '../session.tsx';
import { NoticePreview } from './notice-preview.tsx';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { Outcome } from '../outcome.tsx';
import { useApiMutation, useApiQuery } from '../queries.ts';
import { useForm } from '../use-form.tsx';
import { AnnouncementTable } from './announcement-list.tsx';

interface Draft {
  channel: string;
  contents: string;
  displayOrder: string;
  startedAt: string;
  endedAt: string;
}

/** The body of POST /notices for the form's values (the domain's noticeBodySchema reads it). */
const bodyOf = (draft: Draft) => ({
  ...draft,
  displayOrder: Number(draft.displayOrder),
  channel: draft.channel.trim() || null,
  endedAt: draft.endedAt || null,
});

/**
 * What the applicant arriving with the draft's channel (or with none) would see when the draft starts:
 * the draft among the bank's other notices for that target, in the API's order (order, start, id).
 */
function previewContents(items: readonly NoticeItem[], bankCode: string, draft: Draft, editingId: number | null): string[] {
  const at = japanLocalToEpoch(draft.startedAt) ?? Date.now();
  const channel = draft.channel || null;
  const shown = items
    .filter((n) => n.id !== editingId && n.channel === channel && (n.bankCode === bankCode || (channel !== null && n.bankCode === null)))
    .filter((n) => Date.parse(n.startedAt) <= at && (n.endedAt === null || at < Date.parse(n.endedAt)))
    .map((n) => ({ order: n.displayOrder, start: Date.parse(n.startedAt), id: n.id, contents: n.contents }));
  shown.push({ order: Number(draft.displayOrder), start: at, id: Number.MAX_SAFE_INTEGER, contents: draft.contents });
  return shown.sort((a, b) => a.order - b.order || a.start - b.start || a.id - b.id).map((n) => n.contents);
}

function NoticeForm({
  editing,
  items,
  bankCode,
  onSaved,
  onCancel,
}: {
  editing: NoticeItem | null;
  items: readonly NoticeItem[];
  bankCode: BankCode;
  onSaved: (text: string) => void;
  onCancel: () => void;
}) {
  const [preview, setPreview] = useState<string[] | null>(null);
  const save = useApiMutation((body: unknown) => post(editing ? `/notices/${editing.id}` : '/notices', body), ['/notices']);
  const form = useForm({
    prefix: 'notice',
    initial: {
      channel: editing?.channel ?? '',
      displayOrder: String(editing?.displayOrder ?? 10),
      startedAt: editing ? toJapanLocal(editing.startedAt) : '',
      endedAt: editing?.endedAt ? toJapanLocal(editing.endedAt) : '',
      contents: editing?.contents ?? '',
    },
    schema: noticeBodySchema,
    body: bodyOf,
    save: (body) => save.mutateAsync(body),
    onSaved: () => {
      setPreview(null);
      onSaved(editing ? 'お知らせを変更しました。' : 'お知らせを登録しました。');
    },
    failText: '登録できませんでした。',
    confirmFirst: true,
  });
  return (
    <section aria-labelledby="notice-form">
      {form.confirming && (
        <ConfirmDialog
          title={editing ? `お知らせNo.${editing.id}を変更しますか？` : 'お知らせを公開しますか？'}
          confirmLabel={editing ? '変更を確定する' : '公開する'}
          danger={false}
          pending={form.pending}
          onCancel={form.stopConfirming}
          onConfirm={form.proceed}
        >
          <p>
            {form.values.startedAt.replace('T', ' ')}（日本時間）から、
            {form.values.channel.trim() ? `チャネル ${form.values.channel.trim()} から来た` : 'チャネル指定なしの'}
            お客さまの申込画面に次のお知らせが表示されます。
          </p>
          <blockquote className="pre-line">{form.values.contents}</blockquote>
        </ConfirmDialog>
      )}
      <h2 id="notice-form">{editing ? `お知らせの変更（No.${editing.id}）` : 'お知らせの登録'}</h2>
      {form.error && (
        <p className="error" role="alert">
          {form.error}
        </p>
      )}
      <div className="with-preview">
        <form ref={form.formRef} onSubmit={form.onSubmit} className="grid-form" noValidate>
          <div className="field">
            <label htmlFor={form.id('channel')}>チャネルID（任意。空欄：チャネル指定なしのお客さま全員）</label>
            <input {...form.field('channel')} />
            {form.message('channel')}
          </div>
          <div className="field">
            <label htmlFor={form.id('displayOrder')}>表示順（1〜999、小さい順）</label>
            <input type="number" min={1} max={999} {...form.field('displayOrder')} />
            {form.message('displayOrder')}
          </div>
          <div className="field">
            <label htmlFor={form.id('startedAt')}>掲載開始日時</label>
            <input type="datetime-local" {...form.field('startedAt')} />
            {form.message('startedAt')}
          </div>
          <div className="field">
            <label htmlFor={form.id('endedAt')}>掲載終了日時（任意）</label>
            <input type="datetime-local" {...form.field('endedAt')} />
            {form.message('endedAt')}
          </div>
          <div className="field wide">
            <label htmlFor={form.id('contents')}>本文（1000文字以内）</label>
            <textarea rows={5} maxLength={1000} {...form.field('contents')} />
            {form.message('contents')}
          </div>
          <div className="actions wide">
            <button type="button" className="secondary" onClick={() => setPreview(previewContents(items, bankCode, form.values, editing?.id ?? null))}>
              プレビュー
            </button>
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
        {preview && <NoticePreview bankCode={bankCode} contents={preview} />}
      </div>
    </section>
  );
}

/** Notices of the bank, for everyone or for one channel (docs/decisions/0161): ADMIN publishes, every role reads. */
export function NoticesScreen() {
  const { session, can } = useSession();
  const list = useApiQuery('/notices', noticeListSchema);
  const [editing, setEditing] = useState<NoticeItem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const bankCode = (session?.staff.bankCode ?? '0177') as BankCode;
  const publisher = can('announcements.publish');

  return (
    <>
      <h1>お知らせ</h1>
      <p>
        お客さまが申込画面を開いたときに「{landingText.noticeTitle}」として表示されます。チャネルIDを指定すると、そのチャネル（URLの
        channel=…）から来たお客さまにだけ表示されます。日時は日本時間です。
      </p>
      <Outcome done={done} error={list.error ? '読み込めませんでした。' : null} />
      {publisher && (
        <NoticeForm
          key={editing?.id ?? 'new'}
          editing={editing}
          items={list.data?.items ?? []}
          bankCode={bankCode}
          onCancel={() => setEditing(null)}
          onSaved={(text) => {
            setDone(text);
            setEditing(null);
          }}
        />
      )}
      <section aria-labelledby="notice-list">
        <h2 id="notice-list">お知らせ一覧</h2>
        {list.isPending && <p role="status">読み込み中…</p>}
        {list.data && (
          <AnnouncementTable
            rows={list.data.items}
            columns={[
              {
                key: 'target',
                header: '対象',
                cell: (n) =>
                  `${n.bankCode === null ? '全行' : (session?.staff.bankName ?? n.bankCode)}${n.channel === null ? '（チャネル指定なし）' : `（チャネル ${n.channel}）`}`,
              },
              { key: 'displayOrder', header: '表示順', cell: (n) => n.displayOrder },
              { key: 'period', header: '掲載期間', cell: (n) => `${formatDateTime(n.startedAt)}〜${n.endedAt ? formatDateTime(n.endedAt) : ''}` },
              { key: 'contents', header: '本文', cell: (n) => n.contents, className: 'pre-line' },
            ]}
            actions={
              publisher
                ? (n) => (
                    <button type="button" className="secondary" aria-label={`お知らせNo.${n.id}を変更`} onClick={() => setEditing(n)}>
                      変更
                    </button>
                  )
                : undefined
            }
          />
        )}
      </section>
    </>
  );
}
