import { DatabaseSync } from 'node:sqlite';
import type { Page } from '@playwright/test';
import { cancelReasons, rejectReasons, reviewRules } from '@koza/domain/admin/case';
import { shareableRejectionReasons, statusText, type ApplicantStatus } from '@koza/domain/application-status';
import { getBank } from '@koza/domain/banks/banks';
import { verification as verificationRules, type BankCode } from '@koza/domain/constants';
import { expect, test } from '../fixtures.ts';
import { shot } from '../support/screenshots.ts';
import { createStaffByCommand, desktop, expectNoAxeViolations, firstSignIn } from '../support/admin.ts';
import { askStatus, completeByApi, expectStatus } from '../support/application-status.ts';
import { makeJpeg } from '../support/ekyc.ts';
import { dismissNotice, uniqueAddress } from '../support/entry.ts';
import { watchForProblems } from '../support/problems.ts';

// お申込み状況の確認 (issue 26, decision 0192) on the three banks: applications completed through the
// applicant API (general and child), staff acting in the back office's own screens (open, approve,
// reject with a shareable reason, approve then cancel), and the applicant on the phone reaching the
// page from /term and reading each state, with axe on every state and a screenshot of each.

const reviewerPassword = 'reviewer password e2e';
// The worker's own server and database (fixtures.ts): each test is a bank of its own, its staff and
// applicants its own, so the tests run side by side with the rest. Each test speaks from its own
// client address (the worker's server trusts the loopback's X-Forwarded-For), so the per-IP sending
// limit of the verification mails (30 an hour) holds per test, as it would per applicant.
/** The worker's SQLite file, where a test moves its own records back in time. */
const databaseFile = (databaseUrl: string) => databaseUrl.replace(/^sqlite:/, '');

const banks = ['0177', '0587', '0181'] as const satisfies readonly BankCode[];

interface Case {
  status: ApplicantStatus;
  type: 'GENERAL' | 'CHILD';
  /** What staff do in the back office before the applicant looks: the first reviewer has the case open. */
  staff: (staff: StaffPair, applicationNumber: string) => Promise<void>;
}

/** Two reviewers of the bank (approval takes two people: decision 0230), each signed in on a page of their own. */
interface StaffPair {
  first: Page;
  second: Page;
  origin: string;
  databaseUrl: string;
}

const openCase = async (staff: Page, origin: string, applicationNumber: string) => {
  await staff.goto(`${origin}/admin/?applicationNumber=${applicationNumber}`);
  await staff.getByRole('link', { name: applicationNumber }).click();
  await expect(staff.getByRole('heading', { name: `申込詳細 ${applicationNumber}` })).toBeVisible();
};
const reject = async ({ first }: StaffPair) => {
  await first.getByRole('button', { name: '否認する' }).click();
  const dialog = first.getByRole('dialog');
  await dialog.getByLabel('否認理由').selectOption({ label: rejectReasons.EXISTING_ACCOUNT });
  await dialog.getByLabel(/お客さまにお伝えする理由/).selectOption({ label: shareableRejectionReasons.EXISTING_ACCOUNT });
  await dialog.getByRole('button', { name: '否認を確定する' }).click();
  await expect(first.getByText('否認しました。')).toBeVisible();
};
const approve = async ({ first, second, origin }: StaffPair, applicationNumber: string) => {
  await first.getByRole('button', { name: '承認申請する' }).click();
  await expect(first.getByText('承認申請しました。別の審査担当者の承認を待っています。')).toBeVisible();
  await openCase(second, origin, applicationNumber);
  await second.getByRole('button', { name: '承認する' }).click();
  await second.getByRole('dialog').getByRole('button', { name: '承認を確定する' }).click();
  await expect(second.getByText('承認しました。')).toBeVisible();
};
// An approved application is cancelled when its card was not collected in time (SPEC.md §1): the
// back office offers it only once the collection period is over (decision 0230). The test moves the
// approval back past that period in the test's own database, as if the weeks had passed.
const cancel = async (pair: StaffPair, applicationNumber: string) => {
  await approve(pair, applicationNumber);
  const db = new DatabaseSync(databaseFile(pair.databaseUrl));
  try {
    const back = (reviewRules.cardCollectionDays + 1) * 86_400_000;
    db.prepare(
      'update application_reviews set decided_at = decided_at - ? where application_id = (select id from applications where application_number = ?)',
    ).run(back, applicationNumber);
  } finally {
    db.close();
  }
  // Two people, like the approval: one proposes with the reason, the other confirms (decision 0230).
  await openCase(pair.second, pair.origin, applicationNumber);
  await pair.second.getByRole('button', { name: '取消申請する' }).click();
  const dialog = pair.second.getByRole('dialog');
  await dialog.getByLabel('取消理由').selectOption({ label: cancelReasons.CARD_NOT_COLLECTED });
  await dialog.getByRole('button', { name: '取消を申請する' }).click();
  await expect(pair.second.getByText('取消申請しました。別の審査担当者の確定を待っています。')).toBeVisible();
  await openCase(pair.first, pair.origin, applicationNumber);
  await pair.first.getByRole('button', { name: '取消を確定する' }).click();
  await pair.first.getByRole('dialog').getByRole('button', { name: '取消を確定する' }).click();
  await expect(pair.first.getByText('取消しました。')).toBeVisible();
};

// The address's verification mail a moment ago counts against the status code's mail: one mail per
// 30 seconds per address (DECISIONS.md §3). Rather than wait half a minute, the test moves the mails
// already counted back past that interval in its own database, as if the time had passed (the hourly
// limits still count them).
const letHalfAMinutePass = (databaseUrl: string) => {
  const db = new DatabaseSync(databaseFile(databaseUrl));
  try {
    db.prepare("update rate_limit_events set at = at - ? where key like 'register:mail:%'").run((verificationRules.perAddressMinIntervalSeconds + 1) * 1000);
  } finally {
    db.close();
  }
};

const cases: readonly Case[] = [
  { status: 'RECEIVED', type: 'CHILD', staff: async () => undefined },
  { status: 'IN_REVIEW', type: 'GENERAL', staff: async () => undefined }, // opening it is the action
  { status: 'APPROVED', type: 'CHILD', staff: approve },
  { status: 'REJECTED', type: 'GENERAL', staff: reject },
  { status: 'CANCELLED', type: 'GENERAL', staff: cancel },
];

/**
 * The states do not depend on the bank: each is shown once, the banks taking turns (0177: received and
 * rejected, 0587: in review and cancelled, 0181: approved), so every bank's status page, contact and
 * branch are seen and every state is reached by the back office's own actions.
 */
const casesOf = (index: number): readonly Case[] => cases.filter((_, i) => i % banks.length === index);

for (const [index, code] of banks.entries()) {
  const cases = casesOf(index);
  test(`${code}: ${cases.map((c) => c.status).join(', ')}, each reached by the back office's own actions, on the phone with no axe violation`, async ({
    page,
    browser,
    playwright,
    server,
  }) => {
    test.setTimeout(240_000);
    const bank = getBank(code);
    const host = new URL(server.baseURLFor(code)).host;
    const applicantApi = await playwright.request.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.26.${index}.1` } });
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.26.${index}.2` });
    const document = await makeJpeg(page);
    const applications: { mailAddress: string; applicationNumber: string; status: ApplicantStatus }[] = [];
    for (const c of cases) {
      const mailAddress = uniqueAddress(`status-${code}-${c.status.toLowerCase()}`);
      const applicationNumber = await completeByApi(applicantApi, {
        origin: server.origin,
        host,
        ekycOrigin: server.ekycOrigin,
        bankCode: code,
        mailAddress,
        type: c.type,
        document,
      });
      applications.push({ mailAddress, applicationNumber, status: c.status });
    }
    await applicantApi.dispose();

    // Two reviewers of the bank, in the back office at a desktop viewport: one proposes an approval,
    // the other confirms it. A one-time password from the command, changed at the first sign-in, and
    // the second factor enrolled (every role has one: decision 0200); staff sign in at their own
    // bank's host.
    const staffOrigin = server.baseURLFor(code);
    const contexts = [];
    const pages: Page[] = [];
    for (const login of [`reviewer.status.${code}`, `approver.status.${code}`]) {
      const oneTime = `${reviewerPassword} (one-time)`;
      createStaffByCommand(server.databaseUrl, { bank: code, login, name: '審査 状況', role: 'REVIEWER', password: oneTime });
      const context = await browser.newContext({ ...desktop, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
      const staffPage = await context.newPage();
      await staffPage.goto(`${staffOrigin}/admin/`);
      await firstSignIn(staffPage, login, oneTime, reviewerPassword);
      await expect(staffPage.getByRole('heading', { name: '申込一覧' })).toBeVisible();
      contexts.push(context);
      pages.push(staffPage);
    }
    const pair: StaffPair = { first: pages[0]!, second: pages[1]!, origin: staffOrigin, databaseUrl: server.databaseUrl };
    for (const [i, c] of cases.entries()) {
      if (c.status === 'RECEIVED') continue; // nobody at the bank has opened it yet
      const { applicationNumber } = applications[i]!;
      await openCase(pair.first, staffOrigin, applicationNumber);
      await c.staff(pair, applicationNumber);
    }
    for (const context of contexts) await context.close();

    // The applicant: from /term's link to the status page, then each application in turn.
    const problems = await watchForProblems(page);
    await page.goto(`${server.baseURLFor(code)}/term`);
    await dismissNotice(page);
    await page.getByRole('link', { name: statusText.linkLabel }).click();
    await expect(page).toHaveURL(/\/status$/);
    for (const [i, { mailAddress, applicationNumber, status }] of applications.entries()) {
      if (i > 0) await page.getByRole('button', { name: statusText.again }).click();
      letHalfAMinutePass(server.databaseUrl);
      await askStatus(page, server.origin, mailAddress, applicationNumber);
      await expectStatus(page, status);
      const shown = page.getByRole('main');
      await expect(shown.getByText(applicationNumber)).toBeVisible();
      await expect(shown.getByText(bank.contact.phoneNumber)).toBeVisible();
      await expect(
        shown
          .getByRole('definition')
          .filter({ hasText: /本店|支店|営業部|出張所/ })
          .first(),
      ).toBeVisible();
      if (cases[i]!.type === 'CHILD') await expect(shown.getByText(statusText.childHolderNote)).toBeVisible();
      if (status === 'REJECTED') await expect(shown.getByText(shareableRejectionReasons.EXISTING_ACCOUNT)).toBeVisible();
      else await expect(shown.getByText(statusText.reason, { exact: true })).toHaveCount(0);
      if (status === 'CANCELLED') await expect(shown.getByText(statusText.cancelledAt)).toBeVisible();
      // Nothing personal beyond the first name and the branch: no surname, no address, no phone of the applicant.
      await expect(shown.getByText('山田')).toHaveCount(0);
      await expect(shown.getByText(mailAddress)).toHaveCount(0);
      await expectNoAxeViolations(page);
      await shot(page, `status-${code}-${status.toLowerCase()}`);
    }
    expect(problems).toEqual([]);
  });
}

test('0177: a wrong receipt number or a wrong address answers like the right ones, mails nothing, and no code opens it', async ({
  page,
  playwright,
  server,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '10.26.9.2' });
  const host = new URL(server.baseURLFor('0177')).host;
  const api = await playwright.request.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.26.9.1' } });
  const mailAddress = uniqueAddress('status-wrong');
  const applicationNumber = await completeByApi(api, {
    origin: server.origin,
    host,
    ekycOrigin: server.ekycOrigin,
    bankCode: '0177',
    mailAddress,
    type: 'GENERAL',
    document: await makeJpeg(page),
  });
  await api.dispose();
  const mailsTo = async (to: string) =>
    ((await (await request.get(`${server.origin}/__dev/mails?to=${encodeURIComponent(to)}`)).json()) as { subject: string }[]).filter((m) =>
      m.subject.includes(statusText.title),
    );

  await page.goto(`${server.baseURLFor('0177')}/status`);
  await expect(page.getByRole('heading', { level: 1, name: statusText.title })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'status-0177-lookup');

  // Field checks on the phone first.
  await page.getByRole('button', { name: statusText.send }).click();
  await expect(page.getByText(statusText.numberRequired, { exact: true })).toBeVisible();

  letHalfAMinutePass(server.databaseUrl);
  const wrongNumber = applicationNumber.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
  for (const [mail, number] of [
    [mailAddress, wrongNumber],
    ['someone.else@example.jp', applicationNumber],
  ] as const) {
    await page.getByRole('textbox', { name: statusText.mailLabel }).fill(mail);
    await page.getByRole('textbox', { name: statusText.numberLabel }).fill(number);
    await page.getByRole('button', { name: statusText.send }).click();
    await expect(page.getByRole('heading', { level: 2, name: statusText.codeStep })).toBeVisible();
    await expect(page.getByText(statusText.codeLead)).toBeVisible();
    await page.getByRole('textbox', { name: statusText.codeLabel }).fill('123456');
    await page.getByRole('button', { name: statusText.show }).click();
    await expect(page.getByText(statusText.failed)).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'status-0177-code-failed');
    await page.getByRole('button', { name: statusText.back }).click();
    await expect(page.getByRole('heading', { level: 2, name: statusText.lookupStep })).toBeVisible();
  }
  expect(await mailsTo(mailAddress)).toEqual([]);
  expect(await mailsTo('someone.else@example.jp')).toEqual([]);
});
