import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { japanLocalToEpoch, noticeListSchema, toJapanLocal } from '@koza/domain/api/admin-announcements';
import type { NoticeItem } from '@koza/domain/api/admin-announcements';
import type { BankCode } from '@koza/domain/constants';
import { landingText } from '@koza/domain/landing-text';
import { post } from '../api.ts';
import { formText } from '../field-errors.tsx';
import { formatDateTime } from '../format.ts';
import { useSession } from '../session.tsx';
import { NoticePreview } from './notice-preview.tsx';
import { Outcome, useListScreen } from '../list-screen.tsx';
import { AnnouncementTable } from './announcement-list.tsx';

interface Draft {
  channel: string;
  contents: string;
  displayOrder: number;
  startedAt: string;
  endedAt: string;
}

const draftOf = (data: FormData): Draft => ({
  channel: formText(data, 'channel'),
  contents: formText(data, 'contents'),
  displayOrder: Number(formText(data, 'displayOrder')),
  startedAt: formText(data, 'startedAt'),
  endedAt: formText(data, 'endedAt'),
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
  shown.push({ order: draft.displayOrder, start: at, id: Number.MAX_SAFE_INTEGER, contents: draft.contents });
  return shown.sort((a, b) => a.order - b.order || a.start - b.start || a.id - b.id).map((n) => n.contents);
}

/** Notices of the bank, for everyone or for one channel (docs/decisions/0161): ADMIN publishes, every role reads. */
export function NoticesScreen() {
  const { session, can } = useSession();
  const { items, form, done, change } = useListScreen('/notices', noticeListSchema, 'notice');
  const [editing, setEditing] = useState<NoticeItem | null>(null);
  const [preview, setPreview] = useState<string[] | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const bankCode = (session?.staff.bankCode ?? '0177') as BankCode;

  const publisher = can('announcements.publish');

  function edit(n: NoticeItem | null) {
    setEditing(n);
    setPreview(null);
    form.reset();
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const draft = draftOf(new FormData(formElement));
    const body = { ...draft, channel: draft.channel || null, endedAt: draft.endedAt || null };
    const path = editing ? `/notices/${editing.id}` : '/notices';
    if (await change(() => post(path, body), editing ? 'お知らせを変更しました。' : 'お知らせを登録しました。', '登録できませんでした。')) {
      edit(null);
      formElement.reset();
    }
  }

  const showPreview = () => {
    if (formRef.current && items) setPreview(previewContents(items, bankCode, draftOf(new FormData(formRef.current)), editing?.id ?? null));
  };

  return (
    <>
      <h1>お知らせ</h1>
      <p>お客さまが申込画面を開いたときに「{landingText.noticeTitle}」として表示されます。チャネルIDを指定すると、そのチャネル（URLの channel=…）から来たお客さまにだけ表示されます。日時は日本時間です。</p>
      <Outcome done={done} error={form.error} />
      {publisher && (
        <section aria-labelledby="notice-form">
          <h2 id="notice-form">{editing ? `お知らせの変更（No.${editing.id}）` : 'お知らせの登録'}</h2>
          <div className="with-preview">
            <form ref={formRef} key={editing?.id ?? 'new'} onSubmit={(e) => void save(e)} className="grid-form" noValidate>
              <div className="field">
                <label htmlFor={form.id('channel')}>チャネルID（任意。空欄：チャネル指定なしのお客さま全員）</label>
                <input defaultValue={editing?.channel ?? ''} {...form.input('channel')} />
                {form.message('channel')}
              </div>
              <div className="field">
                <label htmlFor={form.id('displayOrder')}>表示順（1〜999、小さい順）</label>
                <input type="number" min={1} max={999} defaultValue={editing?.displayOrder ?? 10} {...form.input('displayOrder')} />
                {form.message('displayOrder')}
              </div>
              <div className="field">
                <label htmlFor={form.id('startedAt')}>掲載開始日時</label>
                <input type="datetime-local" defaultValue={editing ? toJapanLocal(editing.startedAt) : ''} {...form.input('startedAt')} />
                {form.message('startedAt')}
              </div>
              <div className="field">
                <label htmlFor={form.id('endedAt')}>掲載終了日時（任意）</label>
                <input type="datetime-local" defaultValue={editing?.endedAt ? toJapanLocal(editing.endedAt) : ''} {...form.input('endedAt')} />
                {form.message('endedAt')}
              </div>
              <div className="field wide">
                <label htmlFor={form.id('contents')}>本文（1000文字以内）</label>
                <textarea rows={5} maxLength={1000} defaultValue={editing?.contents ?? ''} {...form.input('contents')} />
                {form.message('contents')}
              </div>
              <div className="actions wide">
                <button type="button" className="secondary" onClick={showPreview}>
                  プレビュー
                </button>
                <button type="submit">{editing ? '変更する' : '登録する'}</button>
                {editing && (
                  <button type="button" className="secondary" onClick={() => edit(null)}>
                    変更をやめる
                  </button>
                )}
              </div>
            </form>
            {preview && <NoticePreview bankCode={bankCode} contents={preview} />}
          </div>
        </section>
      )}
      <section aria-labelledby="notice-list">
        <h2 id="notice-list">お知らせ一覧</h2>
        {items && (
          <AnnouncementTable
            rows={items}
            columns={[
              {
                header: '対象',
                cell: (n) => `${n.bankCode === null ? '全行' : (session?.staff.bankName ?? n.bankCode)}${n.channel === null ? '（チャネル指定なし）' : `（チャネル ${n.channel}）`}`,
              },
              { header: '表示順', cell: (n) => n.displayOrder },
              { header: '掲載期間', cell: (n) => `${formatDateTime(n.startedAt)}〜${n.endedAt ? formatDateTime(n.endedAt) : ''}` },
              { header: '本文', cell: (n) => n.contents, className: 'pre-line' },
            ]}
            actions={
              publisher
                ? (n) => (
                    <button type="button" className="secondary" aria-label={`お知らせNo.${n.id}を変更`} onClick={() => edit(n)}>
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
