import type { Locator, Page } from '@playwright/test';
import { getBank } from '@koza/domain/banks/banks';
import { bankCodes } from '@koza/domain/constants';
import { messages } from '@koza/domain/messages';
import { expect, test } from '../fixtures.ts';
import { shot } from '../support/screenshots.ts';
import { watchForProblems } from '../support/problems.ts';
import { captureWithFakeCamera, ekycHeadings, openProvider, submitOutcome } from '../support/ekyc.ts';
import { answerAllPositively, dismissNotice, nextButton, readCode, uniqueAddress } from '../support/entry.ts';
import {
  applicant,
  chooseFirstBranch,
  fillPersonal,
  fillWorkplace,
  generalFlowData,
  heading,
  headings,
  reachPersonal,
  serverOriginOf,
  setPin,
} from '../support/general-flow.ts';
import { overlaps, smallTapTargets, tokensBrokenAcrossLines } from '../support/layout-checks.ts';

// What a new applicant meets on a phone, walked screen by screen for each bank (issue "What a new
// applicant meets"): tap targets, toasts that leave the header alone, PIN rules before the
// irreversible modal, the review's address in parts, the bank's cash card, dates kept on one line.

/** A building name ending in four digits, so that the address rule of the PIN has something to refuse. */
const withRoom1203 = (text: string) => text.replace(/\d+$/, '1203');

/** Every tappable element of the current screen is at least 44 px high. */
async function expectTapTargets(page: Page, screen: string): Promise<void> {
  expect(await smallTapTargets(page), `tap targets under 44 px on ${screen}`).toEqual([]);
}

async function expectNoBrokenTokens(page: Page, screen: string): Promise<void> {
  expect(await tokensBrokenAcrossLines(page), `dates, times or phone numbers broken across lines on ${screen}`).toEqual([]);
}

/** The visible toast covers neither the header, the step bar, the heading nor the Back/Next bar; its × is 44 × 44 px. */
async function expectToastClearOfHeader(page: Page, text: string, primary: Locator): Promise<void> {
  const toast = page.getByRole('listitem').filter({ hasText: text });
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  expect(box).not.toBeNull();
  const covered: Locator[] = [page.getByRole('banner'), page.getByRole('navigation', { name: 'お申込みの手順' }), page.getByRole('heading', { level: 1 })];
  for (const locator of covered) {
    const other = await locator.boundingBox();
    if (box && other) expect(overlaps(box, other), `the toast covers ${await locator.evaluate((e) => e.tagName)}`).toBe(false);
  }
  const next = await primary.boundingBox();
  if (box && next) expect(overlaps(box, next), 'the toast covers the primary button').toBe(false);
  const close = await toast.getByRole('button', { name: '閉じる' }).boundingBox();
  expect(close?.width).toBeGreaterThanOrEqual(44);
  expect(close?.height).toBeGreaterThanOrEqual(44);
}

/** The text lines of a row's value in the review table (dt label → dd). */
async function reviewLines(page: Page, label: string): Promise<string[]> {
  const row = page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('..');
  const text = await row.getByRole('definition').innerText();
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

test.describe('a new applicant on a phone', () => {
  test.describe.configure({ timeout: 240_000 });

  for (const code of bankCodes) {
    const bank = getBank(code);

    test(`${code}: every screen to the receipt — tap targets, toasts, PIN rules in the browser, the review, the card`, async ({ page, baseURLFor }) => {
      const baseURL = baseURLFor(code);
      const problems = await watchForProblems(page);

      // /term: every question and notice open, with the bank's cash card among the notices.
      await page.goto(`${baseURL}/term`);
      await dismissNotice(page);
      await answerAllPositively(page);
      await expect(page.getByRole('img', { name: `${bank.name}のキャッシュカード` })).toBeVisible();
      await expectTapTargets(page, '/term');
      await nextButton(page).click();

      // /verification, with the help for mail that does not arrive opened, then the code step.
      await expect(page).toHaveURL(/\/verification$/);
      await page.getByText('メールが届かない場合').click();
      await expectTapTargets(page, '/verification (address)');
      const mailAddress = uniqueAddress(`walk-${code}`);
      await page.getByRole('textbox', { name: 'メールアドレス' }).fill(mailAddress);
      await page.getByRole('button', { name: '送信する' }).click();
      const mailCode = await readCode(serverOriginOf(baseURL), mailAddress);
      await page.getByRole('textbox', { name: '認証コード' }).fill(mailCode);
      await expectTapTargets(page, '/verification (code)');
      await nextButton(page).click();
      // Verifying and loading the later screens' chunk can take a while on a loaded machine.
      await expect(heading(page, headings.personal)).toBeVisible({ timeout: 15_000 });

      await fillPersonal(page, code);
      await page
        .getByRole('textbox', { name: /^建物名・部屋番号(?!（カナ）)/ })
        .first()
        .fill(withRoom1203(bank.exampleAddresses.subAddress));
      const kanaSubAddress = page.getByRole('textbox', { name: /^建物名・部屋番号（カナ）/ }).first();
      await kanaSubAddress.fill(withRoom1203(bank.exampleAddresses.kanaSubAddress));
      await kanaSubAddress.blur();
      // Small kana become large on blur (ｮ → ﾖ): the review shows what was saved.
      const savedKanaSubAddress = await kanaSubAddress.inputValue();
      await expectTapTargets(page, '/personal');
      await nextButton(page).click();

      // /workplace: the reminder toast sits clear of the header, step bar and heading.
      await expect(heading(page, headings.workplace)).toBeVisible();
      await expectToastClearOfHeader(page, messages.codeReminder, nextButton(page));
      await shot(page, `applicant-workplace-toast-${code}`);
      await fillWorkplace(page);
      await expectTapTargets(page, '/workplace');
      await nextButton(page).click();

      await expect(heading(page, headings.branch)).toBeVisible();
      await chooseFirstBranch(page);
      await expectTapTargets(page, '/branch');
      await nextButton(page).click();

      await expect(heading(page, headings.sealLess)).toBeVisible();
      await expectTapTargets(page, '/seal-less');
      await nextButton(page).click();

      // /confirmation: the kana address in its parts, one per line, like the kanji one.
      await expect(heading(page, headings.confirmation)).toBeVisible();
      const kana = await reviewLines(page, '住所（カナ）');
      expect(kana).toHaveLength(5);
      expect(kana[0]).toBe(generalFlowData[code].kanaPrefecture);
      expect(kana[3]).toBe(bank.exampleAddresses.kanaAddress);
      expect(kana[4]).toBe(savedKanaSubAddress);
      const kanji = await reviewLines(page, '住所');
      expect(kanji).toHaveLength(5);
      expect(kanji[4]).toBe(withRoom1203(bank.exampleAddresses.subAddress));
      await expectNoBrokenTokens(page, '/confirmation');
      await expectTapTargets(page, '/confirmation');
      await shot(page, `applicant-confirmation-${code}`);
      await page.getByRole('checkbox', { name: '確認しました' }).check();
      await nextButton(page).click();

      // /pin: each rule family is refused in the browser, the warning modal never opening.
      await expect(heading(page, headings.pin)).toBeVisible();
      const pinCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/pin')) pinCalls.push(request.method());
      });
      const first = page.getByRole('textbox', { name: /^暗証番号(?!（)/ });
      const second = page.getByRole('textbox', { name: /^暗証番号（確認用）/ });
      const set = page.getByRole('button', { name: '暗証番号を設定する' });
      const refused: [pin: string, message: string][] = [
        ['1111', messages.pinSameDigits],
        [`${applicant.birthMonth.padStart(2, '0')}${applicant.birthDay.padStart(2, '0')}`, messages.pinBirthday],
        [applicant.mobile[2], messages.pinPhone],
        [applicant.workplacePhone[2], messages.pinPhone],
        ['1203', messages.pinAddress],
      ];
      for (const [pin, message] of refused) {
        await first.fill(pin);
        await second.fill(pin);
        await expect(page.getByText(message)).toBeVisible();
        await expect(first).toHaveAttribute('aria-invalid', 'true');
        await expect(set).toBeDisabled();
        await expect(page.getByRole('dialog', { name: '暗証番号の設定' })).toBeHidden();
        if (pin === applicant.mobile[2]) await shot(page, `applicant-pin-refused-${code}`);
      }
      expect(pinCalls).toEqual([]);
      await expectTapTargets(page, '/pin');
      await setPin(page);

      // /ekyc-preparation: its toast also leaves the header alone.
      await expect(page).toHaveURL(/\/ekyc-preparation$/);
      await expectToastClearOfHeader(page, messages.addressMatchToast, page.getByRole('button', { name: '本人確認へ進む' }));
      await expectTapTargets(page, '/ekyc-preparation');

      await openProvider(page);
      await captureWithFakeCamera(page);
      await submitOutcome(page, 'PASSED');

      // /complete: the card that will arrive by post, and no date, time or phone number broken.
      await expect(heading(page, ekycHeadings.complete)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('img', { name: `${bank.name}のキャッシュカード` })).toBeVisible();
      await expectNoBrokenTokens(page, '/complete');
      await expectTapTargets(page, '/complete');
      await shot(page, `applicant-complete-${code}`);
      // No script error, console error or CSP violation on any screen (each later screen is a lazy chunk).
      expect(problems).toEqual([]);
    });
  }

  test('the bank logo leads to the header path; leaving a started application asks first', async ({ page, baseURLFor }) => {
    const baseURL = baseURLFor('0587');
    await reachPersonal(page, { baseURL, mailAddress: uniqueAddress('logo') });
    const home = page.getByRole('banner').getByRole('link', { name: /口座開設トップページ/ });
    await expect(home).toHaveAttribute('href', '/term');
    await home.click();
    const ask = page.getByRole('dialog', { name: 'お申込みを中断しますか' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'お申込みを続ける' }).click();
    await expect(ask).toBeHidden();
    await expect(heading(page, headings.personal)).toBeVisible();

    await home.click();
    await ask.getByRole('button', { name: 'トップページに戻る' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'お申込み前のご確認' })).toBeVisible();
    await expect(page).toHaveURL(/\/term$/);

    // The child flow's header path.
    await page.goto(`${baseURL}/child/before-check`);
    await expect(page.getByRole('banner').getByRole('link', { name: /口座開設トップページ/ })).toHaveAttribute('href', '/child/before-check');
  });
});
