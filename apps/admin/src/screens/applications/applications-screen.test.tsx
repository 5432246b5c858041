import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockAdminApi, renderAdmin } from '../../test/render.tsx';

const item = (n: number, extra: object = {}) => ({
  id: `app-${n}`,
  applicationNumber: `0177-20261120-00000${n}`,
  applicationType: 'GENERAL',
  status: 'COMPLETED',
  name: `山田 ${n}郎`,
  kanaName: `ﾔﾏﾀﾞ ${n}`,
  branchName: '本店営業部',
  branchCode: '100',
  completedAt: '2026-11-20T10:00:00+09:00',
  ageDays: 6,
  overdue: false,
  assignee: null,
  proposed: false,
  ...extra,
});

function queueApi(items: object[]) {
  return mockAdminApi('REVIEWER', {
    'GET /api/admin/applications': () => json(200, { items, total: items.length, page: 1, pageSize: 50, targetBusinessDays: 2 }),
    'GET /api/admin/branches': () => json(200, { items: branches }),
  });
}

const branches = [
  { code: '100', name: '本店営業部' },
  { code: '123', name: '天神支店' },
];

const requestedQueries = (api: ReturnType<typeof queueApi>) =>
  api.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/admin/applications')
    .map((u) => u.search);

describe('work queue', () => {
  it('marks a case past the target in words as well as colour, and shows the assignee', async () => {
    queueApi([item(1, { overdue: true, ageDays: 9, assignee: '審査 一郎', proposed: true })]);
    renderAdmin('/');
    const row = await screen.findByRole('row', { name: /0177-20261120-000001/ });
    expect(row.className).toBe('overdue');
    expect(within(row).getByText('9日（目標超過）')).toBeTruthy();
    expect(within(row).getByRole('cell', { name: '審査 一郎' })).toBeTruthy();
    expect(within(row).getByRole('cell', { name: '審査待ち（承認申請済み）' })).toBeTruthy();
  });

  it('sorts by a column header, keeping the order in the URL and saying the order to screen readers', async () => {
    const api = queueApi([item(1), item(2)]);
    const router = renderAdmin('/?status=COMPLETED');
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /000001/ });
    await user.click(screen.getByRole('button', { name: '経過日数で昇順に並べ替え' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=COMPLETED&sort=age&order=asc'));
    expect(screen.getByRole('columnheader', { name: /経過日数/ }).getAttribute('aria-sort')).toBe('ascending');
    await waitFor(() => expect(requestedQueries(api)).toContain('?status=COMPLETED&sort=age&order=asc'));
  });

  it('puts the filters and the view in the URL, with the branch chosen by name; a wrong age is refused by the domain schema before any call', async () => {
    const api = queueApi([item(1)]);
    const router = renderAdmin('/');
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /000001/ });
    await user.selectOptions(screen.getByLabelText('取引店'), await screen.findByRole('option', { name: '天神支店（123）' }));
    await user.type(screen.getByLabelText('経過日数（以上）'), '4000');
    await user.click(screen.getByRole('button', { name: '検索' }));
    expect(screen.getByLabelText('経過日数（以上）').getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.search).toBe('');
    await user.clear(screen.getByLabelText('経過日数（以上）'));
    await user.type(screen.getByLabelText('経過日数（以上）'), '3');
    await user.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() => expect(router.state.location.search).toBe('?branch=123&minAge=3'));
    await user.click(screen.getByRole('button', { name: '二次確認待ち（承認申請済み）' }));
    await waitFor(() => expect(router.state.location.search).toBe('?branch=123&minAge=3&view=second'));
    expect(screen.getByRole('button', { name: '二次確認待ち（承認申請済み）' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(requestedQueries(api)).toContain('?branch=123&minAge=3&view=second'));
    expect(screen.getByRole('link', { name: 'この条件でCSV出力' }).getAttribute('href')).toBe(
      '/api/admin/applications/export.csv?branch=123&minAge=3&view=second',
    );
  });

  it('keeps the filters for the case view’s Back link', async () => {
    mockAdminApi('REVIEWER', {
      'GET /api/admin/applications': () => json(200, { items: [item(1)], total: 1, page: 1, pageSize: 50, targetBusinessDays: 2 }),
      'GET /api/admin/applications/app-1': () => json(404, { code: 'NOT_FOUND', message: 'お申込みが見つかりません。' }),
    });
    const router = renderAdmin('/?kanaName=%EF%BE%94&page=1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: '0177-20261120-000001' }));
    await user.click(await screen.findByRole('link', { name: '申込一覧へ戻る' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kanaName=%EF%BE%94&page=1'));
  });
});
