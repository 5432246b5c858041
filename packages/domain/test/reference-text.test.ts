import { describe, expect, it } from 'vitest';
import { searchedPartMaxLength } from '../src/fields/address.ts';
import { referenceTextProblem } from '../src/fields/reference-text.ts';

// Issue 32, finding 8: names from reference data (the postal table an operator loads) get the rules
// of applicant input before they can reach applicants' addresses, the hand-over file and staff exports.

const check = (value: string) => referenceTextProblem(value, searchedPartMaxLength);

describe('a name from reference data', () => {
  it.each([
    ['天神', 'ﾃﾝｼﾞﾝ'],
    ['大通西（２０〜２８丁目）', 'ｵｵﾄﾞｵﾘﾆｼ(20-28ﾁｮｳﾒ)'],
    ['天神試験ビル（１階）', 'ﾃﾝｼﾞﾝｼｹﾝﾋﾞﾙ(1ｶｲ)'],
    ['', ''],
  ])('passes as real towns are written: %s / %s', (kanji, kana) => {
    expect(check(kanji)).toBeNull();
    expect(check(kana)).toBeNull();
  });

  it.each([
    ['=HYPERLINK("http://x.example","天神")', /starts with "=", as a spreadsheet formula does/],
    ["+cmd|' /C calc'!A0", /starts with "\+"/],
    ["@SUM(1+1)*cmd|' /C calc'!A0", /starts with "@"/],
    ['-2+3+cmd', /starts with "-"/],
    ['天神\u202E町', /holds U\+202E, a control or format character/],
    ['天\u200B神', /holds U\+200B/],
    ['天神\u0007', /holds U\+0007/],
    ['\t天神', /holds U\+0009/],
    ['<img src=x onerror=alert(1)>', /holds markup \("<img src=x o"…\)/],
    ['天神</script>', /holds markup/],
    ['天神<!-- x -->', /holds markup/],
    ['天'.repeat(200_000), /is 200000 characters long, more than the 100 its field holds/],
  ])('is refused: %s', (value, problem) => {
    expect(check(value)).toMatch(problem);
  });

  it('counts characters, not UTF-16 units, against the limit', () => {
    expect(check('𠮷'.repeat(100))).toBeNull();
    expect(check('𠮷'.repeat(101))).toMatch(/101 characters/);
  });
});
