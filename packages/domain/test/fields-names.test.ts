import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import { joinName, nameDisallowedChars, nameLengthError, nameMaxLength, namePartSchema } from '../src/fields/name.ts';
import { kanaNameLengthError, kanaNameMaxLength, kanaNamePartSchema } from '../src/fields/kana-name.ts';
import type { z } from 'zod';

const messageOf = (schema: z.ZodType, value: unknown): string | null => {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'no message');
};
const valueOf = (schema: z.ZodType, value: unknown): unknown => {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(r.error.issues[0]?.message);
  return r.data;
};

const kanji = (n: number) => '山'.repeat(n);
const kana = (n: number) => 'ｱ'.repeat(n);

describe('name: surname + full-width space + given name, at most 24', () => {
  it('joins with a full-width space', () => expect(joinName('山田', '太郎')).toBe('山田\u3000太郎'));
  it.each([
    [11, 12, null], // 11 + 1 + 12 = 24
    [12, 11, null],
    [12, 12, messages.maxLength(24)], // 25
    [1, 22, null],
    [1, 23, messages.maxLength(24)],
  ])('%i + space + %i characters → %s', (last, first, expected) => expect(nameLengthError(kanji(last), kanji(first))).toBe(expected));
  it('the limit is 24', () => expect(nameMaxLength).toBe(24));
  it('the message reads 24文字以内で入力してください。', () => expect(nameLengthError(kanji(12), kanji(12))).toBe('24文字以内で入力してください。'));
});

describe('name part', () => {
  it.each([
    ['山田', null],
    ['やまだ', null],
    ['ヤマダ', null],
    ['佐々木', null],
    ['ＳＭＩＴＨ', null],
    ['ジョン・スミス', null],
    ['髙橋', null],
    ['', '入力が必須です。'],
    ['   ', '入力が必須です。'],
    [null, '入力が必須です。'],
    [undefined, '入力が必須です。'],
    [42, '入力が必須です。'],
    ['山田Ⅲ', '数字を変換してください。（例：「Ⅰ Ⅱ Ⅲ」→「1 2 3」）'],
    ['山田②', '数字を変換してください。（例：「Ⅰ Ⅱ Ⅲ」→「1 2 3」）'],
    ['Yamada', '「Y」「a」「m」「d」は使用できません。'],
    ['ﾔﾏﾀﾞ', '「ﾔ」「ﾏ」「ﾀ」「ﾞ」は使用できません。'],
    ['山田1', '「1」は使用できません。'],
    ['山田１', '「１」は使用できません。'],
    ['山 田', '「 」は使用できません。'],
    ['山\u3000田', '「\u3000」は使用できません。'],
    ['山田＠', '「＠」は使用できません。'],
    ['山田😀', '「😀」は使用できません。'],
    ['𠮷田', '「𠮷」は使用できません。'],
    ['山田♪★', '「♪」「★」は使用できません。'],
  ])('%j → %s', (input, expected) => expect(messageOf(namePartSchema, input)).toBe(expected));

  it('is trimmed', () => expect(valueOf(namePartSchema, ' 山田\u3000')).toBe('山田'));
  it('lists each disallowed character once', () => expect(nameDisallowedChars('a-a-b')).toEqual(['a', '-', 'b']));
});

describe('kana name', () => {
  it.each([
    ['ﾔﾏﾀﾞ', null],
    ['ﾔﾏﾀﾞ-ﾀﾛｳ', null],
    ['ｽﾐｽ ｼﾞﾖﾝ', null],
    ['ﾗｰﾒﾝ', null],
    ['', '入力が必須です。'],
    ['山田', 'カタカナで入力してください。'],
    ['ﾔﾏﾀﾞ1', 'カタカナで入力してください。'],
    ['YAMADA', 'カタカナで入力してください。'],
    ['ﾔﾏﾀﾞ･ﾀﾛｳ', 'カタカナで入力してください。'],
  ])('%j → %s', (input, expected) => expect(messageOf(kanaNamePartSchema, input)).toBe(expected));

  it.each([
    ['やまだ', 'ﾔﾏﾀﾞ'],
    ['ヤマダ', 'ﾔﾏﾀﾞ'],
    ['きょうこ', 'ｷﾖｳｺ'],
    ['ｷｮｳｺ', 'ｷﾖｳｺ'],
    ['ハットリ', 'ﾊﾂﾄﾘ'],
    ['オオヤマ－ハヤシ', 'ｵｵﾔﾏ-ﾊﾔｼ'],
    [' ヤマダ ', 'ﾔﾏﾀﾞ'],
  ])('%j is saved as %s (small kana made large, half-width)', (input, expected) => expect(valueOf(kanaNamePartSchema, input)).toBe(expected));

  it.each([
    [23, 24, null], // 23 + 1 + 24 = 48
    [24, 23, null],
    [24, 24, messages.maxLength(48)], // 49
  ])('%i + space + %i characters → %s', (last, first, expected) => expect(kanaNameLengthError(kana(last), kana(first))).toBe(expected));
  it('voiced kana count as two characters', () => {
    expect(kanaNameLengthError('ｶﾞ'.repeat(12), kana(23))).toBe(null); // 24 + 1 + 23
    expect(kanaNameLengthError('ｶﾞ'.repeat(12), kana(24))).toBe('48文字以内で入力してください。');
  });
  it('the limit is 48', () => expect(kanaNameMaxLength).toBe(48));
});
