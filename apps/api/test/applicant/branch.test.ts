import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import {
  applicant,
  childPersonalPayload,
  childWorkplacePayload,
  createStepsApp,
  hakataEkimae,
  hosts,
  personalPayload,
  stepPaths,
} from '../helpers/application-steps.ts';

// data/files/branches.json (sample): 0177 has 28 branches, three of them in 福岡市博多区 (110, 111,
// 112); 0587 has one in 福岡市博多区 (400).

forEachDialect((dialect) => {
  let app: App;
  beforeAll(async () => {
    app = await createStepsApp(await dialect.createDb());
  });
  afterAll(() => app.close());

  const codes = (response: { json(): { branchList: { code: string }[] } }) => response.json().branchList.map((b) => b.code);

  it('needs a signed-in applicant', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/branch', headers: { host: hosts['0177'] } })).statusCode).toBe(401);
  });

  it('lists every branch of the bank by code before the address is known', async () => {
    const a = await applicant(app);
    const response = await a.get('/api/branch');
    expect(response.statusCode).toBe(200);
    const list = codes(response);
    expect(list).toHaveLength(28);
    expect(list).toEqual([...list].sort());
    expect(response.json().branchList[0]).toEqual({ code: '100', name: '本店営業部', address: '福岡県福岡市中央区天神二丁目13番1号' });
  });

  it('puts the branches of the applicant’s municipality first, then the others by code', async () => {
    const a = await applicant(app);
    expect((await a.post(stepPaths.personal, { ...personalPayload, ...hakataEkimae })).statusCode).toBe(204);
    const list = codes(await a.get('/api/branch'));
    expect(list.slice(0, 3)).toEqual(['110', '111', '112']);
    expect(list.slice(3, 6)).toEqual(['100', '101', '102']);
    expect(list).toHaveLength(28);
  });

  it('orders another bank’s list by the same rule', async () => {
    const a = await applicant(app, { host: hosts['0587'] });
    expect((await a.post(stepPaths.personal, { ...personalPayload, ...hakataEkimae })).statusCode).toBe(204);
    const response = await a.get('/api/branch');
    expect(response.json().branchList[0]).toMatchObject({ code: '400', name: '福岡支店' });
    expect(codes(response)).toHaveLength(26);
  });

  it('counts a typed temporary address by the municipality it starts with', async () => {
    const a = await applicant(app);
    const temporary = {
      ...personalPayload,
      ...Object.fromEntries(
        Object.keys(hakataEkimae)
          .filter((k) => k !== 'postalNumber')
          .map((k) => [k, null]),
      ),
      address: null,
      subAddress: null,
      kanaAddress: null,
      kanaSubAddress: null,
      tempAddressPrefecture: '福岡県',
      tempAddress: '福岡市東区香椎1-1',
      kanaTempAddress: 'ﾌｸｵｶｼﾋｶﾞｼｸｶｼｲ1-1',
    };
    expect((await a.post(stepPaths.personal, temporary)).statusCode).toBe(204);
    expect(codes(await a.get('/api/branch')).slice(0, 2)).toEqual(['120', '121']);
  });

  it('gives a child only the branches of the child’s municipality', async () => {
    const a = await applicant(app, { applicationType: 'CHILD' });
    expect((await a.post(stepPaths.personal, { ...childPersonalPayload, ...hakataEkimae })).statusCode).toBe(204);
    expect((await a.post(stepPaths.workplace, childWorkplacePayload)).statusCode).toBe(204);
    const response = await a.get('/api/branch');
    expect(response.json()).toEqual({
      branchList: [
        { code: '110', name: '博多駅前支店', address: expect.any(String) },
        { code: '111', name: '吉塚支店', address: expect.any(String) },
        { code: '112', name: '雑餉隈支店', address: expect.any(String) },
      ],
    });
  });

  it('gives a child in a municipality without a branch an empty list', async () => {
    const a = await applicant(app, { applicationType: 'CHILD' });
    const asakura = {
      postalNumber: '8380001',
      addressCode: '40228',
      addressPrefecture: '福岡県',
      addressMunicipality: '朝倉市',
      addressSection: '秋月',
      addressChome: '',
      kanaAddressPrefecture: 'ﾌｸｵｶｹﾝ',
      kanaAddressMunicipality: 'ｱｻｸﾗｼ',
      kanaAddressSection: 'ｱｷﾂﾞｷ',
      kanaAddressChome: '',
    };
    expect((await a.post(stepPaths.personal, { ...childPersonalPayload, ...asakura })).statusCode).toBe(204);
    const response = await a.get('/api/branch');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ branchList: [] });
  });
});
