import type { Locator, Page } from '@playwright/test';
import { getBank } from '@koza/domain/banks/banks';
import { fieldLimits, invitationCodeLength } from '@koza/domain/constants';
import { messages } from '@koza/domain/messages';
import { expect, test } from '../fixtures.ts';
import { nextButton, uniqueAddress } from '../support/entry.ts';
import { describedAs, fillAndSubmit, group, runRows, submit, textbox, type Row } from '../support/field-rows.ts';
import { applicant, chooseFirstBranch, fillPersonal, heading, headings, reachPersonal } from '../support/general-flow.ts';

// Every field message of SPEC.md §5 on steps 1–6, reached through the UI (one bank, 0177: the only
// bank that asks the distance reason). Each row sets one field wrong, submits (or leaves the field,
// where Next stays disabled until it is filled), checks the message is the field's description, and
// puts the field right again.

const bankCode = '0177';
const bank = getBank(bankCode);
const personalRows: readonly Row[] = [
  {
    name: 'name over 24 characters',
    act: async (page) => {
      await textbox(page, '姓').fill('山'.repeat(12));
      await textbox(page, '名').fill('花'.repeat(12));
      await submit(page);
    },
    target: (page) => group(page, /^お名前(?!（)/),
    message: messages.maxLength(fieldLimits.name),
    undo: async (page) => {
      await textbox(page, '姓').fill(applicant.lastName);
      await textbox(page, '名').fill(applicant.firstName);
    },
  },
  {
    name: 'disallowed characters in the name',
    act: fillAndSubmit((page) => textbox(page, '姓'), '山田1'),
    target: (page) => group(page, /^お名前(?!（)/),
    message: messages.disallowedChars('「1」'),
    undo: (page) => textbox(page, '姓').fill(applicant.lastName),
  },
  {
    name: 'roman numerals in the name',
    act: fillAndSubmit((page) => textbox(page, '名'), '花子Ⅲ'),
    target: (page) => group(page, /^お名前(?!（)/),
    message: messages.romanNumeral,
    undo: (page) => textbox(page, '名').fill(applicant.firstName),
  },
  {
    name: 'kana that is not katakana',
    act: fillAndSubmit((page) => textbox(page, 'セイ'), 'yamada'),
    target: (page) => group(page, /^お名前（カナ）/),
    message: messages.katakana,
    undo: (page) => textbox(page, 'セイ').fill(applicant.kanaLastName),
  },
  {
    name: 'kana name over 48 characters',
    act: async (page) => {
      await textbox(page, 'セイ').fill('ｱ'.repeat(24));
      await textbox(page, 'メイ').fill('ｲ'.repeat(24));
      await submit(page);
    },
    target: (page) => group(page, /^お名前（カナ）/),
    message: messages.maxLength(fieldLimits.kanaName),
    undo: async (page) => {
      await textbox(page, 'セイ').fill(applicant.kanaLastName);
      await textbox(page, 'メイ').fill(applicant.kanaFirstName);
    },
  },
  {
    name: 'birthday under 18',
    act: async (page) => {
      const year = page.getByRole('combobox', { name: '生年月日（年）' });
      const youngest = await year.locator('option').nth(1).getAttribute('value');
      await year.selectOption(youngest ?? '');
      await page.getByRole('combobox', { name: '生年月日（月）' }).selectOption('12');
      await page.getByRole('combobox', { name: '生年月日（日）' }).selectOption('31');
      await submit(page);
    },
    target: (page) => group(page, /^生年月日/),
    message: messages.generalUnder18,
    undo: async (page) => {
      await page.getByRole('combobox', { name: '生年月日（年）' }).selectOption(applicant.birthYear);
      await page.getByRole('combobox', { name: '生年月日（月）' }).selectOption(applicant.birthMonth);
      await page.getByRole('combobox', { name: '生年月日（日）' }).selectOption(applicant.birthDay);
    },
  },
  {
    name: 'mobile phone 060',
    act: fillAndSubmit((page) => textbox(page, '携帯電話番号（1つ目）'), '060'),
    target: (page) => group(page, /^携帯電話番号/),
    message: messages.mobilePhoneInvalid,
    undo: (page) => textbox(page, '携帯電話番号（1つ目）').fill(applicant.mobile[0]),
  },
  {
    name: 'home phone malformed',
    act: async (page) => {
      await textbox(page, '自宅電話番号（1つ目）').fill('03');
      await textbox(page, '自宅電話番号（2つ目）').fill('12');
      await textbox(page, '自宅電話番号（3つ目）').fill('34');
      await submit(page);
    },
    target: (page) => group(page, /^自宅電話番号/),
    message: messages.homePhoneInvalid,
    undo: async (page) => {
      for (const i of [1, 2, 3]) await textbox(page, `自宅電話番号（${i}つ目）`).fill('');
    },
  },
  {
    name: 'address over 20 characters',
    act: fillAndSubmit((page) => textbox(page, /^番地(?!（)/), '1'.repeat(fieldLimits.address + 1)),
    target: (page) => textbox(page, /^番地(?!（)/),
    message: messages.maxLength(fieldLimits.address),
    undo: (page) => textbox(page, /^番地(?!（)/).fill(bank.exampleAddresses.address),
  },
  {
    name: 'kana address with other characters',
    act: fillAndSubmit((page) => textbox(page, /^番地（カナ）/), 'ABC!'),
    target: (page) => textbox(page, /^番地（カナ）/),
    message: messages.katakana,
    undo: (page) => textbox(page, /^番地（カナ）/).fill(bank.exampleAddresses.kanaAddress),
  },
  {
    name: 'kana address over 40 characters',
    act: fillAndSubmit((page) => textbox(page, /^建物名・部屋番号（カナ）/), 'ｱ'.repeat(fieldLimits.kanaAddress + 1)),
    target: (page) => textbox(page, /^建物名・部屋番号（カナ）/),
    message: messages.maxLength(fieldLimits.kanaAddress),
    undo: (page) => textbox(page, /^建物名・部屋番号（カナ）/).fill(bank.exampleAddresses.kanaSubAddress),
  },
  {
    name: 'no purpose chosen',
    act: async (page) => {
      await page.getByRole('checkbox', { name: bank.purposeChoices[0] }).uncheck();
      await submit(page);
    },
    target: (page) => group(page, /^お取引の目的/),
    message: messages.selectRequired,
    undo: (page) => page.getByRole('checkbox', { name: bank.purposeChoices[0] }).check(),
  },
  {
    name: 'その他 purpose without text',
    act: async (page) => {
      await page.getByRole('checkbox', { name: 'その他' }).check();
      await submit(page);
    },
    target: (page) => textbox(page, /^その他の取引目的/),
    message: messages.otherRequired,
    undo: async () => undefined,
  },
  {
    name: 'その他 purpose over 24 characters',
    act: fillAndSubmit((page) => textbox(page, /^その他の取引目的/), 'あ'.repeat(fieldLimits.purposeOther + 1)),
    target: (page) => textbox(page, /^その他の取引目的/),
    message: messages.maxLength(fieldLimits.purposeOther),
    undo: (page) => page.getByRole('checkbox', { name: 'その他' }).uncheck(),
  },
  {
    name: 'distance reason over 50 characters (outside the home prefecture)',
    act: async (page) => {
      await page.getByRole('textbox', { name: /^郵便番号/ }).fill('8100001');
      await page.getByRole('button', { name: '住所検索' }).click();
      await page.getByRole('dialog', { name: '住所の選択' }).getByRole('button', { name: '該当する住所がない' }).click();
      await expect(page.getByRole('combobox', { name: /^都道府県/ })).toHaveValue(bank.defaultTempAddressPrefecture);
      await page.getByRole('combobox', { name: /^都道府県/ }).selectOption(bank.neighbouringPrefectures[0] ?? '');
      await textbox(page, /^市区町村以下の住所(?!（)/).fill('佐賀市城内1-1-59');
      await textbox(page, /^市区町村以下の住所（カナ）/).fill('ｻｶﾞｼｼﾞｮｳﾅｲ1-1-59');
      await textbox(page, /^遠隔地でのお取引の理由/).fill('あ'.repeat(fieldLimits.distanceReason + 1));
      await submit(page);
    },
    target: (page) => textbox(page, /^遠隔地でのお取引の理由/),
    message: messages.maxLength(fieldLimits.distanceReason),
    undo: async () => undefined,
  },
];

test.describe(`field messages (${bankCode})`, () => {
  test('personal: every field message of SPEC.md §5', async ({ page, baseURLFor }) => {
    test.setTimeout(90_000);
    await reachPersonal(page, { baseURL: baseURLFor(bankCode), mailAddress: uniqueAddress('msg-personal') });
    await fillPersonal(page, bankCode);
    await runRows(page, personalRows);
    await expect(heading(page, headings.personal)).toBeVisible();
  });

  test('workplace, confirmation and PIN: every field message of SPEC.md §5', async ({ page, baseURLFor }) => {
    test.setTimeout(120_000);
    await reachPersonal(page, { baseURL: baseURLFor(bankCode), mailAddress: uniqueAddress('msg-workplace') });
    await fillPersonal(page, bankCode);
    // An address with four digits, for the PIN's address rule.
    await textbox(page, /^建物名・部屋番号(?!（)/).fill('ハイツ1203');
    await textbox(page, /^建物名・部屋番号（カナ）/).fill('ﾊｲﾂ1203');
    await submit(page);
    await expect(heading(page, headings.workplace)).toBeVisible();

    const occupation = (p: Page) => p.getByRole('combobox', { name: /^職業/ });
    const name = (p: Page) => textbox(p, /^勤務先名/);
    const phone = (p: Page, i: number) => textbox(p, `勤務先電話番号（${i}つ目）`);
    const codeGroup = (p: Page) => group(p, /^勤務先コード/);
    const inviteGroup = (p: Page) => group(p, /^紹介コード/);
    const leave = async (locator: Locator) => {
      await locator.focus();
      await locator.blur();
    };

    const workplaceRows: readonly Row[] = [
      {
        name: 'no occupation',
        act: (p) => leave(occupation(p)),
        target: occupation,
        message: messages.selectRequired,
        undo: async () => undefined,
      },
      {
        name: 'その他 occupation without text',
        act: async (p) => {
          await occupation(p).selectOption({ label: 'その他' });
          await leave(textbox(p, /^職業（その他）/));
        },
        target: (p) => textbox(p, /^職業（その他）/),
        message: messages.otherRequired,
        undo: async () => undefined,
      },
      {
        name: 'その他 occupation over 25 characters',
        act: async (p) => {
          await textbox(p, /^職業（その他）/).fill('あ'.repeat(fieldLimits.occupationOther + 1));
          await textbox(p, /^職業（その他）/).blur();
        },
        target: (p) => textbox(p, /^職業（その他）/),
        message: messages.maxLength(fieldLimits.occupationOther),
        undo: (p) =>
          occupation(p)
            .selectOption({ label: applicant.occupation })
            .then(() => undefined),
      },
      {
        name: 'workplace name required',
        act: (p) => leave(name(p)),
        target: name,
        message: messages.required,
        undo: async () => undefined,
      },
      {
        name: 'workplace name over 25 characters',
        act: async (p) => {
          await name(p).fill('あ'.repeat(fieldLimits.workplaceName + 1));
          await name(p).blur();
        },
        target: name,
        message: messages.maxLength(fieldLimits.workplaceName),
        undo: async () => undefined,
      },
      {
        name: 'roman numerals in the workplace name',
        act: async (p) => {
          await name(p).fill('Ⅲ商事');
          await name(p).blur();
        },
        target: name,
        message: messages.romanNumeral,
        undo: (p) => name(p).fill(applicant.workplaceName),
      },
      {
        name: 'workplace phone required',
        act: async (p) => {
          await phone(p, 1).focus();
          await name(p).focus();
        },
        target: (p) => group(p, /^勤務先電話番号/),
        message: messages.required,
        undo: async () => undefined,
      },
      {
        name: 'workplace phone malformed',
        act: async (p) => {
          await phone(p, 1).fill('092');
          await phone(p, 2).fill('12');
          await phone(p, 3).fill('3456');
          await name(p).focus();
        },
        target: (p) => group(p, /^勤務先電話番号/),
        message: messages.workplacePhoneInvalid,
        undo: async (p) => {
          for (const [i, part] of applicant.workplacePhone.entries()) await phone(p, i + 1).fill(part);
        },
      },
      {
        name: 'workplace code of 5 characters',
        act: async (p) => {
          await textbox(p, '勤務先コード').fill('10000');
          await codeGroup(p).getByRole('button', { name: '適用' }).click();
        },
        target: codeGroup,
        message: messages.workplaceCodeLength,
        undo: (p) => codeGroup(p).getByRole('button', { name: 'クリア' }).click(),
      },
      {
        name: 'invitation code of 5 characters',
        act: async (p) => {
          await textbox(p, '紹介コード').fill('F'.repeat(invitationCodeLength - 1));
          await inviteGroup(p).getByRole('button', { name: '適用' }).click();
        },
        target: inviteGroup,
        message: messages.invitationCodeLength,
        undo: (p) => inviteGroup(p).getByRole('button', { name: 'クリア' }).click(),
      },
      {
        name: 'code neither applied nor cleared',
        act: async (p) => {
          await textbox(p, '勤務先コード').fill('100002');
          await submit(p);
        },
        target: codeGroup,
        message: messages.codeNotConfirmed,
        undo: (p) => codeGroup(p).getByRole('button', { name: 'クリア' }).click(),
      },
      {
        name: 'existing account malformed',
        act: async (p) => {
          await textbox(p, '勤務先コード').fill('100001');
          await codeGroup(p).getByRole('button', { name: '適用' }).click();
          await expect(p.getByText(messages.workplaceCodeFound)).toBeVisible();
          await expect(name(p)).not.toBeEditable();
          await p
            .getByRole('radiogroup', { name: /口座をお持ちですか/ })
            .getByRole('radio', { name: 'はい' })
            .check();
          await textbox(p, '店番').fill('ab');
          await textbox(p, '口座番号').fill('12');
          await expect(textbox(p, '口座番号')).toHaveValue('12');
          await textbox(p, '店番').focus();
          await expect(textbox(p, '口座番号')).toHaveValue('0000012');
          await submit(p);
        },
        target: (p) => group(p, /^店番・口座番号/),
        message: messages.existingAccountInvalid,
        undo: (p) =>
          p
            .getByRole('radiogroup', { name: /口座をお持ちですか/ })
            .getByRole('radio', { name: 'いいえ' })
            .check(),
      },
    ];

    await expect(nextButton(page)).toBeDisabled();
    await runRows(page, workplaceRows);
    await submit(page);

    await expect(heading(page, headings.branch)).toBeVisible();
    await chooseFirstBranch(page);
    await submit(page);
    await expect(heading(page, headings.sealLess)).toBeVisible();
    await submit(page);

    await expect(heading(page, headings.confirmation)).toBeVisible();
    await submit(page);
    await expect(page.getByRole('checkbox', { name: '確認しました' })).toHaveAccessibleDescription(describedAs(messages.addressConfirmationRequired));
    await expect(page.getByRole('checkbox', { name: '確認しました' })).toBeFocused();
    await page.getByRole('checkbox', { name: '確認しました' }).check();
    await submit(page);
    await expect(heading(page, headings.pin)).toBeVisible();

    const pin = (p: Page) => p.getByRole('textbox', { name: /^暗証番号(?!（)/ });
    const confirmation = (p: Page) => p.getByRole('textbox', { name: /^暗証番号（確認用）/ });
    const setButton = (p: Page) => p.getByRole('button', { name: '暗証番号を設定する' });
    const enter = async (p: Page, first: string, second: string) => {
      await pin(p).fill(first);
      await confirmation(p).fill(second);
      await pin(p).focus();
    };
    const submitPin = async (p: Page, value: string) => {
      await enter(p, value, value);
      await setButton(p).click();
      await p.getByRole('dialog', { name: '暗証番号の設定' }).getByRole('button', { name: 'OK' }).click();
    };
    // The rules against the saved data are refused in the browser before the warning modal (the set
    // button stays disabled); the API's own refusals of the same PINs are in apps/api/test/applicant/pin.test.ts.
    const refusePin = async (p: Page, value: string) => {
      await enter(p, value, value);
      await expect(setButton(p)).toBeDisabled();
    };
    const pinRows: readonly Row[] = [
      { name: 'PIN entries differ', act: (p) => enter(p, '2580', '2581'), target: confirmation, message: messages.pinMismatch, undo: async () => undefined },
      { name: 'PIN not 4 digits', act: (p) => enter(p, '12', '12'), target: pin, message: messages.pinFormat, undo: async () => undefined },
      { name: 'PIN of one digit four times', act: (p) => refusePin(p, '1111'), target: pin, message: messages.pinSameDigits, undo: async () => undefined },
      { name: 'PIN from the birthday', act: (p) => refusePin(p, '0615'), target: pin, message: messages.pinBirthday, undo: async () => undefined },
      {
        name: "PIN of the mobile phone's last 4 digits",
        act: (p) => refusePin(p, applicant.mobile[2]),
        target: pin,
        message: messages.pinPhone,
        undo: async () => undefined,
      },
      { name: 'PIN from the address digits', act: (p) => refusePin(p, '1203'), target: pin, message: messages.pinAddress, undo: async () => undefined },
    ];
    await runRows(page, pinRows);
    await enter(page, applicant.pin, applicant.pin);
    await expect(setButton(page)).toBeEnabled();
    await submitPin(page, applicant.pin);
    await expect(page).toHaveURL(/\/ekyc-preparation$/);
  });
});
