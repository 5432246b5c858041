import type { Page } from '@playwright/test';
import type { PageSlug } from '@koza/domain/flows';
import { messages } from '@koza/domain/messages';
import { expect, test } from '../fixtures.ts';
import { expectNoAxeViolations } from '../support/admin.ts';
import { uniqueAddress } from '../support/entry.ts';
import { describedAs, fillAndSubmit, group, runRows, submit, textbox, type Row } from '../support/field-rows.ts';
import { generalFlowData, heading, setPin } from '../support/general-flow.ts';
import { child, childHeadings, chooseBirthday, fillChildPersonal, fillParent, openChildPageByApi, parent } from '../support/child-flow.ts';

// Every child and parent message of SPEC.md §5 reached through the UI (the messages the child shares
// with the general personal step are in field-messages.spec.ts): the child's birthday, the child's
// occupation by age, the parent's surname in kanji and kana, the parent's age and relationship, and
// the PIN checked against the parent's birthday and phone. One bank (0177); the pages before the one
// under test are saved through the API.

const bankCode = '0177';
const thisYear = new Date().getFullYear();
const occupation = (page: Page) => page.getByRole('combobox', { name: /^職業/ });
const optionLabels = (page: Page) => occupation(page).locator('option').allTextContents();

const open = (page: Page, baseURL: string, at: PageSlug, label: string) =>
  openChildPageByApi(page, page.context().request, {
    baseURL,
    bankCode,
    mailAddress: uniqueAddress(label),
    postalNumber: generalFlowData[bankCode].postalNumber,
    at,
  });

test('child personal: the child’s birthday rule, and occupations by the child’s age (a changed birthday clears one no longer allowed)', async ({
  page,
  baseURLFor,
}) => {
  test.setTimeout(60_000);
  await open(page, baseURLFor(bankCode), 'child-personal', 'child-messages');
  await fillChildPersonal(page, bankCode);

  const birthday = (page: Page) => group(page, /^生年月日/);
  const rows: Row[] = [
    {
      name: '18 or over',
      act: async (p) => {
        await chooseBirthday(p, String(thisYear - 18), '1', '1');
        await submit(p);
      },
      target: birthday,
      message: messages.childNotEligible,
      undo: (p) => chooseBirthday(p, child.birthYear, child.birthMonth, child.birthDay),
    },
  ];
  const today = new Date();
  if (today.getMonth() < 11 || today.getDate() < 31) {
    rows.push({
      name: 'not born yet',
      act: async (p) => {
        await chooseBirthday(p, String(thisYear), '12', '31');
        await submit(p);
      },
      target: birthday,
      message: messages.childNotEligible,
      undo: (p) => chooseBirthday(p, child.birthYear, child.birthMonth, child.birthDay),
    });
  }
  await runRows(page, rows);

  await test.step('a 10-year-old is offered 学生 and not 会社員 (15 or over) nor 公務員 (adults only)', async () => {
    const labels = await optionLabels(page);
    expect(labels).toContain('学生');
    expect(labels).not.toContain('会社員');
    expect(labels).not.toContain('公務員');
    await occupation(page).selectOption({ label: '学生' });
  });

  await test.step('a birthday making the child 4 clears 学生 (6 or over) and offers 未就学児; Next then asks for the occupation', async () => {
    await chooseBirthday(page, String(thisYear - 4), '1', '1');
    await expect(occupation(page)).toHaveValue('');
    const labels = await optionLabels(page);
    expect(labels).toContain('未就学児');
    expect(labels).not.toContain('学生');
    await submit(page);
    await expect(occupation(page)).toHaveAccessibleDescription(describedAs(messages.selectRequired));
    await expectNoAxeViolations(page);
  });

  await test.step('a 17-year-old may be 会社員', async () => {
    await chooseBirthday(page, String(thisYear - 17), '1', '1');
    expect(await optionLabels(page)).toContain('会社員');
  });
});

test('parent: the child’s surname in kanji and kana, over 17, relationship required', async ({ page, baseURLFor }) => {
  test.setTimeout(60_000);
  await open(page, baseURLFor(bankCode), 'child-parent', 'parent-messages');
  await fillParent(page);

  const rows: Row[] = [
    {
      name: 'surname other than the child’s',
      act: fillAndSubmit((p) => textbox(p, '姓'), '佐藤'),
      target: (p) => group(p, /^お名前(?!（)/),
      message: messages.parentSurnameDiffers,
      undo: (p) => textbox(p, '姓').fill(child.lastName),
    },
    {
      name: 'kana surname other than the child’s',
      act: fillAndSubmit((p) => textbox(p, 'セイ'), 'ｻﾄｳ'),
      target: (p) => group(p, /^お名前（カナ）/),
      message: messages.parentKanaSurnameDiffers,
      undo: (p) => textbox(p, 'セイ').fill(child.kanaLastName),
    },
    {
      name: 'parent under 18',
      act: async (p) => {
        await chooseBirthday(p, String(thisYear - 17), '12', '31');
        await submit(p);
      },
      target: (p) => group(p, /^生年月日/),
      message: messages.parentUnder18,
      undo: (p) => chooseBirthday(p, parent.birthYear, parent.birthMonth, parent.birthDay),
    },
  ];
  await runRows(page, rows);

  await test.step('the birth year starts at 1990 and the relationship is required', async () => {
    await page.reload();
    await expect(heading(page, childHeadings.parent)).toBeVisible();
    await expect(page.getByRole('combobox', { name: '生年月日（年）' })).toHaveValue('1990');
    await submit(page);
    await expect(group(page, /^お子さまとの続柄/)).toHaveAccessibleDescription(describedAs(messages.selectRequired));
    await expectNoAxeViolations(page);
  });
});

test('child PIN: the parent’s birthday and mobile phone are refused as well as the child’s', async ({ page, baseURLFor }) => {
  test.setTimeout(60_000);
  await open(page, baseURLFor(bankCode), 'child-pin', 'child-pin-messages');

  const pin = textbox(page, /^暗証番号(?!（)/);
  const confirm = textbox(page, /^暗証番号（確認用）/);
  for (const [value, message] of [
    [parent.birthYear, messages.pinBirthday],
    ['0505', messages.pinBirthday],
    [parent.mobile[2], messages.pinPhone],
    [child.mobile[2], messages.pinPhone],
  ] as const) {
    await test.step(`${value} → ${message}`, async () => {
      await pin.fill(value);
      await confirm.fill(value);
      await expect(pin).toHaveAccessibleDescription(describedAs(message));
      await expect(page.getByRole('button', { name: '暗証番号を設定する' })).toBeDisabled();
    });
  }
  await pin.fill('');
  await confirm.fill('');
  await setPin(page, parent.pin);
  await expect(page).toHaveURL(/\/child\/ekyc-preparation$/);
});
