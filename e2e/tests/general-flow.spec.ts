import { getBank } from '@koza/domain/banks/banks';
import { expect, test } from '../fixtures.ts';
import { uniqueAddress, nextButton } from '../support/entry.ts';
import { applicant, fillPersonal, generalFlowData, heading, headings, reachPersonal } from '../support/general-flow.ts';

// The walk through every screen for each bank is applicant-experience.spec.ts's (to the receipt).
// Back keeping what was entered does not depend on the bank: one bank (0587), its own data.

const code = '0587';
const bank = getBank(code);

test.describe(`${bank.name} (${code}) general flow`, () => {
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
    await expect(page.getByRole('checkbox', { name: bank.purposeChoices[0] })).toBeChecked();
  });
});

test('a postal code typed through the Japanese IME in full-width digits is left alone while composing, then shaped', async ({ page, baseURLFor }) => {
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
