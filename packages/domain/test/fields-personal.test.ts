import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messages } from '../src/messages.ts';
import { birthdaySchema } from '../src/fields/birthday.ts';
import { homePhoneSchema, joinPhoneParts, mobilePhoneSchema, workplacePhoneSchema } from '../src/fields/phone.ts';
import { formatPostalCode, isSearchablePostalCode, postalCodeSchema } from '../src/fields/postal-code.ts';
import { addressLineSchema, kanaAddressSchema, kanaTempAddressSchema, prefectureSchema, subAddressSchema, tempAddressSchema } from '../src/fields/address.ts';
import { purposeOtherSchema, purposesSchema } from '../src/fields/purposes.ts';
import { distanceReasonSchema, isDistanceReasonRequired } from '../src/fields/distance-reason.ts';
import { genderSchema, relationshipSchema, proxyReasonSchema } from '../src/fields/choices.ts';

const messageOf = (schema: z.ZodType, value: unknown): string | null => {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'no message');
};
const valueOf = (schema: z.ZodType, value: unknown): unknown => {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(r.error.issues[0]?.message);
  return r.data;
};

describe('birthday', () => {
  const today = '2026-06-15';
  it.each([
    ['GENERAL', '2008-06-16', '18歳未満の方はお申込みできません。'], // turns 18 tomorrow
    ['GENERAL', '2008-06-15', null], // 18th birthday today
    ['GENERAL', '1900-01-01', null],
    ['PARENT', '2008-06-16', '18歳未満の方は親権者としてお申込みできません。'],
    ['PARENT', '2008-06-15', null],
    ['CHILD', '2008-06-16', null], // still 17
    ['CHILD', '2008-06-15', '生まれていない又は18歳以上の方はお申込みできません。'], // 18 today
    ['CHILD', '2026-06-15', null], // born today
    ['CHILD', '2026-06-16', '生まれていない又は18歳以上の方はお申込みできません。'], // born tomorrow
    ['GENERAL', '2008-02-30', '生年月日を正しく入力してください。'],
    ['CHILD', '2026/06/15', '生年月日を正しく入力してください。'],
    ['PARENT', '', '選択が必須です。'],
    ['GENERAL', null, '選択が必須です。'],
    ['GENERAL', undefined, '選択が必須です。'],
  ] as const)('%s born %j, on 2026-06-15 → %s', (kind, birthday, expected) => expect(messageOf(birthdaySchema(kind, today), birthday)).toBe(expected));

  it.each([
    // 29 February birthdays in a common year: 18 on 1 March.
    ['GENERAL', '2008-02-29', '2026-02-28', messages.generalUnder18],
    ['GENERAL', '2008-02-29', '2026-03-01', null],
    ['CHILD', '2008-02-29', '2026-02-28', null],
    ['CHILD', '2008-02-29', '2026-03-01', messages.childNotEligible],
    ['PARENT', '2008-02-29', '2026-02-28', messages.parentUnder18],
    ['PARENT', '2008-02-29', '2026-03-01', null],
    // (18 years after a leap year is never one: every 29 February child turns 18 on 1 March.)
    ['GENERAL', '2012-02-29', '2030-02-28', messages.generalUnder18],
    ['GENERAL', '2012-02-29', '2030-03-01', null],
  ] as const)('%s born %s, on %s → %s', (kind, birthday, today2, expected) => expect(messageOf(birthdaySchema(kind, today2), birthday)).toBe(expected));

  it('accepts the clock as a Date (Japan time)', () => {
    const schema = birthdaySchema('GENERAL', new Date('2026-06-14T15:00:00Z'));
    expect(messageOf(schema, '2008-06-15')).toBeNull();
  });
});

describe('mobile phone', () => {
  it.each([
    ['050-1234-5678', null],
    ['070-1234-5678', null],
    ['080-1234-5678', null],
    ['090-1234-5678', null],
    ['060-1234-5678', messages.mobilePhoneInvalid],
    ['0120-123-456', messages.mobilePhoneInvalid],
    ['0120-1234-5678', messages.mobilePhoneInvalid],
    ['040-1234-5678', messages.mobilePhoneInvalid],
    ['090-123-5678', messages.mobilePhoneInvalid],
    ['09012345678', messages.mobilePhoneInvalid],
    ['', messages.required],
    [null, messages.required],
  ])('%j → %s', (input, expected) => expect(messageOf(mobilePhoneSchema, input)).toBe(expected));
  it('the message reads 携帯電話番号を正しく入力してください。', () =>
    expect(messageOf(mobilePhoneSchema, '060-1234-5678')).toBe('携帯電話番号を正しく入力してください。'));
  it('full-width input is made half-width first', () => expect(valueOf(mobilePhoneSchema, '０９０－１２３４－５６７８')).toBe('090-1234-5678'));
});

describe('home phone (optional)', () => {
  it.each([
    ['03-1234-5678', null], // 12
    ['099-123-4567', null], // 12
    ['0995-123-4567', null], // 13
    ['090-1234-5678', null], // 13
    ['03-123-4567', '自宅電話番号を正しく入力してください。'], // 11
    ['01234-123-4567', '自宅電話番号を正しく入力してください。'], // 14
    ['0120-12-34567', '自宅電話番号を正しく入力してください。'],
    ['1234-123-4567', '自宅電話番号を正しく入力してください。'],
    ['03-12345-6789', '自宅電話番号を正しく入力してください。'],
  ])('%j → %s', (input, expected) => expect(messageOf(homePhoneSchema, input)).toBe(expected));

  it.each([[''], ['  '], [null], [undefined]])('%j is saved as null', (input) => expect(valueOf(homePhoneSchema, input)).toBeNull());
  it.each([
    [['03', '1234', '5678'], '03-1234-5678'],
    [['', '', ''], ''],
    [['０３', '１２３４', '５６７８'], '03-1234-5678'],
  ] as const)('parts %j join to %j', (parts, expected) => expect(joinPhoneParts(parts)).toBe(expected));
});

describe('workplace phone', () => {
  it.each([
    ['REQUIRED', '', messages.required],
    ['REQUIRED', '092-123-4567', null],
    ['REQUIRED', '092-123-456', messages.workplacePhoneInvalid],
    ['OPTIONAL', '', null],
    ['OPTIONAL', '092-123-4567', null],
    ['OPTIONAL', '0921234567', '勤務先電話番号を正しく入力してください。'],
    ['NONE', '092-123-456', null],
  ] as const)('%s, %j → %s', (requirement, input, expected) => expect(messageOf(workplacePhoneSchema(requirement), input)).toBe(expected));
  it('is saved as null when not asked', () => expect(valueOf(workplacePhoneSchema('NONE'), '092-123-4567')).toBeNull());
});

describe('postal code', () => {
  it.each([
    ['8100001', null],
    ['810-0001', null],
    ['８１０－０００１', null],
    ['810000', messages.postalCodeInvalid],
    ['81000011', messages.postalCodeInvalid],
    ['81a0001', messages.postalCodeInvalid],
    ['', messages.required],
  ])('%j → %s', (input, expected) => expect(messageOf(postalCodeSchema, input)).toBe(expected));
  it('is saved as 7 digits', () => expect(valueOf(postalCodeSchema, '810-0001')).toBe('8100001'));
  it.each([
    ['810', '810'],
    ['8100', '810-0'],
    ['8100001', '810-0001'],
  ])('%s is shown as %s', (input, expected) => expect(formatPostalCode(input)).toBe(expected));
  it.each([
    ['810-0001', true],
    ['810000', false],
  ])('%s searchable: %s', (input, expected) => expect(isSearchablePostalCode(input)).toBe(expected));
});

describe('address below the street', () => {
  it.each([
    ['1-2-3', null],
    ['あ'.repeat(20), null],
    ['あ'.repeat(21), '20文字以内で入力してください。'],
    ['', messages.required],
  ])('%j → %s', (input, expected) => expect(messageOf(addressLineSchema, input)).toBe(expected));
  it.each([
    ['', null],
    ['ハイツ天神101', null],
    ['あ'.repeat(21), '20文字以内で入力してください。'],
  ])('building %j → %s', (input, expected) => expect(messageOf(subAddressSchema, input)).toBe(expected));
});

describe('kana address', () => {
  it.each([
    ['1-2-3', null],
    ['ﾃﾝｼﾞﾝ 1-2-3 ﾊｲﾂ(A).101', null],
    ['ｱ'.repeat(40), null],
    ['ｱ'.repeat(41), '40文字以内で入力してください。'],
    ['ﾃﾝｼﾞﾝ1ﾁﾖｳﾒ/2', 'カタカナで入力してください。'],
    ['天神', 'カタカナで入力してください。'],
    ['ﾃﾝｼﾞﾝ#1', 'カタカナで入力してください。'],
    ['', messages.required],
  ])('%j → %s', (input, expected) => expect(messageOf(kanaAddressSchema, input)).toBe(expected));
  it.each([
    ['てんじん１ー２ー３', 'ﾃﾝｼﾞﾝ1-2-3'],
    ['ハイツｂ　１０１', 'ﾊｲﾂB 101'],
    ['シャトー', 'ｼﾔﾄｰ'],
  ])('%j is saved as %s', (input, expected) => expect(valueOf(kanaAddressSchema, input)).toBe(expected));
});

describe('temporary address', () => {
  it.each([
    ['福岡県', null],
    ['北海道', null],
    ['東京都', null],
    ['大阪府', null],
    ['神奈川県', null],
    ['', messages.selectRequired],
    ['福岡', messages.selectRequired],
  ])('prefecture %j → %s', (input, expected) => expect(messageOf(prefectureSchema, input)).toBe(expected));
  it('text is required', () => expect(messageOf(tempAddressSchema, '')).toBe(messages.required));
  it('kana is half-width katakana', () => expect(valueOf(kanaTempAddressSchema, 'ふくおかし')).toBe('ﾌｸｵｶｼ'));
});

describe('purposes', () => {
  const labels = ['生計費決済', '給与受取・年金受取', 'その他'] as const;
  it.each([
    [['生計費決済'], null],
    [['生計費決済', 'その他'], null],
    [[], messages.selectRequired],
    [null, messages.selectRequired],
    [['宝くじ'], messages.selectRequired],
  ])('%j → %s', (input, expected) => expect(messageOf(purposesSchema(labels), input)).toBe(expected));
  it('accepts the stored comma-joined form and drops duplicates', () =>
    expect(valueOf(purposesSchema(labels), '生計費決済,その他,生計費決済')).toEqual(['生計費決済', 'その他']));
  it.each([
    [true, '', '「その他」の場合は入力が必須です。'],
    [true, 'あ', null],
    [true, 'あ'.repeat(24), null],
    [true, 'あ'.repeat(25), '24文字以内で入力してください。'],
    [false, '', null],
  ])('その他 chosen: %s, text %j → %s', (chosen, input, expected) => expect(messageOf(purposeOtherSchema(chosen), input)).toBe(expected));
});

describe('distance reason', () => {
  it.each([
    [true, '福岡県', '佐賀県', true],
    [true, '福岡県', '福岡県', false],
    [false, '熊本県', '福岡県', false],
    [true, '福岡県', null, false],
  ])('asked %s, home %s, living in %s → required %s', (asks, home, residence, expected) =>
    expect(isDistanceReasonRequired({ asksDistanceReason: asks, homePrefecture: home, residencePrefecture: residence })).toBe(expected),
  );
  it.each([
    [true, '', messages.required],
    [true, 'あ'.repeat(50), null],
    [true, 'あ'.repeat(51), '50文字以内で入力してください。'],
    [false, 'あ'.repeat(51), null],
  ])('required %s, %j → %s', (required, input, expected) => expect(messageOf(distanceReasonSchema(required), input)).toBe(expected));
});

describe('fixed choices', () => {
  it.each([
    [genderSchema, 'MAN', null],
    [genderSchema, 'WOMAN', null],
    [genderSchema, '', '選択が必須です。'],
    [genderSchema, undefined, '選択が必須です。'],
    [relationshipSchema, 'FATHER', null],
    [relationshipSchema, 'MOTHER', null],
    [relationshipSchema, 'UNCLE', '選択が必須です。'],
    [proxyReasonSchema, 'minor', null],
    [proxyReasonSchema, 'MINOR', null],
    [proxyReasonSchema, null, '選択が必須です。'],
  ])('%#: %j → %s', (schema, input, expected) => expect(messageOf(schema, input)).toBe(expected));
});
