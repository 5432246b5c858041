import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockAdminApi, renderAdmin } from './test/render.tsx';

// Every screen is a chunk of its own, loaded when its route is entered
// (docs/decisions/0214-back-office-split-by-route.md). Two screens' modules stand in for chunks here:
// the audit log's import waits until the test lets it through; the passkeys' import fails, as a
// chunk removed by a deploy does.
const chunks = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const auditGate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { auditImported: false, holdAudit: false, auditGate, releaseAudit: () => release() };
});

vi.mock('./screens/audit.tsx', async (importOriginal) => {
  chunks.auditImported = true;
  if (chunks.holdAudit) await chunks.auditGate;
  return importOriginal();
});

vi.mock('./screens/passkeys.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /admin/assets/passkeys-deadbeef.js');
});

describe('screens loaded by route', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('loads a screen when its route is entered, keeping the previous screen until it is there, then focuses it', async () => {
    mockAdminApi('ADMIN', {
      'GET /api/admin/applications': () => json(200, { items: [], total: 0, page: 1, pageSize: 50, targetBusinessDays: 2 }),
      'GET /api/admin/audit': () => json(200, { items: [], total: 0, page: 1, pageSize: 50 }),
    });
    const router = renderAdmin('/');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: '申込一覧' });
    expect(chunks.auditImported).toBe(false);
    chunks.holdAudit = true;

    await user.click(screen.getByRole('link', { name: '操作ログ' }));
    await waitFor(() => expect(chunks.auditImported).toBe(true));
    // The chunk on its way: the list stays (no blank screen), the URL has not moved yet.
    expect(screen.getByRole('heading', { level: 1, name: '申込一覧' })).toBeTruthy();
    expect(router.state.navigation.state).toBe('loading');
    // …and it is said, to the eye and to screen readers, that the next screen is on its way.
    expect(screen.getByText('画面を読み込んでいます…').getAttribute('role')).toBe('status');

    chunks.releaseAudit();
    await screen.findByRole('heading', { level: 1, name: '操作ログ' });
    expect(screen.queryByText('画面を読み込んでいます…')).toBeNull();
    expect(router.state.location.pathname).toBe('/audit');
    await waitFor(() => expect(document.activeElement?.id).toBe('main'));
  });

  it('says in Japanese that a screen whose chunk failed to load cannot be shown, with a reload button, in the shell', async () => {
    mockAdminApi('VIEWER', {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAdmin('/passkeys');

    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: '画面を表示できませんでした' });
    expect(within(main).getByText(/ページを再読み込みしてください/)).toBeTruthy();
    // The menu stays: the member can go to another screen.
    expect(screen.getByRole('navigation', { name: 'メニュー' })).toBeTruthy();

    await userEvent.setup().click(within(main).getByRole('button', { name: '再読み込み' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
