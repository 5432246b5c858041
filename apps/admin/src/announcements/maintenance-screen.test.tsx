import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminMessages } from '@koza/domain/admin/messages';
import { bodiesSentTo, json, mockAdminApi, renderAdmin } from '../test/render.tsx';

const scheduled = {
  id: 7,
  bankCode: '0177',
  startedAt: '2026-12-01T01:00:00+09:00',
  endedAt: '2026-12-01T05:00:00+09:00',
  reason: 'システム更新',
  state: 'SCHEDULED',
  editable: true,
  updatedBy: '管理 太郎',
};

describe('maintenance screen', () => {
  it('lists the windows in the one table and lets a reader see no form or actions', async () => {
    mockAdminApi('VIEWER', { 'GET /api/admin/maintenance': () => json(200, { items: [scheduled] }) });
    renderAdmin('/maintenance');
    const row = await screen.findByRole('row', { name: /システム更新/ });
    expect(within(row).getByRole('cell', { name: '予定' })).toBeTruthy();
    expect(within(row).getByRole('cell', { name: '2026/12/01 01:00' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'メンテナンスの登録' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '操作' })).toBeNull();
  });

  it('checks the form with the domain schema before sending, focusing the first error', async () => {
    const api = mockAdminApi('ADMIN', { 'GET /api/admin/maintenance': () => json(200, { items: [] }) });
    renderAdmin('/maintenance');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '登録する' }));
    const start = screen.getByLabelText('開始日時');
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(start);
    expect(screen.getAllByText(adminMessages.dateTimeInvalid).length).toBeGreaterThan(0);
    expect(bodiesSentTo(api, 'POST /api/admin/maintenance')).toEqual([]);
  });

  it('registers a window after a confirmation saying what applicants will meet, reloads the list and moves focus to the outcome', async () => {
    let items: unknown[] = [];
    const api = mockAdminApi('ADMIN', {
      'GET /api/admin/maintenance': () => json(200, { items }),
      'POST /api/admin/maintenance': () => {
        items = [scheduled];
        return json(201, scheduled);
      },
    });
    renderAdmin('/maintenance');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'メンテナンスの登録' });
    await user.type(screen.getByLabelText('開始日時'), '2026-12-01T01:00');
    await user.type(screen.getByLabelText('終了日時'), '2026-12-01T05:00');
    await user.type(screen.getByLabelText('メモ（行内のみ・任意）'), 'システム更新');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    const dialog = screen.getByRole('dialog', { name: 'メンテナンスを登録しますか？' });
    expect(within(dialog).getByText(/2026-12-01 01:00〜2026-12-01 05:00（日本時間）の間、お客さまの画面に「メンテナンス中」が表示され/)).toBeTruthy();
    expect(bodiesSentTo(api, 'POST /api/admin/maintenance')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '登録を確定する' }));
    const done = await screen.findByText('メンテナンスを登録しました。');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(bodiesSentTo(api, 'POST /api/admin/maintenance')).toEqual([{ startedAt: '2026-12-01T01:00', endedAt: '2026-12-01T05:00', reason: 'システム更新' }]);
    expect(await screen.findByRole('row', { name: /システム更新/ })).toBeTruthy();
  });

  it('asks before cancelling a scheduled window, naming it and the consequence; キャンセル changes nothing', async () => {
    const api = mockAdminApi('ADMIN', {
      'GET /api/admin/maintenance': () => json(200, { items: [scheduled] }),
      'POST /api/admin/maintenance/7/end': () => json(204),
    });
    renderAdmin('/maintenance');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '2026/12/01 01:00開始のメンテナンスを中止' }));
    const dialog = screen.getByRole('dialog', { name: 'メンテナンスを中止しますか？' });
    expect(within(dialog).getByText(/2026\/12\/01 01:00〜2026\/12\/01 05:00 のメンテナンスを中止します。/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodiesSentTo(api, 'POST /api/admin/maintenance/7/end')).toEqual([]);

    await user.click(screen.getByRole('button', { name: '2026/12/01 01:00開始のメンテナンスを中止' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '中止する' }));
    expect(await screen.findByText('メンテナンスを中止しました。')).toBeTruthy();
    expect(bodiesSentTo(api, 'POST /api/admin/maintenance/7/end')).toHaveLength(1);
  });
});
