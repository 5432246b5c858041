import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { getBank } from '@koza/domain/banks/banks';
import { bankCodes } from '@koza/domain/constants';
import { expect, test } from '../fixtures.ts';
import { watchForProblems } from '../support/problems.ts';
import { screenshotDir } from '../paths.ts';
import { uniqueAddress, nextButton } from '../support/entry.ts';
import {
  applicant,
  completeGeneralSteps,
  fillPersonal,
  generalFlowData,
  heading,
  headings,
  reachPersonal,
} from '../support/general-flow.ts';

mkdirSync(screenshotDir, { recursive: true });
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage });

for (const code of bankCodes) {
  const bank = getBank(code);

  test.describe(`${bank.name} (${code}) general flow`, () => {
    test('goes from /term through steps 1–6 to /ekyc-preparation with the real postal search and mailbox', async ({ page, baseURLFor }) => {
      test.setTimeout(120_000);
      const problems = await watchForProblems(page);
      await completeGeneralSteps(page, {
        bankCode: code,
        baseURL: baseURLFor(code),
        mailAddress: uniqueAddress(`flow-${code}`),
        screenshot: (name) => shot(page, `general-${name}-${code}`, !['address-chooser', 'pin-modal'].includes(name)),
      });
      await expect(page).toHaveURL(/\/ekyc-preparation$/);
      // No script error, console error or CSP violation on any screen (each later screen is a lazy chunk).
      expect(problems).toEqual([]);
    });

    test('Back from /workplace to /personal keeps what was entered', async ({ page, baseURLFor }) => {
      test.setTimeout(60_000);
      await reachPersonal(page, { baseURL: baseURLFor(code), mailAddress: uniqueAddress(`back-${code}`) });
      await fillPersonal(page, code);
      await nextButton(page).click();
      await expect(heading(page, headings.workplace)).toBeVisible();
      await page.getByRole('button', { name: '戻る' }).click();
      await expect(heading(page, headings.personal)).toBeVisible();

      await expect(page.getByRole('textbox', { name: '姓', exact: true })).toHaveValue(applicant.lastName);
      await expect(page.getByRole('textbox', { name: '名', exact: true })).toHaveValue(applicant.firstName);
      await expect(page.getByRole('textbox', { name: 'セイ', exact: true })).toHaveValue(applicant.kanaLastName);
      await expect(page.getByRole('combobox', { name: '生年月日（年）' })).toHaveValue(applicant.birthYear);
      await expect(page.getByRole('combobox', { name: '生年月日（月）' })).toHaveValue(applicant.birthMonth);
      await expect(page.getByRole('combobox', { name: '生年月日（日）' })).toHaveValue(applicant.birthDay);
      await expect(page.getByRole('radio', { name: '女性' })).toBeChecked();
      await expect(page.getByRole('textbox', { name: '携帯電話番号（3つ目）' })).toHaveValue(applicant.mobile[2]);
      const postal = generalFlowData[code].postalNumber;
      await expect(page.getByRole('textbox', { name: /^郵便番号/ })).toHaveValue(`${postal.slice(0, 3)}-${postal.slice(3)}`);
      await expect(page.getByText(new RegExp(`^${generalFlowData[code].prefecture}.*${generalFlowData[code].town}$`))).toBeVisible();
      await expect(page.getByRole('textbox', { name: /^番地/ }).first()).toHaveValue(bank.exampleAddresses.address);
      await expect(page.getByRole('checkbox', { name: bank.utilizationPurposes[0] })).toBeChecked();
    });
  });
}

test('a postal code typed through the Japanese IME in full-width digits is left alone while composing, then shaped', async ({
  page,
  baseURLFor,
}) => {
  await reachPersonal(page, { baseURL: baseURLFor('0177'), mailAddress: uniqueAddress('ime') });
  const postal = page.getByRole('textbox', { name: /^郵便番号/ });
  await postal.focus();
  // Chromium's own IME path (DevTools protocol): a composition in progress, then its commit.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: '８１００', selectionStart: 4, selectionEnd: 4 });
  await expect(postal).toHaveValue('８１００');
  await cdp.send('Input.imeSetComposition', { text: '８１０００１', selectionStart: 6, selectionEnd: 6 });
  await expect(postal).toHaveValue('８１０００１');
  await cdp.send('Input.insertText', { text: '８１００００１' });
  await expect(postal).toHaveValue('810-0001');
  await expect(page.getByRole('button', { name: '住所検索' })).toBeEnabled();
});
