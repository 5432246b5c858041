import { pageTitles } from '@koza/domain/flows';
import type { Page } from '@playwright/test';
import { getBank } from '@koza/domain/banks/banks';
import { confirmationQuestions as q, consentLabels, yesNoLabels } from '@koza/domain/confirmation-questions';
import { bankCodes, type BankCode } from '@koza/domain/constants';
import { messages } from '@koza/domain/messages';
import { expect, test } from '../fixtures.ts';
import { shot } from '../support/screenshots.ts';
import {
  answerAllPositively,
  choose,
  dismissNotice,
  japaneseDateTime,
  landing,
  nextButton,
  onceOn,
  question,
  readCode,
  termHeading,
  toJapanIso,
  uniqueAddress,
  verificationHeading,
} from '../support/entry.ts';
import { expectNoAxeViolations } from '../support/admin.ts';
import { watchForProblems } from '../support/problems.ts';

const desktopChromeUA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
const lineUA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/15.10.0';

async function openTerm(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/term`);
  await expect(page.getByRole('heading', { level: 1, name: termHeading })).toBeVisible();
  await dismissNotice(page);
}

const mailField = (page: Page) => page.getByRole('textbox', { name: 'メールアドレス' });
const codeField = (page: Page) => page.getByRole('textbox', { name: '認証コード' });

/** From /term to the code entry of /verification for a fresh address; answers the code sent. */
async function reachCodeEntry(page: Page, origin: string, serverOrigin: string, label: string) {
  await openTerm(page, origin);
  await answerAllPositively(page);
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByRole('heading', { level: 1, name: verificationHeading })).toBeVisible();
  const address = uniqueAddress(label);
  await mailField(page).fill(address);
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '認証コードの入力' })).toBeVisible();
  await expect(page.getByText(address)).toBeVisible();
  return { address, code: await readCode(serverOrigin, address) };
}

// What depends on the bank (its branch search link, its mail) is walked for each bank; what does not
// (an expired session, the maintenance modal, a direct entry) once, each on another bank (onceOn).

for (const code of bankCodes) {
  const bank = getBank(code);

  test.describe(`${bank.name} (${code}) entry`, () => {
    test("each 'no' shows its message and a branch search link in a new tab; Next waits for every answer", async ({ page, baseURLFor }) => {
      // Five full-resolution screenshots of a long page: slow on a loaded machine.
      test.setTimeout(60_000);
      await openTerm(page, baseURLFor(code));
      await shot(page, `entry-term-${code}-top`, false);
      await expect(nextButton(page)).toBeDisabled();

      const blocking: [string | RegExp, string, string][] = [
        [question.firstAccount, yesNoLabels.no, messages.blockedExistingAccount],
        [question.identityDocument, yesNoLabels.no, messages.blockedNoDocument],
        [question.adult, yesNoLabels.no, messages.blockedUnder18],
        [question.conditions, yesNoLabels.no, messages.conditionsNotMet],
        [question.regulations, consentLabels.no, messages.regulationRefused],
      ];
      for (const [group, no, message] of blocking) {
        await choose(page, group, no);
        const alert = page.getByRole('alert');
        await expect(alert).toContainText(message);
        const link = alert.getByRole('link', { name: /店舗・ATM検索/ });
        await expect(link).toHaveAttribute('href', bank.links.branchSearch);
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', /noopener/);
        await expect(nextButton(page)).toBeDisabled();
        if (group === question.adult) await shot(page, `entry-term-${code}-blocked`, false);
        await choose(page, group, group === question.regulations ? consentLabels.yes : yesNoLabels.yes);
        await expect(page.getByRole('alert')).toHaveCount(0);
      }

      const regulations = page.getByRole('radiogroup', { name: question.regulations });
      for (const r of bank.links.regulations) {
        const link = regulations.getByRole('link', { name: r.label });
        await expect(link).toHaveAttribute('href', r.url);
        await expect(link).toHaveAttribute('target', '_blank');
      }

      // Questions 6 to 8, and Next only once the last box is ticked.
      await choose(page, question.myNumber, '希望する');
      await expect(nextButton(page)).toBeDisabled();
      await page.getByRole('checkbox', { name: q.passbookLess.confirm }).check();
      await expect(page.getByText(/1,100円（税込）/)).toBeVisible();
      await expect(nextButton(page)).toBeDisabled();
      await page.getByRole('checkbox', { name: q.sealLess.confirm }).check();
      await expect(nextButton(page)).toBeEnabled();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await shot(page, `entry-term-${code}-answered`, false);
      await shot(page, `entry-term-${code}-answered-full`);

      // Answers survive Back from /verification.
      await nextButton(page).click();
      await expect(page).toHaveURL(/\/verification$/);
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: termHeading })).toBeVisible();
      await expect(nextButton(page)).toBeEnabled();
    });

    test('an address gets a code by mail; a wrong code shows the message; the right one reaches /personal', async ({ page, baseURLFor, server }) => {
      const problems = await watchForProblems(page);
      const { code: mailed } = await reachCodeEntry(page, baseURLFor(code), server.origin, code);
      await expect(nextButton(page)).toBeDisabled();
      await shot(page, `entry-verification-${code}-code`, false);

      const wrong = mailed === '000000' ? '111111' : '000000';
      await codeField(page).fill(wrong);
      await nextButton(page).click();
      await expect(page.getByText(messages.verificationFailed)).toBeVisible();
      await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/verification$/);
      await expectNoAxeViolations(page);

      // Spaces are stripped (SPEC.md §5).
      await codeField(page).fill(`${mailed.slice(0, 3)} ${mailed.slice(3)}`);
      await nextButton(page).click();
      await expect(page).toHaveURL(/\/personal$/);
      await expect(page.getByRole('heading', { level: 1, name: pageTitles.personal })).toBeVisible();
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
      // The wrong code's 401 is logged by Chromium as a failed load; nothing else may be.
      expect(problems.filter((p) => !p.includes('status of 401'))).toEqual([]);
    });

    if (onceOn(code, 1))
      test('an expired session lands on /error?id=1 with the session text', async ({ page, baseURLFor, server }) => {
        const { address, code: mailed } = await reachCodeEntry(page, baseURLFor(code), server.origin, `exp-${code}`);
        const isApplications = (r: { url(): string }) => new URL(r.url()).pathname === '/api/applications';
        // /personal loads the saved application with the new token (a fresh draft: 200).
        const loaded = page.waitForResponse(isApplications);
        await codeField(page).fill(mailed);
        await nextButton(page).click();
        await expect(page).toHaveURL(/\/personal$/);
        expect((await loaded).status()).toBe(200);

        const expired = await fetch(`${server.origin}/__dev/sessions/expire`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ mailAddress: address }),
        });
        expect(expired.ok).toBe(true);
        // Reloading /personal loads the application with the (now expired) token: GET /api/applications → 401.
        const applications = page.waitForResponse(isApplications);
        await page.reload();
        expect((await applications).status()).toBe(401);
        await expect(page).toHaveURL(/\/error\?id=1$/);
        await expect(page.getByText(messages.sessionError)).toBeVisible();
        expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
      });

    if (onceOn(code, 2))
      test('an active maintenance window shows the maintenance modal with its times', async ({ page, baseURLFor, server }) => {
        const now = Date.now();
        const hour = 60 * 60 * 1000;
        const startedAt = new Date(Math.floor(now / hour) * hour - hour);
        const endedAt = new Date(Math.floor(now / hour) * hour + 2 * hour);
        const created = await fetch(`${server.origin}/__dev/maintenance`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ startedAt: toJapanIso(startedAt), endedAt: toJapanIso(endedAt), bankCode: code }),
        });
        expect(created.ok).toBe(true);
        try {
          await page.goto(`${baseURLFor(code)}/term`);
          const dialog = page.getByRole('dialog', { name: landing.maintenanceTitle });
          await expect(dialog).toBeVisible();
          await expect(dialog).toContainText(japaneseDateTime(startedAt));
          await expect(dialog).toContainText(japaneseDateTime(endedAt));
          await expect(dialog.getByRole('link', { name: landing.backToIntroduction })).toHaveAttribute('href', bank.links.introduction);
          await expect(page.getByRole('dialog', { name: landing.noticeTitle })).toHaveCount(0);
          await shot(page, `entry-maintenance-${code}`, false);
        } finally {
          await fetch(`${server.origin}/__dev/maintenance`, { method: 'DELETE' });
        }
      });

    if (onceOn(code, 0))
      test('direct entry to /verification ends on the error page', async ({ page, baseURLFor }) => {
        await page.goto(`${baseURLFor(code)}/verification`);
        await expect(page).toHaveURL(/\/error$/);
        await expect(page.getByText(messages.systemError)).toBeVisible();
      });
  });
}

test.describe('on a desktop browser', () => {
  test.use({ userAgent: desktopChromeUA, isMobile: false, hasTouch: false });

  test("the 'ご注意' alert can be closed, then the notices follow", async ({ page, baseURLFor }) => {
    await page.goto(`${baseURLFor('0177')}/term`);
    const alert = page.getByRole('dialog', { name: landing.browserTitle });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('スマートフォン専用');
    await expect(alert.getByRole('link', { name: landing.backToIntroduction })).toHaveCount(0);
    await shot(page, 'entry-browser-alert-desktop', false);
    await alert.getByRole('button', { name: landing.close }).click();
    await expect(alert).toBeHidden();
    await dismissNotice(page);
    await expect(page.getByRole('heading', { level: 1, name: termHeading })).toBeFocused();
  });
});

test.describe('in the LINE app', () => {
  test.use({ userAgent: lineUA });

  test("the 'ご注意' alert offers only the way back to the introduction page", async ({ page, baseURLFor }) => {
    const code: BankCode = '0587';
    await page.goto(`${baseURLFor(code)}/term`);
    const alert = page.getByRole('dialog', { name: landing.browserTitle });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: landing.backToIntroduction })).toHaveAttribute('href', getBank(code).links.introduction);
    await expect(alert.getByRole('button', { name: landing.close })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(alert).toBeVisible();
    await expect(page.getByRole('dialog', { name: landing.noticeTitle })).toHaveCount(0);
    await shot(page, 'entry-browser-alert-line', false);
  });
});

test('the verification address step shows the sending state and validates the address first', async ({ page, baseURLFor }) => {
  await openTerm(page, baseURLFor('0181'));
  await answerAllPositively(page);
  await nextButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: verificationHeading })).toBeVisible();
  await expect(mailField(page)).toHaveAttribute('type', 'email');
  await expect(mailField(page)).toHaveAttribute('autocomplete', 'email');
  await shot(page, 'entry-verification-0181-address', false);

  await mailField(page).fill('taro@');
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByText(messages.mailInvalid)).toBeVisible();
  await expect(mailField(page)).toBeFocused();
  await expectNoAxeViolations(page);
  await shot(page, 'entry-verification-0181-address-error', false);

  await page.getByText('メールが届かない場合').click();
  await expect(page.getByText('迷惑メールフォルダ', { exact: false })).toBeVisible();
});

test('the entry query is kept: channel (SPEC.md §3 "kept to 20 characters") and device id in session storage, codes in a 7-day cookie', async ({
  page,
  baseURLFor,
  context,
}) => {
  const deviceId = '3f2b8c1e-9a4d-4e6f-b1c2-7d8e9f0a1b2c';
  await page.goto(`${baseURLFor('0177')}/term?channel=${'x'.repeat(21)}&deviceId=${deviceId}&workplace=123456&invitation=TOOLONG1`);
  await expect(page.getByRole('heading', { level: 1, name: termHeading })).toBeVisible();
  // The kept channel chooses the notices (GET /api/notifications/{channel}): this one has none, so no modal.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The page is readable from its HTML before the app starts (decision 0218): the app keeps the query when it does.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('channel'))).toBe('x'.repeat(20));
  expect(await page.evaluate(() => sessionStorage.getItem('deviceId'))).toBe(deviceId);
  expect(await page.evaluate(() => sessionStorage.getItem('bankCode'))).toBe('0177');
  const cookies = await context.cookies();
  const workplace = cookies.find((c) => c.name === 'koza_workplace');
  expect(workplace?.value).toBe('123456');
  expect(workplace?.sameSite).toBe('Lax');
  expect(workplace?.path).toBe('/');
  const days = ((workplace?.expires ?? 0) * 1000 - Date.now()) / (24 * 60 * 60 * 1000);
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7);
  expect(cookies.find((c) => c.name === 'koza_invitation')).toBeUndefined();
});

test('every route change posts a page view with the path only', async ({ page, baseURLFor }) => {
  const views: unknown[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/page-views') views.push(request.postDataJSON());
  });
  await openTerm(page, `${baseURLFor('0587')}`);
  await page.goto(`${baseURLFor('0587')}/term?channel=campaign`);
  await expect(page.getByRole('heading', { level: 1, name: termHeading })).toBeVisible();
  await expect.poll(() => views.length).toBeGreaterThanOrEqual(2);
  expect(views[views.length - 1]).toMatchObject({ path: '/term', bankCode: '0587', applicationType: 'GENERAL', channel: 'campaign' });
});
