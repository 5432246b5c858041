import type { Locator, Page } from '@playwright/test';
import { messages } from '@koza/domain/messages';
import { expect, test } from '../fixtures.ts';
import { expectNoAxeViolations } from '../support/admin.ts';
import { nextButton, uniqueAddress } from '../support/entry.ts';
import { fillPersonal, heading, headings, reachPersonal } from '../support/general-flow.ts';

// Field feedback on the step forms (issue "What a new applicant meets", items 2, 6 and 8): an error
// goes away as soon as its field is corrected, each control is described by its own error, and codes
// that came with the entry link arrive applied. (Each test was run against the code before these items
// and failed as expected.)

const describedBy = (control: Locator, message: string) => expect(control).toHaveAccessibleDescription(new RegExp(message));

async function personalAfterFailedNext(page: Page, baseURL: string, label: string): Promise<void> {
  await reachPersonal(page, { baseURL, mailAddress: uniqueAddress(label) });
  await nextButton(page).click();
  await expect(page.getByText(messages.required).first()).toBeVisible();
}

test.describe('field feedback on /personal', () => {
  test.describe.configure({ timeout: 120_000 });

  test('each control is described by its own error after a failed 次へ, with no axe violation', async ({ page, baseURLFor }) => {
    await personalAfterFailedNext(page, baseURLFor('0177'), 'described');
    for (const name of ['姓', '名', 'セイ', 'メイ']) {
      const input = page.getByRole('textbox', { name, exact: true });
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await describedBy(input, messages.required);
    }
    for (const part of ['年', '月', '日']) await describedBy(page.getByRole('combobox', { name: `生年月日（${part}）` }), messages.selectRequired);
    for (const gender of ['男性', '女性']) await describedBy(page.getByRole('radio', { name: gender }), messages.selectRequired);
    await describedBy(page.getByRole('checkbox').first(), messages.selectRequired);
    // The field-error state itself passes axe (messages under the fields, aria-invalid, descriptions).
    await expectNoAxeViolations(page);
  });

  test('an error clears as soon as its field is corrected, before 次へ is pressed again', async ({ page, baseURLFor }) => {
    await personalAfterFailedNext(page, baseURLFor('0177'), 'clears');
    const kana = page.getByRole('textbox', { name: 'セイ', exact: true });
    await kana.fill('ﾔﾏﾀﾞ');
    await kana.blur();
    await expect(kana).not.toHaveAttribute('aria-invalid', 'true');
    await expect(kana).not.toHaveAccessibleDescription(new RegExp(messages.required));

    const woman = page.getByRole('radio', { name: '女性' });
    await woman.check();
    await expect(woman).not.toHaveAccessibleDescription(new RegExp(messages.selectRequired));

    const mobile = page.getByRole('textbox', { name: '携帯電話番号（1つ目）' });
    await mobile.fill('090');
    await page.getByRole('textbox', { name: '携帯電話番号（2つ目）' }).fill('1234');
    await page.getByRole('textbox', { name: '携帯電話番号（3つ目）' }).fill('5678');
    await page.getByRole('textbox', { name: '携帯電話番号（3つ目）' }).blur();
    await expect(mobile).not.toHaveAttribute('aria-invalid', 'true');

    const purpose = page.getByRole('checkbox').first();
    await purpose.check();
    await expect(purpose).not.toHaveAccessibleDescription(new RegExp(messages.selectRequired));
  });
});

test('codes that came with the entry link are verified on arrival and shown applied', async ({ page, baseURLFor }) => {
  test.setTimeout(120_000);
  const baseURL = baseURLFor('0177');
  // The entry link sets the cookie; the applicant then goes through /term as usual.
  await page.goto(`${baseURL}/term?workplace=100002&invitation=FK0002`);
  // The page keeps the codes once it has hydrated: wait for them before going on (reachPersonal opens
  // /term again at once, which would otherwise leave the first page before it kept anything).
  await expect
    .poll(async () => (await page.context().cookies()).map((c) => c.name).sort())
    .toEqual(expect.arrayContaining(['koza_invitation', 'koza_workplace']));
  await reachPersonal(page, { baseURL, mailAddress: uniqueAddress('link-codes') });
  await fillPersonal(page, '0177');
  await nextButton(page).click();
  await expect(heading(page, headings.workplace)).toBeVisible();

  // Each code input is described by its lookup's answer.
  const workplaceCode = page.getByRole('textbox', { name: /^勤務先コード/ });
  await expect(workplaceCode).toHaveValue('100002');
  await expect(workplaceCode).toHaveAccessibleDescription(messages.workplaceCodeFound);
  const invitationCode = page.getByRole('textbox', { name: /^紹介コード/ });
  await expect(invitationCode).toHaveValue('FK0002');
  await expect(invitationCode).toHaveAccessibleDescription(messages.invitationCodeFound);
  // The workplace the code names is filled in (asked once the occupation is chosen); no 「適用」または「クリア」 is asked for.
  await page.getByRole('combobox', { name: /^職業/ }).selectOption({ label: '会社員' });
  await expect(page.getByRole('textbox', { name: /^勤務先名/ })).toHaveValue('博多みなと食品株式会社');
  await nextButton(page).click();
  await expect(page.getByText(messages.codeNotConfirmed)).toBeHidden();
  await expect(heading(page, headings.branch)).toBeVisible();
});
