import { describe, expect, it } from 'vitest';
import {
  containsRomanNumeral,
  expandCompanyAbbreviations,
  halfKatakanaToFull,
  hiraganaToKatakana,
  normaliseHalfWidth,
  normaliseKana,
  normaliseKanaAddress,
  normaliseVerificationCode,
  normaliseWorkplaceName,
  romanNumeralChars,
  smallKanaToLarge,
  stripSpaces,
  toFullWidth,
  toHalfWidth,
  toHalfWidthKatakana,
  trim,
  unifyHyphens,
} from '../src/normalise.ts';

describe('toHalfWidth', () => {
  it.each([
    ['ＡＢＣ１２３', 'ABC123'],
    ['ａｂｃ＠ｅｘａｍｐｌｅ．ｊｐ', 'abc@example.jp'],
    ['０９０－１２３４－５６７８', '090-1234-5678'],
    ['１２\u3000３４', '12 34'],
    ['！＂＃＄％＆＇（）＊＋，／：；＜＝＞？［＼］＾＿｀｛｜｝～', '!"#$%&\'()*+,/:;<=>?[\\]^_`{|}~'],
    ['abc 123', 'abc 123'],
    ['カタカナ漢字', 'カタカナ漢字'],
  ])('%s → %s', (input, expected) => expect(toHalfWidth(input)).toBe(expected));
});

describe('unifyHyphens', () => {
  it.each([['－'], ['‐'], ['‑'], ['‒'], ['–'], ['—'], ['―'], ['−'], ['﹣'], ['-']])('%s → -', (h) => expect(unifyHyphens(`1${h}2`)).toBe('1-2'));
  it('keeps the long vowel marks', () => expect(unifyHyphens('ーｰ')).toBe('ーｰ'));
});

describe('toFullWidth', () => {
  it.each([
    ['ABC 123', 'ＡＢＣ\u3000１２３'],
    ['(株)', '（株）'],
    ['ｶﾌﾞｼｷｶﾞｲｼｬ', 'カブシキガイシャ'],
    ['ﾊﾟﾝ ﾍﾞｰｶﾘｰ', 'パン\u3000ベーカリー'],
    ['ｳﾞｧｲｵﾘﾝ', 'ヴァイオリン'],
    ['ﾃｽﾄ-1', 'テスト－１'],
    ['福岡銀行', '福岡銀行'],
    ['ｱﾞ', 'ア゛'],
  ])('%s → %s', (input, expected) => expect(toFullWidth(input)).toBe(expected));
});

describe('toHalfWidthKatakana', () => {
  it.each([
    ['やまだ たろう', 'ﾔﾏﾀﾞ ﾀﾛｳ'],
    ['ヤマダ\u3000タロウ', 'ﾔﾏﾀﾞ ﾀﾛｳ'],
    ['ガギグゲゴ', 'ｶﾞｷﾞｸﾞｹﾞｺﾞ'],
    ['パピプペポ', 'ﾊﾟﾋﾟﾌﾟﾍﾟﾎﾟ'],
    ['ヴィクトリア', 'ｳﾞｨｸﾄﾘｱ'],
    ['ゔ', 'ｳﾞ'],
    ['ラーメン', 'ﾗｰﾒﾝ'],
    ['ヤマダ－タロウ', 'ﾔﾏﾀﾞ-ﾀﾛｳ'],
    ['ヤマダ−タロウ', 'ﾔﾏﾀﾞ-ﾀﾛｳ'],
    ['ヲ', 'ｦ'],
    ['ヰヱ', 'ｲｴ'],
    ['ｶﾀｶﾅ', 'ｶﾀｶﾅ'],
    // Decomposed form (カ + combining voiced mark) as some keyboards send it.
    ['\u30AB\u3099', 'ｶﾞ'],
  ])('%s → %s', (input, expected) => expect(toHalfWidthKatakana(input)).toBe(expected));

  it('round-trips every half-width katakana through full width', () => {
    const half = 'ｱｲｳｴｵｶﾞｷﾞｸﾞｹﾞｺﾞｻﾞｼﾞｽﾞｾﾞｿﾞﾀﾞﾁﾞﾂﾞﾃﾞﾄﾞﾅﾆﾇﾈﾉﾊﾟﾋﾟﾌﾟﾍﾟﾎﾟﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝｰ';
    expect(toHalfWidthKatakana(halfKatakanaToFull(half))).toBe(half);
  });
  it('hiragana becomes katakana', () => expect(hiraganaToKatakana('きゃっゝ')).toBe('キャッヽ'));
});

describe('smallKanaToLarge', () => {
  it.each([
    ['ァィゥェォッャュョヮヵヶ', 'アイウエオツヤユヨワカケ'],
    ['ぁぃぅぇぉっゃゅょゎ', 'あいうえおつやゆよわ'],
    ['ｧｨｩｪｫｯｬｭｮ', 'ｱｲｳｴｵﾂﾔﾕﾖ'],
    ['ｼｬﾁｮｳ', 'ｼﾔﾁﾖｳ'],
    ['キッテ', 'キツテ'],
    ['ｱｲｳ', 'ｱｲｳ'],
  ])('%s → %s', (input, expected) => expect(smallKanaToLarge(input)).toBe(expected));
});

describe('expandCompanyAbbreviations', () => {
  it.each([
    ['㈱福岡商事', '株式会社福岡商事'],
    ['(株)福岡商事', '株式会社福岡商事'],
    ['（株）福岡商事', '株式会社福岡商事'],
    ['福岡商事（株)', '福岡商事株式会社'],
    ['㍿福岡', '株式会社福岡'],
    ['㊑福岡', '株式会社福岡'],
    ['㈲熊本工務店', '有限会社熊本工務店'],
    ['(有)熊本工務店', '有限会社熊本工務店'],
    ['（有）熊本工務店', '有限会社熊本工務店'],
    ['㊒熊本', '有限会社熊本'],
    ['株式会社長崎', '株式会社長崎'],
    ['(名)長崎', '(名)長崎'],
  ])('%s → %s', (input, expected) => expect(expandCompanyAbbreviations(input)).toBe(expected));
});

describe('roman numerals and number forms', () => {
  it.each([
    ['ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩⅪⅫ', true],
    ['ⅰⅱⅲⅳⅴⅵⅶⅷⅸⅹⅺⅻ', true],
    ['Ⅼ', true],
    ['①', true],
    ['⑳', true],
    ['㉑', true],
    ['❶', true],
    ['⑴', true],
    ['⅓', true],
    ['III', false],
    ['１２３', false],
    ['Ⓐ', false],
    ['山田', false],
  ])('%s contains a number form: %s', (input, expected) => expect(containsRomanNumeral(input)).toBe(expected));

  it('lists each distinct character once, in order', () => expect(romanNumeralChars('第Ⅲ期Ⅱ号Ⅲ')).toEqual(['Ⅲ', 'Ⅱ']));
});

describe('spaces', () => {
  it.each([
    [' 123 456 ', '123456'],
    ['\u3000123\u3000456\u3000', '123456'],
    ['1 2\u30003\t4', '1234'],
  ])('stripSpaces(%j) → %s', (input, expected) => expect(stripSpaces(input)).toBe(expected));
  it.each([
    ['  abc  ', 'abc'],
    ['\u3000abc\u3000', 'abc'],
    ['a b', 'a b'],
  ])('trim(%j) → %s', (input, expected) => expect(trim(input)).toBe(expected));
});

describe('compositions', () => {
  it.each([
    ['やまだ', 'ﾔﾏﾀﾞ'],
    ['  しゃちょう  ', 'ｼﾔﾁﾖｳ'],
    ['キッテ', 'ｷﾂﾃ'],
    ['ｷｯﾃ', 'ｷﾂﾃ'],
    ['オオヤマ－ハヤシ', 'ｵｵﾔﾏ-ﾊﾔｼ'],
  ])('normaliseKana(%j) → %s', (input, expected) => expect(normaliseKana(input)).toBe(expected));

  it.each([
    ['１ー２ー３　ハイツａ１０１', '1-2-3 ﾊｲﾂA101'],
    ['コーポ１ー２', 'ｺｰﾎﾟ1-2'],
    ['1-2-3 ﾊｲﾂ(ｱ)', '1-2-3 ﾊｲﾂ(ｱ)'],
    ['マンション．ｂ', 'ﾏﾝｼﾖﾝ.B'],
  ])('normaliseKanaAddress(%j) → %s', (input, expected) => expect(normaliseKanaAddress(input)).toBe(expected));

  it.each([
    ['  ㈱福岡ｼｮｳｼﾞ ', '株式会社福岡ショウジ'],
    ['(株)ABC', '株式会社ＡＢＣ'],
    ['ﾃﾝｼﾞﾝ (有)', 'テンジン\u3000有限会社'],
  ])('normaliseWorkplaceName(%j) → %s', (input, expected) => expect(normaliseWorkplaceName(input)).toBe(expected));

  it.each([
    ['　０９０－１２３４－５６７８ ', '090-1234-5678'],
    ['ＡＢ１２３４', 'AB1234'],
  ])('normaliseHalfWidth(%j) → %s', (input, expected) => expect(normaliseHalfWidth(input)).toBe(expected));

  it.each([
    ['123 456', '123456'],
    ['１２３　４５６', '123456'],
  ])('normaliseVerificationCode(%j) → %s', (input, expected) => expect(normaliseVerificationCode(input)).toBe(expected));
});
