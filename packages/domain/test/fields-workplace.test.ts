import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messages } from '../src/messages.ts';
import { isOccupationAllowed, isOccupationShownForAge, occupationIdSchema, occupationOtherSchema } from '../src/fields/occupation.ts';
import { workplaceForbiddenSymbols, workplaceNameMaxLength, workplaceNameSchema } from '../src/fields/workplace-name.ts';
import { invitationCodeSchema, optionalInvitationCodeSchema, workplaceCodeSchema } from '../src/fields/codes.ts';
import { existingAccountNumberSchema, existingBranchCodeSchema, padAccountNumber, padBranchCode } from '../src/fields/existing-account.ts';
import { mailSchema } from '../src/fields/mail.ts';
import { verificationCodeSchema } from '../src/fields/verification-code.ts';

const messageOf = (schema: z.ZodType, value: unknown): string | null => {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'no message');
};
const valueOf = (schema: z.ZodType, value: unknown): unknown => {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(r.error.issues[0]?.message);
  return r.data;
};

describe('occupation', () => {
  it.each([
    [1, null],
    ['OCC01', null],
    [null, '選択が必須です。'],
    ['', '選択が必須です。'],
    [0, '選択が必須です。'],
    [undefined, '選択が必須です。'],
  ])('id %j → %s', (input, expected) => expect(messageOf(occupationIdSchema, input)).toBe(expected));
  it.each([
    [true, '', '「その他」の場合は入力が必須です。'],
    [true, 'あ'.repeat(25), null],
    [true, 'あ'.repeat(26), '25文字以内で入力してください。'],
    [false, 'anything', null],
  ])('その他 %s, text %j → %s', (isOther, input, expected) => expect(messageOf(occupationOtherSchema(isOther), input)).toBe(expected));
  it('the text is dropped for other occupations', () => expect(valueOf(occupationOtherSchema(false), 'x')).toBeNull());
  it.each([
    [{ minDisplayAge: 15, maxDisplayAge: null }, 14, false],
    [{ minDisplayAge: 15, maxDisplayAge: null }, 15, true],
    [{ minDisplayAge: null, maxDisplayAge: 17 }, 17, true],
    [{ minDisplayAge: null, maxDisplayAge: 17 }, 18, false],
  ])('%j shown at %i: %s', (o, age, expected) => expect(isOccupationShownForAge(o, age)).toBe(expected));
  it.each([
    [{ generalDisplay: true, childDisplay: false }, 'GENERAL', 30, true],
    [{ generalDisplay: true, childDisplay: false }, 'CHILD', 10, false],
    [{ generalDisplay: false, childDisplay: true }, 'GENERAL', 30, false],
    [{ generalDisplay: false, childDisplay: true }, 'CHILD', 10, true],
  ] as const)('%j for %s aged %i: %s', (display, applicationType, age, expected) =>
    expect(isOccupationAllowed({ ...display, minDisplayAge: null, maxDisplayAge: null }, { applicationType, age })).toBe(expected),
  );
  it('an occupation outside its age bounds is not allowed even when displayed for the type', () => {
    const student = { generalDisplay: false, childDisplay: true, minDisplayAge: 6, maxDisplayAge: 17 };
    expect(isOccupationAllowed(student, { applicationType: 'CHILD', age: 5 })).toBe(false);
    expect(isOccupationAllowed(student, { applicationType: 'CHILD', age: 6 })).toBe(true);
    expect(isOccupationAllowed(student, { applicationType: 'CHILD', age: null })).toBe(true);
  });
});

describe('workplace name', () => {
  it.each([
    ['REQUIRED', '', messages.required],
    ['OPTIONAL', '', null],
    ['NONE', '', null],
    ['REQUIRED', '福岡商事', null],
    ['REQUIRED', 'あ'.repeat(25), null],
    ['REQUIRED', 'あ'.repeat(26), '25文字以内で入力してください。'],
    ['REQUIRED', '第Ⅱ工場', '数字を変換してください。（例：「Ⅰ Ⅱ Ⅲ」→「1 2 3」）'],
    ['OPTIONAL', '①商店', '数字を変換してください。（例：「Ⅰ Ⅱ Ⅲ」→「1 2 3」）'],
    ['REQUIRED', '福岡＠商事', '「＠」は使用できません。'],
    ['REQUIRED', '福岡#商事$', '「＃」「＄」は使用できません。'],
    ['REQUIRED', '福岡商事★☆', '「★」「☆」は使用できません。'],
    ['REQUIRED', '福岡商事😀', '「😀」は使用できません。'],
    ['REQUIRED', 'Ｐ＆Ｇ（ジャパン）', null],
  ] as const)('%s, %j → %s', (requirement, input, expected) => expect(messageOf(workplaceNameSchema(requirement), input)).toBe(expected));

  it.each([
    ['㈱福岡商事', '株式会社福岡商事'],
    ['(株)福岡商事', '株式会社福岡商事'],
    ['（株）福岡商事', '株式会社福岡商事'],
    ['熊本工務店㈲', '熊本工務店有限会社'],
    ['(有)熊本工務店', '有限会社熊本工務店'],
    [' ﾌｸｵｶ ABC ', 'フクオカ\u3000ＡＢＣ'],
  ])('%j is saved as %s', (input, expected) => expect(valueOf(workplaceNameSchema('REQUIRED'), input)).toBe(expected));

  it('counts the expanded abbreviation: ㈱ + 21 characters is 25', () => {
    expect(messageOf(workplaceNameSchema('REQUIRED'), `㈱${'あ'.repeat(21)}`)).toBeNull();
    expect(messageOf(workplaceNameSchema('REQUIRED'), `㈱${'あ'.repeat(22)}`)).toBe(messages.maxLength(25));
  });
  it('is saved as null when not asked', () => expect(valueOf(workplaceNameSchema('NONE'), '福岡商事')).toBeNull());
  it('exports its limit and symbol list', () => {
    expect(workplaceNameMaxLength).toBe(25);
    expect(new Set(workplaceForbiddenSymbols).size).toBe(workplaceForbiddenSymbols.length);
  });
});

describe('workplace code (6 or 8)', () => {
  it.each([
    ['12345', messages.workplaceCodeLength],
    ['123456', null],
    ['1234567', messages.workplaceCodeLength],
    ['12345678', null],
    ['123456789', messages.workplaceCodeLength],
    ['１２３４５６', null],
    [' 123456 ', null],
    ['12-456', messages.workplaceCodeLength],
    ['', messages.required],
  ])('%j → %s', (input, expected) => expect(messageOf(workplaceCodeSchema, input)).toBe(expected));
  it('the message reads 勤務先コードは6桁または8桁で入力してください。', () =>
    expect(messageOf(workplaceCodeSchema, '1234567')).toBe('勤務先コードは6桁または8桁で入力してください。'));
  it('is made half-width', () => expect(valueOf(workplaceCodeSchema, 'ＡＢ１２３４')).toBe('AB1234'));
});

describe('invitation code (6)', () => {
  it.each([
    ['12345', '紹介コードは6桁で入力してください。'],
    ['123456', null],
    ['1234567', '紹介コードは6桁で入力してください。'],
    ['ＡＢＣ１２３', null],
  ])('%j → %s', (input, expected) => expect(messageOf(invitationCodeSchema, input)).toBe(expected));
  it('is optional with the workplace data', () => expect(valueOf(optionalInvitationCodeSchema, '')).toBeNull());
});

describe('existing account', () => {
  it.each([
    ['1', '001'],
    ['12', '012'],
    ['123', '123'],
    ['１２', '012'],
    ['1234', '1234'],
    ['1a', '1a'],
    ['', ''],
  ])('padBranchCode(%j) → %j', (input, expected) => expect(padBranchCode(input)).toBe(expected));
  it.each([
    ['1', '0000001'],
    ['12345', '0012345'],
    ['1234567', '1234567'],
    ['12345678', '12345678'],
  ])('padAccountNumber(%j) → %j', (input, expected) => expect(padAccountNumber(input)).toBe(expected));
  it.each([
    [existingBranchCodeSchema, '12', null],
    [existingBranchCodeSchema, '1234', '店番・口座番号を正しく入力してください。'],
    [existingBranchCodeSchema, '1a', '店番・口座番号を正しく入力してください。'],
    [existingBranchCodeSchema, '', '店番・口座番号を正しく入力してください。'],
    [existingAccountNumberSchema, '12345', null],
    [existingAccountNumberSchema, '12345678', '店番・口座番号を正しく入力してください。'],
    [existingAccountNumberSchema, '', '店番・口座番号を正しく入力してください。'],
  ])('%#: %j → %s', (schema, input, expected) => expect(messageOf(schema, input)).toBe(expected));
  it('is saved padded', () => {
    expect(valueOf(existingBranchCodeSchema, '7')).toBe('007');
    expect(valueOf(existingAccountNumberSchema, '4567')).toBe('0004567');
  });
});

describe('mail address', () => {
  const domain = '@example.jp'; // 11 characters
  it.each([
    ['taro@example.jp', null],
    ['taro.yamada+bank@mail.example.co.jp', null],
    [`${'a'.repeat(254 - domain.length)}${domain}`, null],
    [`${'a'.repeat(255 - domain.length)}${domain}`, 'メールアドレスを正しく入力してください。'],
    ['taro', messages.mailInvalid],
    ['taro@', messages.mailInvalid],
    ['taro@localhost', messages.mailInvalid],
    ['taro@@example.jp', messages.mailInvalid],
    ['taro yamada@example.jp', messages.mailInvalid],
    ['たろう@example.jp', messages.mailInvalid],
    ['', messages.mailInvalid],
    [null, messages.mailInvalid],
  ])('%j → %s', (input, expected) => expect(messageOf(mailSchema, input)).toBe(expected));
  it('is made half-width and trimmed', () => expect(valueOf(mailSchema, ' ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ ')).toBe('taro@example.jp'));
});

describe('verification code', () => {
  it.each([
    ['123456', '123456'],
    ['123 456', '123456'],
    [' 123\u3000456 ', '123456'],
    ['１２３４５６', '123456'],
  ])('%j is read as %s', (input, expected) => expect(valueOf(verificationCodeSchema, input)).toBe(expected));
  it.each([
    ['', messages.required],
    ['\u3000 ', messages.required],
    ['12345', messages.verificationFailed],
    ['1234567', messages.verificationFailed],
    ['12345a', messages.verificationFailed],
  ])('%j → %s', (input, expected) => expect(messageOf(verificationCodeSchema, input)).toBe(expected));
});
