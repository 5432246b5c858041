import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../fixtures.ts';
import { shot } from '../support/screenshots.ts';
import { makeJpeg } from '../support/ekyc.ts';
import { uniqueAddress } from '../support/entry.ts';
import { completeApplicationByApi, createStaffByCommand, desktop, expectNoAxeViolations, firstSignIn } from '../support/admin.ts';

// What an ADMIN watches (decisions 0202, 0221), at a desktop viewport: a member held back by a
// stranger's failed sign-ins shows so on the staff list, with their sessions (time, address,
// browser), which the ADMIN ends and whose limit they lift; the audit log filtered by action,
// application and days, the filters kept in the URL, where an application's detail reloaded in one
// view is one row.
const dir = mkdtempSync(join(tmpdir(), 'koza-audit-e2e-'));
const databaseUrl = `sqlite:${join(dir, 'audit.sqlite')}`;
const adminPassword = 'admin watches the log';
const memberPassword = 'member under attack';

test.use({ ...desktop, apiEnv: { DATABASE_URL: databaseUrl } });

test('an ADMIN sees a member held back by a stranger, ends their sessions and lifts the limit', async ({ browser, server, request }) => {
  test.setTimeout(120_000);
  createStaffByCommand(databaseUrl, { bank: '0177', login: 'watch.admin', name: '監視 太郎', role: 'ADMIN', password: `${adminPassword} (one-time)` });
  createStaffByCommand(databaseUrl, { bank: '0177', login: 'watched.member', name: '照会 花子', role: 'VIEWER', password: `${memberPassword} (one-time)` });
  const newPage = async () => (await browser.newContext({ ...desktop, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' })).newPage();
  const origin = server.baseURLFor('0177');

  const member = await newPage();
  await member.goto(`${origin}/admin/`);
  await firstSignIn(member, 'watched.member', `${memberPassword} (one-time)`, memberPassword);
  await expect(member.getByRole('heading', { name: '申込一覧' })).toBeVisible();

  const admin = await newPage();
  await admin.goto(`${origin}/admin/`);
  await firstSignIn(admin, 'watch.admin', `${adminPassword} (one-time)`, adminPassword);
  await admin.getByRole('link', { name: '職員管理' }).click();
  const memberRow = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: 'watched.member', exact: true }) });
  await expect(memberRow.getByRole('cell', { name: '利用可' })).toBeVisible();

  // A stranger guesses the member's password until the throttle answers 429.
  for (let i = 0; ; i++) {
    const response = await request.post(`${server.origin}/api/admin/sign-in`, { data: { loginId: 'watched.member', password: `a guess ${i}` } });
    if (response.status() === 429) break;
    expect(response.status()).toBe(401);
  }

  // The limit lasts 30 seconds from the last guess: the ADMIN, already on the list, sees it and lifts it.
  await admin.reload();
  await expect(memberRow.getByRole('cell', { name: /^ログイン制限中（\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}まで）$/ })).toBeVisible();
  await expectNoAxeViolations(admin);
  await memberRow.getByRole('button', { name: 'watched.member のログイン制限を解除' }).click();
  await expect(admin.getByText('watched.member（照会 花子）のログイン制限を解除しますか？', { exact: false })).toBeVisible();
  await admin.getByRole('button', { name: '解除する', exact: true }).click();
  await expect(admin.getByText('watched.member のログイン制限を解除しました。')).toBeVisible();
  await expect(memberRow.getByRole('cell', { name: '利用可' })).toBeVisible();
  await expect(memberRow.getByRole('button', { name: /ログイン制限を解除/ })).toHaveCount(0);

  // The member's session was left alone: the ADMIN sees it, and ends it.
  await memberRow.getByRole('button', { name: 'watched.member のログイン状況' }).click();
  const panel = admin.getByRole('region', { name: 'watched.member のログイン状況' });
  const sessions = panel.getByRole('table', { name: 'ログイン中のセッション（1件）' });
  await expect(sessions.getByRole('cell', { name: '127.0.0.1', exact: true })).toBeVisible();
  await expect(sessions.getByRole('cell', { name: /Mozilla\/5\.0/ })).toBeVisible();
  await expectNoAxeViolations(admin);
  await shot(admin, 'admin-staff-sessions');
  await panel.getByRole('button', { name: 'watched.member のログインをすべて終了' }).click();
  await expect(admin.getByText('watched.member（照会 花子）のログイン中のセッションをすべて終了しますか？')).toBeVisible();
  await admin.getByRole('button', { name: '終了する', exact: true }).click();
  await expect(admin.getByText('watched.member のセッションを終了しました。')).toBeVisible();
  await expect(panel.getByText('ログイン中のセッションはありません。')).toBeVisible();
  await member.reload();
  await expect(member.getByRole('heading', { name: 'Web口座開設 管理画面 ログイン' })).toBeVisible();
  await member.context().close();
  await admin.context().close();
});

test('the audit log filtered by action, application and days, kept in the URL; a detail reloaded in one view is one row', async ({ page, server, request }) => {
  test.setTimeout(120_000);
  const origin = server.baseURLFor('0177');
  await page.goto(`${origin}/admin/`);
  const { applicationNumber } = await completeApplicationByApi(request, {
    origin: server.origin,
    host: new URL(origin).host,
    ekycOrigin: server.ekycOrigin,
    mailAddress: uniqueAddress('audit'),
    document: await makeJpeg(page),
  });
  createStaffByCommand(databaseUrl, { bank: '0177', login: 'log.reader', name: '監査 次郎', role: 'ADMIN', password: `${adminPassword} (one-time)` });
  await firstSignIn(page, 'log.reader', `${adminPassword} (one-time)`, adminPassword);

  // One view, reloaded twice by the browser; then a second view from the list.
  await page.getByRole('link', { name: applicationNumber }).click();
  const detailHeading = page.getByRole('heading', { name: `申込詳細 ${applicationNumber}` });
  await expect(detailHeading).toBeVisible();
  for (let i = 0; i < 2; i++) {
    await page.reload();
    await expect(detailHeading).toBeVisible();
  }
  await page.goBack();
  await page.getByRole('link', { name: applicationNumber }).click();
  await expect(detailHeading).toBeVisible();

  await page.getByRole('link', { name: '操作ログ' }).click();
  const search = page.getByRole('search', { name: '操作ログの絞り込み' });
  await search.getByLabel('操作').selectOption({ label: '申込詳細の表示' });
  await search.getByLabel('受付番号').fill(applicationNumber);
  await search.getByRole('button', { name: '絞り込む' }).click();
  await expect(page).toHaveURL(/action=VIEW_APPLICATION/);
  const table = page.getByRole('table', { name: /操作ログ（1\/1ページ、該当2件）/ });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'log.reader', exact: true }) })).toHaveCount(2);
  await expectNoAxeViolations(page);
  await shot(page, 'admin-audit-filtered');

  // The filters live in the URL: a reload keeps them.
  await page.reload();
  await expect(page.getByRole('search', { name: '操作ログの絞り込み' }).getByLabel('受付番号')).toHaveValue(applicationNumber);
  await expect(page.getByRole('table', { name: /該当2件/ })).toBeVisible();

  // Days: today has both views, a range ending yesterday none.
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
  const yesterday = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date(Date.now() - 86_400_000));
  await search.getByLabel('期間（開始日）').fill(today);
  await search.getByRole('button', { name: '絞り込む' }).click();
  await expect(page.getByRole('table', { name: /該当2件/ })).toBeVisible();
  await search.getByLabel('期間（開始日）').fill(yesterday);
  await search.getByLabel('期間（終了日）').fill(yesterday);
  await search.getByRole('button', { name: '絞り込む' }).click();
  await expect(page.getByRole('table', { name: /該当0件/ })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`from=${yesterday}&to=${yesterday}`));
  await search.getByRole('button', { name: '条件をクリア' }).click();
  await expect(page.getByRole('table', { name: /全\d+件/ })).toBeVisible();
});
