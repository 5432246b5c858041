import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { json, mockAdminApi, renderAdmin } from '../test/render.tsx';

// The sign-in screen where the bank signs its staff in through its identity provider (decision 0253).

const signedOut = { 'GET /api/admin/session': () => json(401, { code: 'UNAUTHENTICATED', message: 'セッションが終了しました。' }) };

describe('sign-in screen with the bank’s identity provider', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('offers the provider first, and keeps the password form for the first ADMIN and break-glass when local sign-in is off', async () => {
    mockAdminApi('VIEWER', { ...signedOut, 'GET /api/admin/sign-in-options': () => json(200, { provider: true, localSignIn: 'off' }) });
    renderAdmin('/');
    const link = await screen.findByRole('link', { name: '認証基盤でログイン' });
    expect(link.getAttribute('href')).toBe('/api/admin/oidc/start');
    expect(screen.getByRole('heading', { name: '初期管理者・緊急時のログイン' })).toBeTruthy();
    expect(screen.getByLabelText('ログインID', { exact: true })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says one thing when a sign-in at the provider did not complete', async () => {
    window.history.replaceState(null, '', '/admin/?sign-in=failed');
    mockAdminApi('VIEWER', { ...signedOut, 'GET /api/admin/sign-in-options': () => json(200, { provider: true, localSignIn: 'on' }) });
    renderAdmin('/');
    expect((await screen.findByRole('alert')).textContent).toBe(
      '銀行の認証基盤でのログインを完了できませんでした。もう一度お試しいただき、続く場合は管理者にお問い合わせください。',
    );
    expect(await screen.findByRole('heading', { name: 'ログインIDとパスワードでログイン' })).toBeTruthy();
  });

  it('shows only the password form where the bank has no provider', async () => {
    mockAdminApi('VIEWER', { ...signedOut, 'GET /api/admin/sign-in-options': () => json(200, { provider: false, localSignIn: 'on' }) });
    renderAdmin('/');
    expect(await screen.findByLabelText('ログインID')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '認証基盤でログイン' })).toBeNull();
  });
});
