import { describe, expect, it } from 'vitest';
import { isPrefectureName, prefectureByCode, prefectureByName, prefectureNames, prefectures } from '../src/prefectures.ts';

describe('prefectures', () => {
  it('lists all 47 in JIS order with codes 01 to 47', () => {
    expect(prefectures).toHaveLength(47);
    expect(prefectures.map((p) => p.code)).toEqual(Array.from({ length: 47 }, (_, i) => String(i + 1).padStart(2, '0')));
    expect(new Set(prefectureNames).size).toBe(47);
  });

  it.each([
    ['01', '北海道', 'ﾎｯｶｲﾄﾞｳ'],
    ['13', '東京都', 'ﾄｳｷｮｳﾄ'],
    ['26', '京都府', 'ｷｮｳﾄﾌ'],
    ['27', '大阪府', 'ｵｵｻｶﾌ'],
    ['40', '福岡県', 'ﾌｸｵｶｹﾝ'],
    ['41', '佐賀県', 'ｻｶﾞｹﾝ'],
    ['42', '長崎県', 'ﾅｶﾞｻｷｹﾝ'],
    ['43', '熊本県', 'ｸﾏﾓﾄｹﾝ'],
    ['47', '沖縄県', 'ｵｷﾅﾜｹﾝ'],
  ])('code %s is %s (%s)', (code, name, kana) => {
    expect(prefectureByCode(code)).toEqual({ code, name, kana });
    expect(prefectureByName(name)?.code).toBe(code);
  });

  it('ends every name in 都, 道, 府 or 県 and writes kana in half-width katakana', () => {
    for (const p of prefectures) {
      expect(p.name).toMatch(/[都道府県]$/);
      expect(p.kana).toMatch(/^[\uFF66-\uFF9F]+$/);
      expect(p.kana).toMatch(/(ｹﾝ|ﾄ|ﾄﾞｳ|ﾌ)$/);
    }
  });

  it('knows names it lists and nothing else', () => {
    expect(isPrefectureName('福岡県')).toBe(true);
    expect(isPrefectureName('福岡')).toBe(false);
    expect(prefectureByCode('48')).toBeUndefined();
  });
});
