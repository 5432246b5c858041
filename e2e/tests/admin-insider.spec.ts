import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { adminMessages } from '@koza/domain/admin/messages';
import { test, expect } from '../fixtures.ts';
import { makeJpeg } from '../support/ekyc.ts';
import { uniqueAddress } from '../support/entry.ts';
import { completeApplicationByApi, createStaffByCommand, desktop, expectNoAxeViolations, firstSignIn, signIn } from '../support/admin.ts';

// Issue 32, finding 1, in the back office: in a bank with two ADMINs, one ADMIN resets the password
// and second factor of both reviewers, as a way to act as them and approve alone. Nothing takes
// effect: the resets wait for the other ADMIN, the asking ADMIN cannot confirm them, no password is
// ever shown to them, and the reviewer's proposal still stands. When the second ADMIN confirms, the
// one-time password appears once on that ADMIN's screen (for the member in person) and the member's
// open proposal is withdrawn, on record in the case history (decisions 0230, 0233).

const dir = mkdtempSync(join(tmpdir(), 'koza-insider-e2e-'));
const databaseUrl = `sqlite:${join(dir, 'insider.sqlite')}`;
// Passwords must not hold the login id (decision 0201): one word per member instead.
const words: Record<string, string> = { 'admin.one': 'amber', 'admin.two': 'birch', 'rev.one': 'cedar', 'rev.two': 'dune' };
const oneTime = (who: string) => `${words[who]} one-time e2e password`;
const own = (who: string) => `${words[who]} own e2e password`;

test.use({ ...desktop, apiEnv: { DATABASE_URL: databaseUrl } });

test('an ADMIN resets two reviewers and cannot end with an approval no second ADMIN saw', async ({ browser, server, request }) => {
  test.setTimeout(180_000);
  const staff = [
    { login: 'admin.one', name: '管理 一郎', role: 'ADMIN' },
    { login: 'admin.two', name: '管理 二郎', role: 'ADMIN' },
    { login: 'rev.one', name: '審査 一郎', role: 'REVIEWER' },
    { login: 'rev.two', name: '審査 二郎', role: 'REVIEWER' },
  ];
  for (const s of staff) createStaffByCommand(databaseUrl, { bank: '0177', ...s, password: oneTime(s.login) });
  const newPage = async () => (await browser.newContext({ ...desktop, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' })).newPage();
  const signedIn = async (login: string): Promise<Page> => {
    const page = await newPage();
    await page.goto(`${server.origin}/admin/`);
    await firstSignIn(page, login, oneTime(login), own(login));
    await expect(page.getByRole('heading', { name: '申込一覧' })).toBeVisible();
    return page;
  };

  // rev.one proposes an approval (rev.two, also enrolled, would confirm it).
  const secondReviewer = await signedIn('rev.two');
  const reviewer = await signedIn('rev.one');
  const { applicationNumber } = await completeApplicationByApi(request, {
    origin: server.origin,
    host: new URL(server.baseURLFor('0177')).host,
    ekycOrigin: server.ekycOrigin,
    mailAddress: uniqueAddress('insider'),
    document: await makeJpeg(reviewer),
  });
  await reviewer.reload();
  await reviewer.getByRole('link', { name: applicationNumber }).click();
  await reviewer.getByRole('button', { name: '承認申請する' }).click();
  await expect(reviewer.getByText('承認申請しました。別の審査担当者の承認を待っています。')).toBeVisible();

  // admin.one resets both reviewers' passwords and second factors: each only waits.
  const insider = await signedIn('admin.one');
  await insider.getByRole('link', { name: '職員管理' }).click();
  const row = (page: Page, login: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: login, exact: true }) });
  for (const login of ['rev.one', 'rev.two']) {
    for (const [button, confirm, done] of [
      ['パスワード再設定', '再設定する', 'パスワード再設定'],
      ['二要素認証をリセット', 'リセットする', '二要素認証をリセット'],
    ] as const) {
      await insider.getByRole('button', { name: `${login} の${button}` }).click();
      await insider.getByRole('dialog').getByRole('button', { name: confirm, exact: true }).click();
      await expect(insider.getByText(`${login} の${done}を受け付けました。別の管理者の確認後に有効になります。`)).toBeVisible();
    }
    await expect(row(insider, login).getByRole('cell', { name: 'パスワード再設定・二要素認証のリセットの確認待ち（依頼：管理 一郎）' })).toBeVisible();
  }
  // No password was shown to the ADMIN who asked, and they cannot confirm their own request.
  await expect(insider.getByRole('region', { name: /の初期パスワード$/ })).toHaveCount(0);
  await insider.getByRole('button', { name: 'rev.one の確認' }).click();
  await insider.getByRole('dialog').getByRole('button', { name: '確認する' }).click();
  await expect(insider.getByRole('dialog').getByText(adminMessages.ownStaffChange)).toBeVisible();
  await expectNoAxeViolations(insider);
  await insider.getByRole('dialog').getByRole('button', { name: 'キャンセル' }).click();

  // Nothing took effect: a password the ADMIN might try does not sign in as a reviewer; rev.one's proposal stands.
  const attempt = await newPage();
  await attempt.goto(`${server.origin}/admin/`);
  await signIn(attempt, 'rev.two', oneTime('rev.two'));
  await expect(attempt.getByText(adminMessages.signInFailed)).toBeVisible();
  await reviewer.reload();
  await expect(reviewer.getByText(/承認申請中：審査 一郎/)).toBeVisible();

  // The second ADMIN confirms rev.one: the one-time password is shown once, on this screen only.
  const confirmer = await signedIn('admin.two');
  await confirmer.getByRole('link', { name: '職員管理' }).click();
  await confirmer.getByRole('button', { name: 'rev.one の確認' }).click();
  await confirmer.getByRole('dialog').getByRole('button', { name: '確認する' }).click();
  await expect(confirmer.getByText('rev.one の変更を確認しました。')).toBeVisible();
  const panel = confirmer.getByRole('region', { name: 'rev.one（審査 一郎）の初期パスワード' });
  await expect(panel.getByLabel('初期パスワード')).toHaveText(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
  await expectNoAxeViolations(confirmer);
  await panel.getByRole('button', { name: '伝えたので閉じる' }).click();
  await expect(row(confirmer, 'rev.one').getByRole('cell', { name: '利用可' })).toBeVisible();

  // The reset ended rev.one's standing to propose: the proposal is withdrawn, with the reason in the history.
  await confirmer.goto(`${server.origin}/admin/?applicationNumber=${applicationNumber}`);
  await confirmer.getByRole('link', { name: applicationNumber }).click();
  const history = confirmer.getByRole('region', { name: '対応履歴' });
  await expect(history.getByRole('row', { name: /申請の取下げ 審査 一郎 承認申請：申請者のパスワード・二要素認証のリセット/ })).toBeVisible();
  await expect(confirmer.getByText(/承認申請中/)).toHaveCount(0);
  await expectNoAxeViolations(confirmer);
  for (const page of [secondReviewer, reviewer, insider, attempt, confirmer]) await page.context().close();
});
