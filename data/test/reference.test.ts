import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBank } from '@koza/domain/banks/banks';
import { bankCodes } from '@koza/domain/constants';
import { ensurePostalTable, readPostalRows } from '../src/postal.ts';
import {
  isActiveAt,
  otherOccupationName,
  readBranches,
  readInvitationCodes,
  readMaintenanceWindows,
  readNotifications,
  readOccupations,
  readWorkplaces,
  referenceDataVersion,
  referenceFilesDir,
} from '../src/reference.ts';

/** The banks whose sample data the project ships (a bank added later brings its own, of any size). */
const sampleBanks = ['0177', '0587', '0181'] as const;
const now = new Date();

describe('occupations', () => {
  const occupations = readOccupations();

  it('lists the usual occupations with その他 last', () => {
    const names = occupations.map((o) => o.name);
    for (const name of [
      '会社員',
      '公務員',
      '会社役員',
      '自営業',
      '派遣・契約社員',
      'パート・アルバイト',
      '学生',
      '主婦・主夫',
      '年金受給者',
      '無職',
      '未就学児',
    ]) {
      expect(names).toContain(name);
    }
    expect(names.at(-1)).toBe(otherOccupationName);
    const numbers = occupations.map((o) => o.displayNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('has display flags and age bounds that fit each occupation', () => {
    const byName = new Map(occupations.map((o) => [o.name, o]));
    expect(byName.get('未就学児')).toMatchObject({ generalDisplay: false, childDisplay: true, minDisplayAge: 0, maxDisplayAge: 6, workplaceRequired: 'NONE' });
    expect(byName.get('学生')).toMatchObject({ generalDisplay: true, childDisplay: true });
    expect(byName.get('会社員')).toMatchObject({ workplaceRequired: 'REQUIRED', generalDisplay: true });
    expect(byName.get(otherOccupationName)).toMatchObject({ generalDisplay: true, childDisplay: true, minDisplayAge: null, maxDisplayAge: null });
    for (const o of occupations) {
      expect(['REQUIRED', 'OPTIONAL', 'NONE']).toContain(o.workplaceRequired);
      expect(o.generalDisplay || o.childDisplay).toBe(true);
    }
    expect(new Set(occupations.map((o) => o.id)).size).toBe(occupations.length);
  });
});

describe('branches', () => {
  const branches = readBranches();
  const municipalities = new Map<string, Set<string>>(); // prefecture → municipalities
  const postal = new Map<string, { prefecture: string; municipality: string }[]>();

  beforeAll(async () => {
    await ensurePostalTable();
    for await (const row of readPostalRows()) {
      const set = municipalities.get(row.prefecture) ?? new Set<string>();
      set.add(row.municipality);
      municipalities.set(row.prefecture, set);
      const list = postal.get(row.postalNumber) ?? [];
      list.push(row);
      postal.set(row.postalNumber, list);
    }
  });

  it('has branches for every bank, with unique 3-digit codes, one of them in the home prefecture', () => {
    for (const bank of bankCodes) {
      const own = branches.filter((b) => b.bankCode === bank);
      expect(own.length, bank).toBeGreaterThan(0);
      expect(new Set(own.map((b) => b.code)).size).toBe(own.length);
      for (const b of own) expect(b.code).toMatch(/^\d{3}$/);
      expect(own.some((b) => b.prefecture === getBank(bank).homePrefecture)).toBe(true);
    }
  });

  it('ships 15 to 30 sample branches per bank of the group, with a 本店営業部', () => {
    for (const bank of sampleBanks) {
      const own = branches.filter((b) => b.bankCode === bank);
      expect(own.length).toBeGreaterThanOrEqual(15);
      expect(own.length).toBeLessThanOrEqual(30);
      expect(own.some((b) => b.name === '本店営業部')).toBe(true);
    }
  });

  it('places every branch in a municipality of the postal table, at a postal code of that municipality', () => {
    for (const b of branches) {
      expect(municipalities.get(b.prefecture)?.has(b.municipality), `${b.bankCode} ${b.code} ${b.prefecture} ${b.municipality}`).toBe(true);
      expect(
        postal.get(b.postalNumber)?.some((r) => r.prefecture === b.prefecture && r.municipality === b.municipality),
        `${b.bankCode} ${b.code} ${b.postalNumber}`,
      ).toBe(true);
      expect(b.address.startsWith(b.prefecture + b.municipality)).toBe(true);
    }
  });

  it('has sample branches in the home prefecture and a few in neighbouring prefectures', () => {
    for (const bank of sampleBanks) {
      const own = branches.filter((b) => b.bankCode === bank);
      const home = getBank(bank).homePrefecture;
      expect(own.filter((b) => b.prefecture === home).length).toBeGreaterThan(own.length / 2);
      expect(own.some((b) => b.prefecture !== home)).toBe(true);
    }
    expect(branches.some((b) => b.bankCode === '0177' && b.municipality === '北九州市小倉北区')).toBe(true);
    expect(branches.some((b) => b.bankCode === '0177' && b.municipality === '佐賀市')).toBe(true);
    expect(branches.some((b) => b.bankCode === '0181' && b.municipality === '佐世保市')).toBe(true);
  });
});

describe('workplaces', () => {
  const workplaces = readWorkplaces();

  it('has about ten sample employers per bank of the group with unique 6- or 8-character codes', () => {
    for (const bank of sampleBanks) {
      const own = workplaces.filter((w) => w.bankCode === bank);
      expect(own.length).toBeGreaterThanOrEqual(8);
      expect(new Set(own.map((w) => w.code)).size).toBe(own.length);
      expect(own.some((w) => w.code.length === 6)).toBe(true);
      expect(own.some((w) => w.code.length === 8)).toBe(true);
      expect(own.some((w) => w.multipleAccounts === 'PERMITTED')).toBe(true);
      expect(own.some((w) => w.multipleAccounts === 'NOT_PERMITTED')).toBe(true);
    }
    for (const w of workplaces) {
      expect([6, 8]).toContain(w.code.length);
      expect(w.phoneNumber.split('-')).toHaveLength(3);
      expect(w.phoneNumber.length).toBeGreaterThanOrEqual(12);
      expect(w.phoneNumber.length).toBeLessThanOrEqual(13);
    }
    expect(new Set(workplaces.map((w) => w.id)).size).toBe(workplaces.length);
    expect(new Set(workplaces.map((w) => `${w.bankCode}/${w.code}`)).size).toBe(workplaces.length);
  });
});

describe('invitation codes', () => {
  const codes = readInvitationCodes();

  it('are 6 characters, unique per bank, some valid now and some expired', () => {
    for (const c of codes) expect(c.code).toHaveLength(6);
    expect(new Set(codes.map((c) => `${c.bankCode}/${c.code}`)).size).toBe(codes.length);
    for (const bank of sampleBanks) {
      const own = codes.filter((c) => c.bankCode === bank);
      expect(own.some((c) => isActiveAt({ startedAt: c.validFrom, endedAt: c.validUntil }, now))).toBe(true);
      expect(own.some((c) => c.validUntil !== null && Date.parse(c.validUntil) < now.getTime())).toBe(true);
    }
  });
});

describe('notifications and maintenance', () => {
  it('has Japanese sample notices per bank of the group and per channel', () => {
    const notifications = readNotifications();
    for (const bank of sampleBanks) expect(notifications.some((n) => n.bankCode === bank)).toBe(true);
    expect(notifications.some((n) => n.channel !== null)).toBe(true);
    for (const n of notifications) expect(n.contents).toMatch(/[ぁ-んァ-ン一-龯]/);
  });

  it('ships with no active or upcoming maintenance window', () => {
    const windows = readMaintenanceWindows();
    expect(windows.length).toBeGreaterThan(0);
    for (const w of windows) {
      expect(w.startedAt).toMatch(/\+09:00$/);
      expect(Date.parse(w.endedAt)).toBeLessThan(now.getTime());
    }
  });

  it('treats windows as start-inclusive, end-exclusive', () => {
    const w = { startedAt: '2025-01-01T00:00:00+09:00', endedAt: '2025-01-02T00:00:00+09:00' };
    expect(isActiveAt(w, new Date('2024-12-31T15:00:00Z'))).toBe(true);
    expect(isActiveAt(w, new Date('2025-01-01T15:00:00Z'))).toBe(false);
    expect(isActiveAt({ startedAt: null, endedAt: null }, now)).toBe(true);
  });
});

describe('validation and version', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'koza-reference-'));
    cpSync(referenceFilesDir, dir, { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names the file and the problem on a bad shape', () => {
    const occupations = JSON.parse(readFileSync(join(dir, 'occupations.json'), 'utf8')) as { occupations: { workplaceRequired: string }[] };
    occupations.occupations[0]!.workplaceRequired = 'MAYBE';
    writeFileSync(join(dir, 'occupations.json'), JSON.stringify(occupations));
    expect(() => readOccupations(dir)).toThrow(/occupations\.json[\s\S]*workplaceRequired/);

    const workplaces = JSON.parse(readFileSync(join(dir, 'workplaces.json'), 'utf8')) as { workplaces: { code: string }[] };
    workplaces.workplaces[0]!.code = '1234567';
    writeFileSync(join(dir, 'workplaces.json'), JSON.stringify(workplaces));
    expect(() => readWorkplaces(dir)).toThrow(/workplaces\.json[\s\S]*code/);

    writeFileSync(join(dir, 'maintenance.json'), '{ not json');
    expect(() => readMaintenanceWindows(dir)).toThrow(/maintenance\.json/);
  });

  it('rejects duplicate branch codes and その他 not last', () => {
    const branches = JSON.parse(readFileSync(join(referenceFilesDir, 'branches.json'), 'utf8')) as { branches: Record<string, { code: string }[]> };
    branches.branches['0587']![1]!.code = branches.branches['0587']![0]!.code;
    writeFileSync(join(dir, 'branches.json'), JSON.stringify(branches));
    expect(() => readBranches(dir)).toThrow(/branches\.json[\s\S]*duplicate branch code/);

    const occupations = JSON.parse(readFileSync(join(referenceFilesDir, 'occupations.json'), 'utf8')) as {
      occupations: { name: string; displayNumber: number }[];
    };
    occupations.occupations.find((o) => o.name === otherOccupationName)!.displayNumber = 1;
    writeFileSync(join(dir, 'occupations.json'), JSON.stringify(occupations));
    expect(() => readOccupations(dir)).toThrow(/occupations\.json[\s\S]*その他/);
  });

  it('wants the branch list of every bank, and no other bank code, in branches.json', () => {
    const original = JSON.parse(readFileSync(join(referenceFilesDir, 'branches.json'), 'utf8')) as { branches: Record<string, unknown[]> };
    const [first, ...others] = bankCodes;
    const missing = { ...original, branches: Object.fromEntries(others.map((code) => [code, original.branches[code]])) };
    writeFileSync(join(dir, 'branches.json'), JSON.stringify(missing));
    expect(() => readBranches(dir)).toThrow(new RegExp(`branches\\.json[\\s\\S]*${first}`));

    const unknown = { ...original, branches: { ...original.branches, '9990': original.branches[first] } };
    writeFileSync(join(dir, 'branches.json'), JSON.stringify(unknown));
    expect(() => readBranches(dir)).toThrow(/branches\.json[\s\S]*9990/);

    const workplaces = JSON.parse(readFileSync(join(referenceFilesDir, 'workplaces.json'), 'utf8')) as { workplaces: { bankCode: string }[] };
    workplaces.workplaces[0]!.bankCode = '9990';
    writeFileSync(join(dir, 'workplaces.json'), JSON.stringify(workplaces));
    expect(() => readWorkplaces(dir)).toThrow(/workplaces\.json[\s\S]*bankCode/);

    writeFileSync(join(dir, 'branches.json'), JSON.stringify(original));
    expect(readBranches(dir).map((b) => b.bankCode)).toEqual(readBranches().map((b) => b.bankCode));
  });

  it('versions the files with a sha256 that follows their contents', () => {
    const version = referenceDataVersion();
    expect(version).toMatch(/^[0-9a-f]{64}$/);
    expect(referenceDataVersion()).toBe(version);
    expect(referenceDataVersion(dir)).not.toBe(version);
  });
});
