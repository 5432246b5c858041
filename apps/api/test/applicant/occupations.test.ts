import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { applicant, createStepsApp } from '../helpers/application-steps.ts';
import type { Applicant } from '../helpers/application-steps.ts';

forEachDialect((dialect) => {
  let app: App;
  let a: Applicant;
  beforeAll(async () => {
    app = await createStepsApp(await dialect.createDb());
    a = await applicant(app);
  });
  afterAll(() => app.close());

  it('needs a signed-in applicant', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/occupations', headers: { host: 'fukuoka.localhost' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
  });

  it('lists the occupations with the fields of SPEC.md §3, その他 last', async () => {
    const response = await a.get('/api/occupations');
    expect(response.statusCode).toBe(200);
    const list = response.json().occupationList as Record<string, unknown>[];
    expect(list[0]).toEqual({
      id: 1,
      name: '会社員',
      displayNumber: 10,
      workplaceRequired: true,
      workplaceRequirement: 'REQUIRED',
      generalDisplay: true,
      childDisplay: true,
      minDisplayAge: 15,
      maxDisplayAge: null,
    });
    expect(list.map((o) => o.name)).toEqual([
      '会社員',
      '公務員',
      '会社役員',
      '自営業',
      '医師・弁護士等の専門職',
      '派遣・契約社員',
      'パート・アルバイト',
      '農林漁業',
      '学生',
      '主婦・主夫',
      '年金受給者',
      '無職',
      '未就学児',
      'その他',
    ]);
    const displayNumbers = list.map((o) => o.displayNumber as number);
    expect(displayNumbers).toEqual([...displayNumbers].sort((x, y) => x - y));
  });

  it('gives the boolean and the three-valued workplace requirement', async () => {
    const list = (await a.get('/api/occupations')).json().occupationList as { name: string; workplaceRequired: boolean; workplaceRequirement: string }[];
    const byName = Object.fromEntries(list.map((o) => [o.name, o]));
    expect(byName['学生']).toMatchObject({ workplaceRequired: false, workplaceRequirement: 'OPTIONAL' });
    expect(byName['主婦・主夫']).toMatchObject({ workplaceRequired: false, workplaceRequirement: 'NONE' });
    expect(byName['未就学児']).toMatchObject({ generalDisplay: false, childDisplay: true, minDisplayAge: 0, maxDisplayAge: 6 });
  });

  it('keeps その他 last even when staff give it a small display number', async () => {
    await app.deps.db.kysely.updateTable('occupations').set({ displayNumber: 1 }).where('name', '=', 'その他').execute();
    try {
      const list = (await a.get('/api/occupations')).json().occupationList as { name: string }[];
      expect(list.at(-1)?.name).toBe('その他');
      expect(list[0]?.name).toBe('会社員');
    } finally {
      await app.deps.db.kysely.updateTable('occupations').set({ displayNumber: 999 }).where('name', '=', 'その他').execute();
    }
  });
});
