import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from '@playwright/test';
import { devAccounts, totpOf } from '@koza/dev-idp/accounts';
import { test, expect } from '../fixtures.ts';
import { makeJpeg } from '../support/ekyc.ts';
import { uniqueAddress } from '../support/entry.ts';
import { completeApplicationByApi, createStaffByCommand, desktop, expectNoAxeViolations } from '../support/admin.ts';

// Issue 44 end to end, at a desktop viewport: two reviewers of 0177 sign in through the bank's
// development identity provider (apps/dev-idp: password, then the authenticator's code) and decide a
// case with four eyes; the provider disables one of them, whose open session ends at once by the
// provider's back-channel logout, and whose next sign-in the provider refuses. The accounts are made
// by the command line and linked to the provider's subjects in the database here: linking through
// the staff screen, with its second ADMIN, is the API tests' and the screen tests' part.

const dir = mkdtempSync(join(tmpdir(), 'koza-provider-e2e-'));
const databaseUrl = `sqlite:${join(dir, 'provider.sqlite')}`;
const directory = devAccounts().filter((a) => a.bankCode === '0177');
const provider = (login: string) => directory.find((a) => a.login === login)!;

test.use({ ...desktop, apiEnv: { DATABASE_URL: databaseUrl } });

/** The provider's codes, each used once (a code is good for one sign-in there too). */
const usedCodes = new Set<string>();
async function providerCode(login: string): Promise<string> {
  for (;;) {
    const code = totpOf(provider(login)).generate();
    if (!usedCodes.has(`${login}:${code}`)) {
      usedCodes.add(`${login}:${code}`);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The sign-in screen's provider button, then the provider's two steps, as the member does it. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.getByRole('link', { name: '認証基盤でログイン' }).click();
  await expect(page.getByRole('heading', { name: 'サインイン' })).toBeVisible();
  await page.getByLabel('ログインID').fill(login);
  await page.getByLabel('パスワード').fill(provider(login).password);
  await page.getByRole('button', { name: '次へ' }).click();
  await page.getByLabel('認証アプリの確認コード（6桁）').fill(await providerCode(login));
  await page.getByRole('button', { name: 'サインイン' }).click();
}

test('reviewers sign in through the bank’s provider and decide with four eyes; the provider’s disabling ends a session and refuses the next sign-in', async ({
  browser,
  server,
  idpOrigin,
  request,
}) => {
  test.setTimeout(120_000);
  for (const [login, name] of [
    ['rev.provider.one', '審査 一郎'],
    ['rev.provider.two', '審査 二郎'],
  ]) {
    createStaffByCommand(databaseUrl, { bank: '0177', login: login!, name: name!, role: 'REVIEWER', password: 'one-time password never used' });
  }
  const db = new DatabaseSync(join(dir, 'provider.sqlite'));
  const link = db.prepare('update staff_users set oidc_issuer = ?, oidc_subject = ? where login_id = ?');
  link.run(`${idpOrigin}/0177`, provider('reviewer1').sub, 'rev.provider.one');
  link.run(`${idpOrigin}/0177`, provider('reviewer2').sub, 'rev.provider.two');
  db.close();

  const newPage = async () => (await browser.newContext({ ...desktop, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' })).newPage();
  const origin = server.baseURLFor('0177');
  const proposer = await newPage();
  await proposer.goto(`${origin}/admin/`);
  await expect(proposer.getByRole('heading', { name: '銀行の認証基盤でログイン' })).toBeVisible();
  await expectNoAxeViolations(proposer);
  await signInAtProvider(proposer, 'reviewer1');
  // Back in the back office, the service's own account and role: no local password or code asked.
  await expect(proposer.getByRole('heading', { name: '申込一覧' })).toBeVisible();
  await expect(proposer.getByText('審査 一郎')).toBeVisible();

  const { applicationNumber } = await completeApplicationByApi(request, {
    origin: server.origin,
    host: new URL(origin).host,
    ekycOrigin: server.ekycOrigin,
    mailAddress: uniqueAddress('provider'),
    document: await makeJpeg(proposer),
  });
  await proposer.reload();
  await proposer.getByRole('link', { name: applicationNumber }).click();
  await proposer.getByRole('button', { name: '承認申請する' }).click();
  await expect(proposer.getByText('承認申請しました。別の審査担当者の承認を待っています。')).toBeVisible();

  const approver = await newPage();
  await approver.goto(`${origin}/admin/`);
  await signInAtProvider(approver, 'reviewer2');
  await expect(approver.getByRole('heading', { name: '申込一覧' })).toBeVisible();
  await approver.getByRole('link', { name: applicationNumber }).click();
  await expect(approver.getByText(/承認申請中：審査 一郎/)).toBeVisible();
  await approver.getByRole('button', { name: '承認する' }).click();
  await approver.getByRole('dialog', { name: 'このお申込みを承認しますか？' }).getByRole('button', { name: '承認を確定する' }).click();
  await expect(approver.getByText('承認しました。')).toBeFocused();

  // The bank disables reviewer2 in its directory: the provider's back-channel logout ends the open session…
  const disabled = await request.post(`${idpOrigin}/__admin/0177/reviewer2/disable`);
  expect(await disabled.json()).toMatchObject({ disabled: true, backChannelLogouts: 1 });
  await approver.reload();
  await expect(approver.getByRole('heading', { name: 'Web口座開設 管理画面 ログイン' })).toBeVisible();
  // …and the next sign-in is refused at the provider.
  await approver.getByRole('link', { name: '認証基盤でログイン' }).click();
  await approver.getByLabel('ログインID').fill('reviewer2');
  await approver.getByLabel('パスワード').fill(provider('reviewer2').password);
  await approver.getByRole('button', { name: '次へ' }).click();
  await expect(approver.getByRole('alert')).toHaveText('ログインIDまたはパスワードが正しくありません。');
  // reviewer1, not disabled, is still signed in.
  await proposer.reload();
  await expect(proposer.getByRole('heading', { name: `申込詳細 ${applicationNumber}` })).toBeVisible();
});
