import { describe, expect, it } from 'vitest';
import { bankCodes } from '../src/constants.ts';
import { regulationIds } from '../src/banks/bank.ts';
import { allBanks, asksDistanceReasonFor, bankCodeForHost, banks, devHostMap, getBank, isHomeOrNeighbour } from '../src/banks/banks.ts';
import { prefectureNames } from '../src/prefectures.ts';

// WCAG 2.x relative luminance and contrast ratio.
const luminance = (hex: string): number => {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/**
 * A small well-formedness check for our generated SVG: one root <svg>, every tag closed in order,
 * attributes quoted, entities known. Enough for strings we generate; not a general XML parser.
 */
function assertWellFormedSvg(svg: string): void {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  const stack: string[] = [];
  let roots = 0;
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let pos = 0;
  while (pos < svg.length) {
    token.lastIndex = pos;
    const m = token.exec(svg);
    if (!m) throw new Error(`malformed SVG near: ${svg.slice(pos, pos + 40)}`);
    pos = token.lastIndex;
    const [, closing, name, , selfClosing, text] = m;
    if (text !== undefined) {
      expect(stack.length, 'text outside the root element').toBeGreaterThan(0);
      for (const e of text.match(/&[^;]*;?/g) ?? []) expect(['&amp;', '&lt;', '&gt;', '&quot;', '&apos;']).toContain(e);
      continue;
    }
    if (closing) {
      expect(stack.pop(), `closing </${name}>`).toBe(name);
    } else if (!selfClosing) {
      if (stack.length === 0) roots++;
      stack.push(name as string);
    } else if (stack.length === 0) roots++;
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

const httpsUrl = /^https:\/\/[a-z0-9.-]+\.example\.jp\/\S*$/;

describe('banks', () => {
  it('has one row per bank, and the bank codes are those of the rows', () => {
    expect(allBanks.length).toBeGreaterThan(0);
    expect(allBanks.map((b) => b.code)).toEqual([...bankCodes]);
    expect(new Set(bankCodes).size).toBe(bankCodes.length);
    for (const code of bankCodes) expect(code).toMatch(/^\d{4}$/);
    expect(Object.keys(banks).sort()).toEqual([...bankCodes].sort());
    for (const code of bankCodes) expect(getBank(code).code).toBe(code);
  });

  it('includes the three banks of the group (SPEC.md §1)', () => {
    expect(bankCodes).toEqual(expect.arrayContaining(['0177', '0587', '0181']));
  });

  it.each(allBanks.map((b) => [b.code, b] as const))('bank %s has every field filled in', (_code, bank) => {
    for (const v of [bank.name, bank.shortName, bank.devHost, bank.domain, bank.homePrefecture]) expect(v).not.toBe('');
    expect(bank.contact.centreName).toContain(bank.name);
    // A Japanese number of ten digits in three groups (a toll-free 0120, or any area code).
    expect(bank.contact.phoneNumber).toMatch(/^0\d{1,4}-\d{1,4}-\d{3,4}$/);
    expect(bank.contact.phoneNumber.replaceAll('-', '')).toHaveLength(10);
    expect(bank.contact.receptionHours).toContain('平日');
    expect(bank.contact.receptionHours).toContain(`${bank.contact.opens.replace(/^0/, '')}～${bank.contact.closes.replace(/^0/, '')}`);
    // The footer's facts are the bank's own (any company type, any group): checked for their form only.
    expect(bank.footer.companyName).toContain(bank.name);
    expect(bank.footer.registrationNumber).toMatch(/^登録金融機関 \S+財務(支)?局長（登金）第\d+号$/);
    expect(bank.footer.associations).toMatch(/^加入協会：\S/);
    expect(bank.footer.groupName).not.toBe('');
    expect(bank.footer.copyright).toMatch(/^Copyright © .+ All Rights Reserved\.$/);
    const { regulations, ...single } = bank.links;
    for (const url of Object.values(single)) expect(url).toMatch(httpsUrl);
    for (const url of Object.values(single)) expect(new URL(url).hostname).toBe(bank.domain);
    expect(regulations.map((r) => r.id)).toEqual([...regulationIds]);
    for (const r of regulations) {
      expect(r.label).not.toBe('');
      expect(r.url).toMatch(httpsUrl);
    }
    expect(regulations.map((r) => r.label)).toEqual([
      'Web口座開設規定',
      '個人情報の利用目的',
      '反社会的勢力ではないことの表明・確約について',
      '総合口座取引規定・普通預金規定',
      'キャッシュカード規定・デビットカード取引規定',
      'ダイレクトバンキングサービス利用規定',
      'モバイルバンキングプラス利用規定',
      '未利用口座管理手数料のご案内',
    ]);
    const ex = bank.exampleAddresses;
    expect(ex.address.length).toBeLessThanOrEqual(20);
    expect(ex.subAddress.length).toBeLessThanOrEqual(20);
    expect(ex.kanaAddress).toMatch(/^[\uFF66-\uFF9F0-9A-Z(). -]{1,40}$/);
    expect(ex.kanaSubAddress).toMatch(/^[\uFF66-\uFF9F0-9A-Z(). -]{1,40}$/);
  });

  it('keeps each bank on its own domain and development host', () => {
    expect(new Set(allBanks.map((b) => b.domain)).size).toBe(allBanks.length);
    expect(new Set(allBanks.map((b) => b.devHost)).size).toBe(allBanks.length);
  });

  it('places each bank in its home prefecture with the reception hours of SPEC.md §3', () => {
    expect([banks['0177'].homePrefecture, banks['0587'].homePrefecture, banks['0181'].homePrefecture]).toEqual(['福岡県', '熊本県', '長崎県']);
    const group = [banks['0177'], banks['0587'], banks['0181']];
    expect(group.map((b) => b.defaultTempAddressPrefecture)).toEqual(['福岡県', '熊本県', '長崎県']);
    expect(group.map((b) => [b.contact.opens, b.contact.closes])).toEqual([
      ['09:00', '17:00'],
      ['09:00', '17:30'],
      ['09:00', '17:30'],
    ]);
    expect(banks['0177'].contact.receptionHours).toMatch(/^平日 9:00～17:00/);
    expect(banks['0587'].contact.receptionHours).toMatch(/^平日 9:00～17:30/);
  });

  it('names real prefectures as neighbours, never the home prefecture', () => {
    for (const b of allBanks) {
      expect(prefectureNames).toContain(b.homePrefecture);
      expect(b.neighbouringPrefectures.length).toBeGreaterThan(0);
      for (const p of b.neighbouringPrefectures) expect(prefectureNames).toContain(p);
      expect(b.neighbouringPrefectures).not.toContain(b.homePrefecture);
    }
  });

  it('lists the utilisation purposes in the order of DECISIONS.md §7, with public gambling only for 0177', () => {
    const common = ['生活費決済', '給与・年金受取', '貯蓄・資産運用', '融資', '保険・保障', '外国為替取引（海外との送金）'];
    expect(banks['0177'].purposeChoices).toEqual([...common, '公営競技（競輪・競馬・競艇・オートレース）', 'その他']);
    expect(banks['0587'].purposeChoices).toEqual([...common, 'その他']);
    expect(banks['0181'].purposeChoices).toEqual([...common, 'その他']);
  });

  it('asks the distance-transaction reason only at 0177, outside 福岡県', () => {
    expect([banks['0177'], banks['0587'], banks['0181']].map((b) => b.asksDistanceReason)).toEqual([true, false, false]);
    expect(asksDistanceReasonFor(banks['0177'], '佐賀県')).toBe(true);
    expect(asksDistanceReasonFor(banks['0177'], '福岡県')).toBe(false);
    expect(asksDistanceReasonFor(banks['0587'], '福岡県')).toBe(false);
  });

  it('tells home and neighbouring prefectures from the others', () => {
    expect(isHomeOrNeighbour(banks['0177'], '福岡県')).toBe(true);
    expect(isHomeOrNeighbour(banks['0177'], '山口県')).toBe(true);
    expect(isHomeOrNeighbour(banks['0177'], '東京都')).toBe(false);
    expect(isHomeOrNeighbour(banks['0181'], '長崎県')).toBe(true);
    expect(isHomeOrNeighbour(banks['0181'], '熊本県')).toBe(false);
    expect(isHomeOrNeighbour(banks['0587'], '鹿児島県')).toBe(true);
  });

  it.each(allBanks.map((b) => [b.code, b] as const))('bank %s has text colours of at least 4.5:1', (_code, bank) => {
    const t = bank.theme;
    for (const c of Object.values(t)) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrast(t.onPrimary, t.primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t.onPrimary, t.primaryDark)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t.text, t.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t.primary, t.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('computes contrast like WCAG (black on white is 21:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it.each(allBanks.map((b) => [b.code, b] as const))('bank %s has self-contained, well-formed SVG artwork', (_code, bank) => {
    for (const svg of Object.values(bank.art)) {
      assertWellFormedSvg(svg);
      expect(svg).not.toMatch(/<script|<foreignObject|<image|<use|href=|url\((?!#)|@import|on[a-z]+=/i);
      expect(svg).toContain('<title>');
      expect(svg).toContain('font-family="sans-serif"');
    }
    expect(bank.art.logoSvg).toContain(`>${bank.name}</text>`);
    expect(bank.art.cashCardSvg).toContain(`>${bank.name}</text>`);
    expect(bank.art.cashCardSvg).toContain('viewBox="0 0 856 540"');
    expect(bank.art.cashCardSvg).toContain(bank.theme.primary);
    expect(bank.art.groupLogoSvg).toContain(`>${bank.footer.groupName}</text>`);
  });

  it('gives each bank its own gradient ids so cards can share a page', () => {
    const ids = allBanks.flatMap((b) => [...b.art.cashCardSvg.matchAll(/id="([^"]+)"/g)].map((m) => m[1]));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('rejects malformed SVG in the checker itself', () => {
    expect(() => assertWellFormedSvg('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>')).toThrow();
    expect(() => assertWellFormedSvg('<svg xmlns="http://www.w3.org/2000/svg"><rect x=1/></svg>')).toThrow();
  });
});

describe('hosts', () => {
  it('maps the development hosts of DECISIONS.md §2', () => {
    expect(devHostMap).toMatchObject({
      'fukuoka.localhost': '0177',
      'kumamoto.localhost': '0587',
      'juhachishinwa.localhost': '0181',
    });
    expect(devHostMap).toEqual(Object.fromEntries(allBanks.map((b) => [b.devHost, b.code])));
    for (const b of allBanks) expect(b.devHost).toMatch(/^[a-z0-9-]+\.localhost$/);
  });

  it.each([
    ['fukuoka.localhost', '0177'],
    ['kumamoto.localhost:3000', '0587'],
    ['JUHACHISHINWA.LOCALHOST:3000', '0181'],
    ['juhachishinwa.localhost.', '0181'],
    ['localhost:3000', '0587'],
    ['localhost', '0587'],
    ['127.0.0.1:3000', '0587'],
    ['[::1]:3000', '0587'],
    ['unknown.example.jp', '0587'],
    ['', '0587'],
    [undefined, '0587'],
    ['constructor', '0587'],
  ] as const)('host %j is bank %s (fallback 0587)', (host, code) => {
    expect(bankCodeForHost(host, devHostMap, '0587')).toBe(code);
  });

  it('uses the host map it is given (production hosts come from configuration)', () => {
    const map = { 'www.bank-a.example.jp': '0181' } as const;
    expect(bankCodeForHost('www.bank-a.example.jp:443', map, '0177')).toBe('0181');
    expect(bankCodeForHost('fukuoka.localhost', map, '0587')).toBe('0587');
  });
});
