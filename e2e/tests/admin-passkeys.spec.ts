import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../fixtures.ts';
import { screenshotDir } from '../paths.ts';
import { createStaffByCommand, desktop, expectNoAxeViolations, firstSignIn, signIn } from '../support/admin.ts';

// Passkeys as the preferred second factor (docs/decisions/0220-staff-passkeys.md), in Chromium with
// the DevTools virtual authenticator standing in for the device's platform authenticator: a member
// registers one after their first sign-in at their bank's host, then signs in with the password and
// the passkey; a wrong password with the passkey is refused like any other failure; the
// authenticator app's code still signs in when the passkey is not used. At a desktop viewport.

mkdirSync(screenshotDir, { recursive: true });
const dir = mkdtempSync(join(tmpdir(), 'koza-passkey-e2e-'));
const databaseUrl = `sqlite:${join(dir, 'passkeys.sqlite')}`;
const password = 'reviewer passkey password';

test.use({ ...desktop, apiEnv: { DATABASE_URL: databaseUrl } });

test('a reviewer registers a passkey at the bank’s host and signs in with the password and the passkey', async ({ page, baseURLFor }) => {
  test.setTimeout(120_000);
  createStaffByCommand(databaseUrl, { bank: '0177', login: 'passkey.reviewer', name: '審査 鍵子', role: 'REVIEWER', password: `${password} (one-time)` });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  // Staff sign in at their bank's host: it is the passkey's relying party.
  const origin = baseURLFor('0177');
  await page.goto(`${origin}/admin/`);
  const { secret } = await firstSignIn(page, 'passkey.reviewer', `${password} (one-time)`, password);
  await expect(page.getByRole('heading', { name: '申込一覧' })).toBeVisible();

  await page.getByRole('link', { name: 'パスキー', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'パスキー', exact: true })).toBeVisible();
  await expect(page.getByText('登録済みのパスキーはありません。')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'この端末にパスキーを登録する' }).click();
  await expect(page.getByText('パスキーを登録しました。次回から、パスワードとパスキーでログインできます。')).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: new URL(origin).hostname, exact: true }) });
  await expect(row.getByRole('cell', { name: '未使用' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: join(screenshotDir, 'admin-passkeys.png'), fullPage: true });
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);

  // Signed out, a wrong password with the passkey is refused like every other failure.
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page.getByRole('heading', { name: 'Web口座開設 管理画面 ログイン' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('ログインID').fill('passkey.reviewer');
  await page.getByLabel('パスワード', { exact: true }).fill('not the password at all');
  await page.getByRole('button', { name: 'パスキーでログイン' }).click();
  await expect(page.getByRole('alert')).toHaveText('ログインID、パスワードまたはワンタイムパスワードが正しくありません。');

  // The right password and the passkey: signed in, with the previous sign-in's time and address.
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'パスキーでログイン' }).click();
  await expect(page.getByRole('heading', { name: '申込一覧' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^前回のログイン：\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}（接続元 127\.0\.0\.1）/)).toBeVisible();
  await page.getByRole('link', { name: 'パスキー', exact: true }).click();
  await expect(row.getByRole('cell', { name: '未使用' })).toHaveCount(0);

  // The authenticator app stays the fallback.
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await signIn(page, 'passkey.reviewer', password, secret);
  await expect(page.getByRole('heading', { name: '申込一覧' })).toBeVisible({ timeout: 20_000 });
});
