import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { applicant, createStepsApp, saveBefore, stepPaths } from '../helpers/application-steps.ts';
import type { Applicant } from '../helpers/application-steps.ts';

forEachDialect((dialect) => {
  let app: App;
  let a: Applicant;
  beforeAll(async () => {
    app = await createStepsApp(await dialect.createDb());
    a = await applicant(app);
    await saveBefore(a, 'sealLess');
  });
  afterAll(() => app.close());

  it.each([[true], [false]])('saves sealLess %s and answers 204', async (sealLess) => {
    const response = await a.post(stepPaths.sealLess, { sealLess });
    expect(response.statusCode).toBe(204);
    expect((await a.row()).sealLess).toBe(sealLess ? 1 : 0);
    expect((await a.row()).sealLessSavedAt).not.toBeNull();
    expect((await a.get('/api/applications')).json().application.sealLess).toBe(sealLess);
  });

  it.each([[{}], [{ sealLess: null }], [{ sealLess: 'true' }], [{ sealLess: 1 }], [{ sealLess: [true] }], [[true]]])(
    'refuses %j with 選択が必須です。',
    async (body) => {
      const response = await a.post(stepPaths.sealLess, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [{ field: 'sealLess', message: messages.selectRequired }] });
    },
  );

  it('refuses a bankCode that is not the host’s bank', async () => {
    const response = await a.post(stepPaths.sealLess, { sealLess: true, bankCode: '0587' });
    expect(response.json()).toEqual({ errors: [{ field: 'bankCode', message: messages.bankMismatch }] });
  });
});
