import { flows, pages, pageTitles, type PageSlug } from '@koza/domain/flows';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { getBank } from '@koza/domain/banks/banks';
import { childBeforeCheckConfirmations } from '@koza/domain/child-before-check';
import { childConditionsTitle, confirmationQuestions as q, consentLabels, myNumberLabels, yesNoLabels } from '@koza/domain/confirmation-questions';
import type { BankCode } from '@koza/domain/constants';
import { answerInOrder, choose, dismissNotice, nextButton, readCode } from './entry.ts';
import { chooseFirstBranch, generalFlowData, heading, searchAndChooseAddress, serverOriginOf, setPin, type Shot } from './general-flow.ts';
import { apiTargetOf, occupationIdByApi, openAsIfFrom, saveBranchByApi, savePersonalByApi, signInByApi, type ApiCall } from './api-walk.ts';

// The child flow from /child/before-check to the PIN (SPEC.md §2.2, §2.5), by role and label only,
// and a shortcut through the API for specs that start on a later child page. The input pages are
// walked and saved in the order of flows.ts (each page's filling and saving is declared once below),
// so a reorder there moves these walks with it.

export const childHeadings = {
  beforeCheck: pageTitles['child-before-check'],
  term: pageTitles['child-term'],
  verification: pageTitles['child-verification'],
  personal: pageTitles['child-personal'],
  parent: pageTitles['child-parent'],
  branch: pageTitles['child-branch'],
  confirmation: pageTitles['child-confirmation'],
  pin: pageTitles['child-pin'],
  ekycPreparation: pageTitles['child-ekyc-preparation'],
} as const;

const thisYear = new Date().getFullYear();

/** A 10-year-old (学生 allowed; 会社員 not) and the mother: the same surname, kanji and kana. */
export const child = {
  lastName: '山田',
  firstName: '太郎',
  kanaLastName: 'ﾔﾏﾀﾞ',
  kanaFirstName: 'ﾀﾛｳ',
  birthYear: String(thisYear - 10),
  birthMonth: '4',
  birthDay: '1',
  mobile: ['080', '3456', '7890'],
  occupation: '学生',
  school: '福岡市立天神小学校',
} as const;

export const parent = {
  firstName: '良子',
  kanaFirstName: 'ﾖｼｺ',
  birthYear: '1985',
  birthMonth: '5',
  birthDay: '5',
  relationship: '母',
  mobile: ['090', '2222', '3456'],
  occupation: '会社員',
  workplaceName: '株式会社テスト商事',
  workplacePhone: ['092', '123', '4567'],
  /** Not derived from either birthday, phone or address. */
  pin: '2580',
} as const;

/** A child address whose municipality has no branch of 0177 (北九州市門司区: in 福岡県, so eligible). */
export const noBranchPostalNumber = '8000001';

/** Ticks both confirmations of /child/before-check (Next stays disabled until both are ticked). */
export async function passBeforeCheck(page: Page): Promise<void> {
  await expect(nextButton(page)).toBeDisabled();
  await page.getByRole('checkbox', { name: childBeforeCheckConfirmations.notes }).check();
  await expect(nextButton(page)).toBeDisabled();
  await page.getByRole('checkbox', { name: childBeforeCheckConfirmations.preparation }).check();
  await expect(nextButton(page)).toBeEnabled();
}

/** Answers /child/term's five questions positively, Next disabled until the last. */
export async function answerChildTerm(page: Page): Promise<void> {
  const steps: (() => Promise<void>)[] = [
    () => choose(page, new RegExp(childConditionsTitle.ja.replace('？', '')), yesNoLabels.yes),
    () => choose(page, q.regulations.title, consentLabels.yes),
    () => choose(page, q.myNumber.title, myNumberLabels.doNotWish),
    () => page.getByRole('checkbox', { name: q.passbookLess.confirm }).check(),
    () => page.getByRole('checkbox', { name: q.sealLess.confirm }).check(),
  ];
  await answerInOrder(page, steps);
}

/** /child/before-check → /child/term → /child/verification (dev mailbox) → /child/personal. */
export async function reachChildPersonal(page: Page, { baseURL, mailAddress, shot }: { baseURL: string; mailAddress: string; shot?: Shot }): Promise<void> {
  await page.goto(`${baseURL}/child/before-check`);
  await dismissNotice(page);
  await expect(heading(page, childHeadings.beforeCheck)).toBeVisible();
  await passBeforeCheck(page);
  await shot?.('before-check');
  await nextButton(page).click();

  await expect(heading(page, childHeadings.term)).toBeVisible();
  await answerChildTerm(page);
  await shot?.('term');
  await nextButton(page).click();

  await expect(heading(page, childHeadings.verification)).toBeVisible();
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill(mailAddress);
  await page.getByRole('button', { name: '送信する' }).click();
  const code = await readCode(serverOriginOf(baseURL), mailAddress);
  await page.getByRole('textbox', { name: '認証コード' }).fill(code);
  await shot?.('verification');
  await nextButton(page).click();
  await expect(heading(page, childHeadings.personal)).toBeVisible();
}

/** Chooses a birthday in the three selects. */
export async function chooseBirthday(page: Page, year: string, month: string, day: string): Promise<void> {
  await page.getByRole('combobox', { name: '生年月日（年）' }).selectOption(year);
  await page.getByRole('combobox', { name: '生年月日（月）' }).selectOption(month);
  await page.getByRole('combobox', { name: '生年月日（日）' }).selectOption(day);
}

const fillPhone = async (page: Page, label: string, parts: readonly string[]) => {
  for (const [i, part] of parts.entries()) await page.getByRole('textbox', { name: `${label}（${i + 1}つ目）` }).fill(part);
};

/** Fills /child/personal with valid data for the bank (not submitted). */
export async function fillChildPersonal(page: Page, bankCode: BankCode, shot?: Shot): Promise<void> {
  const bank = getBank(bankCode);
  const data = generalFlowData[bankCode];
  await page.getByRole('textbox', { name: '姓', exact: true }).fill(child.lastName);
  await page.getByRole('textbox', { name: '名', exact: true }).fill(child.firstName);
  await page.getByRole('textbox', { name: 'セイ', exact: true }).fill(child.kanaLastName);
  await page.getByRole('textbox', { name: 'メイ', exact: true }).fill(child.kanaFirstName);
  await chooseBirthday(page, child.birthYear, child.birthMonth, child.birthDay);
  await page.getByRole('radio', { name: '男性' }).check();
  await fillPhone(page, '携帯電話番号', child.mobile);
  await searchAndChooseAddress(page, data.postalNumber, data.town, shot);
  await page.getByRole('textbox', { name: /^番地/ }).first().fill(bank.exampleAddresses.address);
  await page
    .getByRole('textbox', { name: /^建物名・部屋番号/ })
    .first()
    .fill(bank.exampleAddresses.subAddress);
  await page.getByRole('checkbox', { name: bank.purposeChoices[0] }).check();
  await expect(page.getByRole('textbox', { name: /^建物名・部屋番号（カナ）/ })).not.toHaveValue('', { timeout: 20_000 });
  await page.getByRole('combobox', { name: /^職業/ }).selectOption({ label: child.occupation });
  await page.getByRole('textbox', { name: /^勤務先名/ }).fill(child.school);
}

/** Fills /child/parent with valid data (not submitted); the surname comes from the child's. */
export async function fillParent(page: Page): Promise<void> {
  await expect(page.getByRole('textbox', { name: '姓', exact: true })).toHaveValue(child.lastName);
  await page.getByRole('textbox', { name: '名', exact: true }).fill(parent.firstName);
  await page.getByRole('textbox', { name: 'メイ', exact: true }).fill(parent.kanaFirstName);
  await chooseBirthday(page, parent.birthYear, parent.birthMonth, parent.birthDay);
  await page.getByRole('radio', { name: parent.relationship, exact: true }).check();
  await fillPhone(page, '携帯電話番号', parent.mobile);
  await page.getByRole('combobox', { name: /^職業/ }).selectOption({ label: parent.occupation });
  await page.getByRole('textbox', { name: /^勤務先名/ }).fill(parent.workplaceName);
  await fillPhone(page, '勤務先電話番号', parent.workplacePhone);
}

/** The child flow's input pages, from /child/personal to the page before the PIN, in flows.ts's order. */
export const childInputPages: readonly PageSlug[] = flows.CHILD.sequence.slice(
  flows.CHILD.sequence.indexOf('child-personal'),
  flows.CHILD.sequence.indexOf('child-pin'),
);

/** How each child input page is filled through the UI (not submitted). */
const fillChildPage: Partial<Record<PageSlug, (page: Page, bankCode: BankCode) => Promise<void>>> = {
  'child-personal': (page, bankCode) => fillChildPersonal(page, bankCode),
  'child-parent': (page) => fillParent(page),
  'child-branch': (page) => chooseFirstBranch(page),
  'child-confirmation': (page) => page.getByRole('checkbox', { name: '確認しました' }).check(),
};

/**
 * From the child input page `from` (the page shown) to /child/ekyc-preparation: each page filled and
 * left by Next in flows.ts's order, then the PIN. `check` runs on each screen once it is filled, named
 * by the page ('personal', 'parent', 'branch', 'confirmation', 'pin', 'pin-modal').
 */
export async function completeChildPagesToPin(page: Page, { bankCode, from, check }: { bankCode: BankCode; from: PageSlug; check?: Shot }): Promise<void> {
  for (const slug of childInputPages.slice(childInputPages.indexOf(from))) {
    await expect(heading(page, pageTitles[slug])).toBeVisible();
    await fillChildPage[slug]?.(page, bankCode);
    await check?.(slug.replace(/^child-/, ''));
    await nextButton(page).click();
  }
  await expect(heading(page, childHeadings.pin)).toBeVisible();
  await check?.('pin');
  await setPin(page, parent.pin, check);
  await expect(page).toHaveURL(/\/child\/ekyc-preparation$/);
}

/**
 * Every child step through the UI for a bank: before-check, term, verification, then every input
 * page and the PIN (completeChildPagesToPin); ends on /child/ekyc-preparation. `check` runs on each
 * screen once it is filled (screenshots, axe).
 */
export async function completeChildStepsThroughPin(
  page: Page,
  { bankCode, baseURL, mailAddress, check }: { bankCode: BankCode; baseURL: string; mailAddress: string; check?: Shot },
): Promise<void> {
  await reachChildPersonal(page, { baseURL, mailAddress, shot: check });
  await completeChildPagesToPin(page, { bankCode, from: 'child-personal', check });
}

/**
 * Saves through the API what /child/personal saves: the child's personal data (born on `birthday`,
 * by default the 10-year-old above) and occupation (未就学児 under 6, else 学生).
 */
export async function saveChildByApi(call: ApiCall, postalNumber: string, birthday = `${child.birthYear}-04-01`): Promise<void> {
  const { lastName, firstName, kanaLastName, kanaFirstName } = child;
  const preschool = Number(birthday.slice(0, 4)) > thisYear - 6;
  await savePersonalByApi(
    call,
    { lastName, firstName, kanaLastName, kanaFirstName, gender: 'MAN', birthday, mobilePhoneNumber: child.mobile.join('-') },
    postalNumber,
  );
  await call('POST', '/api/applications/workplace', {
    occupationId: await occupationIdByApi(call, preschool ? '未就学児' : child.occupation),
    occupationOther: null,
    workplaceName: null,
    workplacePhoneNumber: null,
    workplaceId: null,
    invitationCode: null,
    existedAccountBranchCode: null,
    existedAccountNumber: null,
  });
}

/** Saves the parent (the mother above) through the API: personal data and workplace. */
export async function saveParentByApi(call: ApiCall, bankCode: string): Promise<void> {
  await call('POST', '/api/applications/personal/parent', {
    bankCode,
    lastName: child.lastName,
    firstName: parent.firstName,
    kanaLastName: child.kanaLastName,
    kanaFirstName: parent.kanaFirstName,
    birthday: '1985-05-05',
    relationship: 'MOTHER',
    mobilePhoneNumber: parent.mobile.join('-'),
    phoneNumber: null,
    proxyApplicationReason: 'minor',
  });
  await call('POST', '/api/applications/workplace/parent', {
    occupationId: await occupationIdByApi(call, parent.occupation),
    occupationOther: null,
    workplaceName: parent.workplaceName,
    workplacePhoneNumber: parent.workplacePhone.join('-'),
  });
}

/** What the API shortcuts need to save the child pages. */
export interface ChildApiContext {
  call: ApiCall;
  bankCode: string;
  postalNumber: string;
  /** The child's birthday (default: the 10-year-old above). */
  childBirthday?: string;
}

/** What each child input page saves, through the API as the page would. */
const saveChildPage: Partial<Record<PageSlug, (ctx: ChildApiContext) => Promise<void>>> = {
  'child-personal': ({ call, postalNumber, childBirthday }) => saveChildByApi(call, postalNumber, childBirthday),
  'child-parent': ({ call, bankCode }) => saveParentByApi(call, bankCode),
  'child-branch': ({ call }) => saveBranchByApi(call),
};

/** Saves through the API every child input page before `until` (a page of the child flow), in flows.ts's order. */
export async function saveChildPagesByApi(ctx: ChildApiContext, until: PageSlug): Promise<void> {
  const { sequence } = flows.CHILD;
  const last = sequence.indexOf(until);
  if (last < 0) throw new Error(`${until} is not a page of the child flow`);
  for (const slug of childInputPages) if (sequence.indexOf(slug) < last) await saveChildPage[slug]?.(ctx);
}

/**
 * A child application signed in and saved through the API up to the page `at` (every input page
 * before it in flows.ts's order), then `page` opened on `at` as if arriving by Next.
 */
export async function openChildPageByApi(
  page: Page,
  request: APIRequestContext,
  { baseURL, bankCode, mailAddress, postalNumber, at }: { baseURL: string; bankCode: BankCode; mailAddress: string; postalNumber: string; at: PageSlug },
): Promise<void> {
  const { token, call } = await signInByApi(request, { ...apiTargetOf(baseURL), bankCode, mailAddress, applicationType: 'CHILD' });
  await saveChildPagesByApi({ call, bankCode, postalNumber }, at);
  const { sequence } = flows.CHILD;
  const previous = sequence[sequence.indexOf(at) - 1];
  if (!previous) throw new Error(`${at} has no page before it in the child flow`);
  await openAsIfFrom(page, { baseURL, path: pages[at].path, previous, token, bankCode, applicationType: 'CHILD' });
  await expect(heading(page, pageTitles[at])).toBeVisible();
}
