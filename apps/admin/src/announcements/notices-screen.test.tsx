import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminMessages } from '@koza/domain/admin/messages';
import { bodiesSentTo, json, mockAdminApi, renderAdmin } from '../test/render.tsx';

describe('notices screen', () => {
  it('publishes a notice only after a confirmation that quotes it and says who will see it', async () => {
    let items: unknown[] = [];
    const api = mockAdminApi('ADMIN', {
      'GET /api/admin/notices': () => json(200, { items }),
      'POST /api/admin/notices': () => {
        items = [
          {
            id: 3,
            bankCode: '0177',
            channel: 'fair',
            contents: '記念品をご用意しています。',
            displayOrder: 10,
            startedAt: '2026-12-01T09:00:00+09:00',
            endedAt: null,
            state: 'SCHEDULED',
            editable: true,
            updatedBy: '管理 太郎',
          },
        ];
        return json(201, items[0]);
      },
    });
    renderAdmin('/notices');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/チャネルID/), 'fair');
    await user.type(screen.getByLabelText('掲載開始日時'), '2026-12-01T09:00');
    await user.type(screen.getByLabelText('本文（1000文字以内）'), '記念品をご用意しています。');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    const dialog = screen.getByRole('dialog', { name: 'お知らせを公開しますか？' });
    expect(within(dialog).getByText(/2026-12-01 09:00（日本時間）から、チャネル fair から来たお客さまの申込画面に/)).toBeTruthy();
    expect(within(dialog).getByText('記念品をご用意しています。')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(bodiesSentTo(api, 'POST /api/admin/notices')).toEqual([]);
    await user.click(screen.getByRole('button', { name: '登録する' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '公開する' }));
    expect(await screen.findByText('お知らせを登録しました。')).toBeTruthy();
    expect(bodiesSentTo(api, 'POST /api/admin/notices')).toEqual([
      { channel: 'fair', displayOrder: 10, startedAt: '2026-12-01T09:00', endedAt: null, contents: '記念品をご用意しています。' },
    ]);
    expect(await screen.findByRole('cell', { name: '記念品をご用意しています。' })).toBeTruthy();
  });

  it('refuses an empty notice with the domain’s message before asking anything', async () => {
    mockAdminApi('ADMIN', { 'GET /api/admin/notices': () => json(200, { items: [] }) });
    renderAdmin('/notices');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('掲載開始日時'), '2026-12-01T09:00');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(adminMessages.noticeContentsRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('本文（1000文字以内）'));
  });
});
