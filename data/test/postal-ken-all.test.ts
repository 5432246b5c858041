import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeJapanPostCsv, parseKenAll } from '../src/postal-ken-all.ts';

// A Japan Post KEN_ALL file as shipped (Shift_JIS, CRLF, 15 columns): fixtures/ken-all-small.csv holds
// one row per prefecture and per municipality with a sample branch (taken from the packaged table),
// plus the file's quirks — a town over two lines, 以下に掲載がない場合, a note, a building floor.

const fixture = readFileSync(new URL('./fixtures/ken-all-small.csv', import.meta.url));

describe('a Japan Post KEN_ALL file', () => {
  it('is read as Shift_JIS, and as UTF-8 when it is that edition', () => {
    const sjis = decodeJapanPostCsv(fixture);
    expect(sjis.encoding).toBe('shift_jis');
    expect(sjis.text).toContain('"北海道","札幌市北区"');
    const utf8 = decodeJapanPostCsv(Buffer.from(`\uFEFF${sjis.text}`, 'utf8'));
    expect(utf8).toEqual({ encoding: 'utf-8', text: sjis.text });
  });

  it('refuses bytes that are neither', () => {
    expect(() => decodeJapanPostCsv(Buffer.from([0x82, 0xa0, 0xff, 0xfe, 0x80]))).toThrow(/neither Shift_JIS/);
  });

  it('joins a town over two lines, empties what stands for no town, removes notes, keeps floors', () => {
    const { rows, stats } = parseKenAll(decodeJapanPostCsv(fixture).text);
    // 8100000 以下に掲載がない場合 becomes the same row as the packaged one taken for 福岡市中央区: kept once.
    expect(stats).toMatchObject({ lines: 105, joined: 1, noTown: 1, notesRemoved: 2, duplicates: 1 });
    expect(rows).toHaveLength(103);
    const at = (postal: string) => rows.filter((r) => r.postalNumber === postal);
    expect(at('8100099')).toEqual([
      expect.objectContaining({
        addressCode: '40133',
        prefecture: '福岡県',
        municipality: '福岡市中央区',
        section: '試験町',
        kanaSection: 'ｼｹﾝﾁｮｳ',
        chome: '',
      }),
    ]);
    expect(at('8100000')).toEqual([expect.objectContaining({ section: '', kanaSection: '' })]);
    expect(at('8100002')).toEqual([expect.objectContaining({ section: '試験町通', kanaSection: 'ｼｹﾝﾁｮｳﾄﾞｵﾘ' })]);
    expect(at('8106001')).toEqual([expect.objectContaining({ section: '天神試験ビル（１階）', kanaSection: 'ﾃﾝｼﾞﾝｼｹﾝﾋﾞﾙ(1ｶｲ)' })]);
    // Sorted by postal code.
    expect(rows.map((r) => r.postalNumber)).toEqual([...rows.map((r) => r.postalNumber)].sort());
  });

  it('names the line of a malformed row', () => {
    expect(() => parseKenAll('40133,"810  ","8100001","ﾌｸｵｶｹﾝ"\r\n')).toThrow(/line 1: expected 15 fields/);
    expect(() => parseKenAll('4013,"810  ","8100001","ﾌｸｵｶｹﾝ","ﾌｸｵｶｼ","","福岡県","福岡市","",0,0,0,0,0,0')).toThrow(/line 1: the municipality code/);
  });

  it('names the first line whose name field, as it would be stored, a check refuses (a town over several lines by its first)', () => {
    const text = decodeJapanPostCsv(fixture).text;
    const lines = text.trim().split('\r\n');
    const refuseAngle = (value: string) => (value.includes('<') ? 'holds markup' : null);
    expect(parseKenAll(text, refuseAngle).nameProblem).toBeNull();
    // The town over two lines (8100099) with markup after its note on the second line: the joined town
    // keeps it, and the problem is named by the town's first line.
    const first = lines.findIndex((l) => l.includes('"8100099"'));
    const hostile = lines.map((l, i) => (i === first + 1 ? l.replace(/）",/, '）<b>",') : l));
    expect(parseKenAll(hostile.join('\r\n'), refuseAngle).nameProblem).toBe(`line ${first + 1}: the town (column 9) holds markup`);
    // Inside a note that is removed, nothing is stored, so nothing is refused.
    const inNote = lines.map((l) => l.replace('（次のビルを除く）', '（次の<b>ビルを除く）'));
    expect(inNote.join('\r\n')).toContain('<b>');
    expect(parseKenAll(inNote.join('\r\n'), refuseAngle).nameProblem).toBeNull();
  });
});
