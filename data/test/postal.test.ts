import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensurePostalTable, postalColumns, postalTablePath, readPostalRows, readPostalVersion, type PostalRow } from '../src/postal.ts';

let rows: PostalRow[] = [];
const byCode = new Map<string, PostalRow[]>();

beforeAll(async () => {
  expect(await ensurePostalTable()).toBe(postalTablePath);
  rows = [];
  for await (const row of readPostalRows()) rows.push(row);
  for (const row of rows) {
    const list = byCode.get(row.postalNumber) ?? [];
    list.push(row);
    byCode.set(row.postalNumber, list);
  }
});

const find = (postalNumber: string): PostalRow[] => byCode.get(postalNumber) ?? [];

describe('postal table', () => {
  it('answers 8100001 with 福岡県 福岡市中央区 天神 and its kana and JIS code', () => {
    expect(find('8100001')).toEqual([
      {
        postalNumber: '8100001',
        addressCode: '40133',
        prefecture: '福岡県',
        municipality: '福岡市中央区',
        section: '天神',
        chome: '',
        kanaPrefecture: 'ﾌｸｵｶｹﾝ',
        kanaMunicipality: 'ﾌｸｵｶｼﾁｭｳｵｳｸ',
        kanaSection: 'ﾃﾝｼﾞﾝ',
        kanaChome: '',
      },
    ]);
  });

  it('holds the whole country (more than 120,000 rows)', () => {
    expect(rows.length).toBeGreaterThan(120_000);
    expect(new Set(rows.map((r) => r.prefecture)).size).toBe(47);
  });

  it('returns every town of a code shared by several towns', () => {
    const kanazawa = find('9218046');
    expect(kanazawa.map((r) => r.section)).toEqual(['大桑町', '三小牛町']);
    expect(kanazawa.every((r) => r.municipality === '金沢市' && r.addressCode === '17201')).toBe(true);
    expect(find('4520961').length).toBeGreaterThan(50);
    // one code over two municipalities
    expect(new Set(find('0040000').map((r) => r.municipality))).toEqual(new Set(['札幌市厚別区', '札幌市清田区']));
  });

  it('answers 1000001 with 東京都 千代田区 千代田', () => {
    expect(find('1000001')).toMatchObject([{ addressCode: '13101', prefecture: '東京都', municipality: '千代田区', section: '千代田', kanaSection: 'ﾁﾖﾀﾞ' }]);
  });

  it('leaves the section empty where Japan Post says 以下に掲載がない場合', () => {
    expect(find('8100000')).toMatchObject([{ municipality: '福岡市中央区', section: '', kanaSection: '', addressCode: '40133' }]);
    expect(find('1000000')).toMatchObject([{ municipality: '千代田区', section: '' }]);
  });

  it("leaves the section empty where Japan Post says 'X村の次にN番地以降がくる場合'", () => {
    expect(find('4090211')).toMatchObject([{ municipality: '北都留郡小菅村', section: '', kanaSection: '' }]);
  });

  it('covers the three banks’ regions with their JIS codes', () => {
    expect(find('8600806')).toMatchObject([{ prefecture: '熊本県', municipality: '熊本市中央区', section: '花畑町', addressCode: '43101' }]);
    expect(find('8500001')).toMatchObject([{ prefecture: '長崎県', municipality: '長崎市', addressCode: '42201' }]);
    expect(find('8570001')).toMatchObject([{ municipality: '佐世保市', addressCode: '42202' }]);
  });

  it('keeps a parenthesised building name but has no Japan Post notes', () => {
    expect(find('4506201')[0]?.section).toBe('名駅ミッドランドスクエア（高層棟）１階');
    expect(rows.filter((r) => /（[^）]*）$|以下に掲載がない場合|の次に.*がくる場合/.test(r.section))).toEqual([]);
  });

  it('leaves out large-office codes (事業所個別番号)', () => {
    expect(find('0018501')).toEqual([]);
    expect(find('8108501')).toEqual([]); // a Fukuoka large-office code
  });

  it('is well formed: codes, kana, sort order, no duplicates', () => {
    // Collect problems instead of one expect() per row: 124,000 rows × 10 checks would be slow.
    const problems: string[] = [];
    const prefectureOfCode = new Map<string, string>();
    const lines = new Set<string>();
    let previous = '';
    for (const r of rows) {
      const id = `${r.postalNumber} ${r.municipality}${r.section}`;
      if (!/^\d{7}$/.test(r.postalNumber)) problems.push(`postal number ${id}`);
      if (!/^\d{5}$/.test(r.addressCode)) problems.push(`address code ${id}`);
      if (r.postalNumber < previous) problems.push(`order ${id}`);
      previous = r.postalNumber;
      const known = prefectureOfCode.get(r.addressCode.slice(0, 2));
      if (known === undefined) prefectureOfCode.set(r.addressCode.slice(0, 2), r.prefecture);
      else if (known !== r.prefecture) problems.push(`JIS prefix ${id}`);
      if (r.chome !== '' || r.kanaChome !== '') problems.push(`chome ${id}`);
      if (!/^[\uff61-\uff9f0-9A-Z()-]*$/.test(r.kanaPrefecture + r.kanaMunicipality + r.kanaSection)) problems.push(`kana ${id}`);
      if (r.prefecture === '' || r.municipality === '' || r.kanaPrefecture === '' || r.kanaMunicipality === '') problems.push(`empty ${id}`);
      const line = postalColumns.map((c) => r[c]).join('\t');
      if (lines.has(line)) problems.push(`duplicate ${id}`);
      lines.add(line);
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(prefectureOfCode.size).toBe(47);
    expect(prefectureOfCode.get('40')).toBe('福岡県');
  });

  it('publishes the sha256 of the table as its version', () => {
    const version = readPostalVersion();
    expect(version).toMatch(/^[0-9a-f]{64}$/);
    expect(version).toBe(createHash('sha256').update(readFileSync(postalTablePath)).digest('hex'));
  });
});
