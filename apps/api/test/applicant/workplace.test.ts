import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { applicant, createStepsApp, hosts } from '../helpers/application-steps.ts';
import type { Applicant } from '../helpers/application-steps.ts';

forEachDialect((dialect) => {
  let app: App;
  let a: Applicant;
  beforeAll(async () => {
    app = await createStepsApp(await dialect.createDb());
    a = await applicant(app);
  });
  afterAll(() => app.close());

  const lookup = (code: string, who: Applicant = a) => who.get(`/api/workplace?code=${encodeURIComponent(code)}`);

  it('needs a signed-in applicant', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/workplace?code=100001', headers: { host: hosts['0177'] } })).statusCode).toBe(401);
  });

  it('finds a 6-character workplace code of the bank', async () => {
    const response = await lookup('100001');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1001, name: '株式会社天神ロジテック', phoneNumber: '092-711-0001', multipleAccounts: 'PERMITTED' });
  });

  it('finds an 8-character code, typed in full width', async () => {
    const response = await lookup('４００００１０１');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1007, name: '久留米ゴム工業株式会社', phoneNumber: '0942-35-6611', multipleAccounts: 'NOT_PERMITTED' });
  });

  it.each([['999999'], ['200001'], ['ZZ9999']])('answers 404 with the screen message for %s (unknown or another bank’s)', async (code) => {
    const response = await lookup(code);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: messages.workplaceCodeNotFound });
  });

  it('finds another bank’s code on that bank’s host', async () => {
    const kumamoto = await applicant(app, { host: hosts['0587'] });
    expect((await lookup('200001', kumamoto)).json()).toMatchObject({ id: 2001, multipleAccounts: 'PERMITTED' });
  });

  it.each([['12345'], ['1234567'], ['123456789'], ['10000!'], ['']])('refuses the malformed code %j with 400', async (code) => {
    const response = await lookup(code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [{ field: 'code', message: code === '' ? messages.required : messages.workplaceCodeLength }],
    });
  });
});
