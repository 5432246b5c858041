import { readFileSync } from 'node:fs';
import { pageTitles } from '@koza/domain/flows';
import { expect, type Page } from '@playwright/test';
import { parsePostalLine, postalTablePath } from '@koza/data/postal';
import { readBranches } from '@koza/data/reference';
import { allBanks, getBank } from '@koza/domain/banks/banks';
import type { BankCode } from '@koza/domain/constants';
import { answerAllPositively, dismissNotice, nextButton, readCode } from './entry.ts';

// Steps 1–6 of the general flow, shared by the specs, by role and label only.

interface FlowAddress {
  postalNumber: string;
  prefecture: string;
  /** The town (町域) the address chooser offers for the postal code. */
  town: string;
  /** The prefecture in half-width kana, as the kana address fills in. */
  kanaPrefecture: string;
}

/**
 * Valid data per bank, from the data of every bank (no table per bank here): the postal code of the
 * bank's first branch in its home prefecture (data/files/branches.json), so a municipality with a
 * branch, and its row in the postal table (built by `npm run build`).
 */
function flowAddresses(): Record<BankCode, FlowAddress> {
  const branches = readBranches();
  const wanted = new Map(
    allBanks.map((bank) => {
      const branch = branches.find((b) => b.bankCode === bank.code && b.prefecture === bank.homePrefecture);
      if (!branch) throw new Error(`bank ${bank.code} has no branch in ${bank.homePrefecture} (data/files/branches.json)`);
      return [bank.code, branch.postalNumber];
    }),
  );
  const rows = new Map(
    readFileSync(postalTablePath, 'utf8')
      .split('\n')
      .filter((line) => [...wanted.values()].includes(line.slice(0, 7)))
      .map((line) => parsePostalLine(line))
      .map((row) => [row.postalNumber, row]),
  );
  return Object.fromEntries(
    [...wanted].map(([code, postalNumber]) => {
      const row = rows.get(postalNumber);
      if (!row) throw new Error(`postal code ${postalNumber} of bank ${code} is not in ${postalTablePath}`);
      return [code, { postalNumber, prefecture: row.prefecture, town: row.section, kanaPrefecture: row.kanaPrefecture }];
    }),
  ) as Record<BankCode, FlowAddress>;
}

export const generalFlowData: Readonly<Record<BankCode, FlowAddress>> = flowAddresses();

export const applicant = {
  lastName: '山田',
  firstName: '花子',
  kanaLastName: 'ﾔﾏﾀﾞ',
  kanaFirstName: 'ﾊﾅｺ',
  birthYear: '1990',
  birthMonth: '6',
  birthDay: '15',
  mobile: ['090', '1234', '5678'],
  occupation: '会社員',
  workplaceName: '株式会社テスト商事',
  workplacePhone: ['092', '123', '4567'],
  pin: '2580',
} as const;

// The page titles come from the journey definition (packages/domain/src/flows.ts).
export const headings = {
  personal: pageTitles.personal,
  workplace: pageTitles.workplace,
  branch: pageTitles.branch,
  sealLess: pageTitles['seal-less'],
  confirmation: pageTitles.confirmation,
  pin: pageTitles.pin,
  ekycPreparation: pageTitles['ekyc-preparation'],
} as const;

/** The API origin for Node (it cannot resolve *.localhost): same port on 127.0.0.1. */
export function serverOriginOf(baseURL: string): string {
  const url = new URL(baseURL);
  return `http://127.0.0.1:${url.port}`;
}

/** Takes a screenshot of the current screen under a name (the spec decides where it goes). */
export type Shot = (name: string) => Promise<unknown>;

export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** /term → /verification → /personal for a fresh mail address. */
export async function reachPersonal(page: Page, { baseURL, mailAddress }: { baseURL: string; mailAddress: string }): Promise<void> {
  await page.goto(`${baseURL}/term`);
  await dismissNotice(page);
  await answerAllPositively(page);
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/verification$/);
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill(mailAddress);
  await page.getByRole('button', { name: '送信する' }).click();
  const code = await readCode(serverOriginOf(baseURL), mailAddress);
  await page.getByRole('textbox', { name: '認証コード' }).fill(code);
  await nextButton(page).click();
  await expect(heading(page, headings.personal)).toBeVisible();
}

/** Searches the postal code and picks the first address offered. */
export async function searchAndChooseAddress(page: Page, postalNumber: string, town: string, shot?: Shot): Promise<void> {
  await page.getByRole('textbox', { name: /^郵便番号/ }).fill(postalNumber);
  await page.getByRole('button', { name: '住所検索' }).click();
  const dialog = page.getByRole('dialog', { name: '住所の選択' });
  await expect(dialog).toBeVisible();
  await shot?.('address-chooser');
  await dialog
    .getByRole('button', { name: new RegExp(town) })
    .first()
    .click();
  await expect(dialog).toBeHidden();
}

/** Fills /personal with valid data for the bank (not submitted). */
export async function fillPersonal(page: Page, bankCode: BankCode, shot?: Shot): Promise<void> {
  const bank = getBank(bankCode);
  const data = generalFlowData[bankCode];
  await page.getByRole('textbox', { name: '姓', exact: true }).fill(applicant.lastName);
  await page.getByRole('textbox', { name: '名', exact: true }).fill(applicant.firstName);
  await page.getByRole('textbox', { name: 'セイ', exact: true }).fill(applicant.kanaLastName);
  await page.getByRole('textbox', { name: 'メイ', exact: true }).fill(applicant.kanaFirstName);
  await page.getByRole('combobox', { name: '生年月日（年）' }).selectOption(applicant.birthYear);
  await page.getByRole('combobox', { name: '生年月日（月）' }).selectOption(applicant.birthMonth);
  await page.getByRole('combobox', { name: '生年月日（日）' }).selectOption(applicant.birthDay);
  await page.getByRole('radio', { name: '女性' }).check();
  for (const [i, part] of applicant.mobile.entries()) {
    await page.getByRole('textbox', { name: `携帯電話番号（${i + 1}つ目）` }).fill(part);
  }
  await searchAndChooseAddress(page, data.postalNumber, data.town, shot);
  await page.getByRole('textbox', { name: /^番地/ }).first().fill(bank.exampleAddresses.address);
  await page
    .getByRole('textbox', { name: /^建物名・部屋番号/ })
    .first()
    .fill(bank.exampleAddresses.subAddress);
  // Leaving the field asks the furigana lookup for the kana suggestion (the API loads its dictionary
  // on the first lookup, which can take a few seconds on a fresh server).
  await page.getByRole('checkbox', { name: bank.purposeChoices[0] }).check();
  await expect(page.getByRole('textbox', { name: /^建物名・部屋番号（カナ）/ })).not.toHaveValue('', { timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: /^番地（カナ）/ })).not.toHaveValue('');
}

/** Fills /workplace with valid data (not submitted). */
export async function fillWorkplace(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: /^職業/ }).selectOption({ label: applicant.occupation });
  await page.getByRole('textbox', { name: /^勤務先名/ }).fill(applicant.workplaceName);
  for (const [i, part] of applicant.workplacePhone.entries()) {
    await page.getByRole('textbox', { name: `勤務先電話番号（${i + 1}つ目）` }).fill(part);
  }
}

/** Chooses the first branch offered on /branch or /child/branch (not submitted). */
export async function chooseFirstBranch(page: Page): Promise<void> {
  await page
    .getByRole('radiogroup', { name: /お取引支店/ })
    .getByRole('radio')
    .first()
    .check();
}

/** Enters the PIN twice, opens the warning and confirms it. */
export async function setPin(page: Page, pin: string = applicant.pin, shot?: Shot): Promise<void> {
  await page.getByRole('textbox', { name: /^暗証番号(?!（)/ }).fill(pin);
  await page.getByRole('textbox', { name: /^暗証番号（確認用）/ }).fill(pin);
  await page.getByRole('button', { name: '暗証番号を設定する' }).click();
  const dialog = page.getByRole('dialog', { name: '暗証番号の設定' });
  await expect(dialog).toBeVisible();
  await shot?.('pin-modal');
  await dialog.getByRole('button', { name: 'OK' }).click();
}
