import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { applicant, createStepsApp, hosts } from '../helpers/application-steps.ts';
import type { Applicant } from '../helpers/application-steps.ts';

// data/files/invitation-codes.json: FK0001 from 2025-04-01, FK0002 always, FK0003 2025-10-01 until
// 2027-04-01, FK9901 ended 2024-06-01; KM0001 is 0587's. The clock stands on 2026-06-15.

forEachDialect((dialect) => {
  let app: App;
  let a: Applicant;
  beforeAll(async () => {
    app = await createStepsApp(await dialect.createDb());
    a = await applicant(app);
  });
  afterAll(() => app.close());

  const check = (code: string, who: Applicant = a) => who.get(`/api/invitation?code=${encodeURIComponent(code)}`);
  const notFound = { code: 'NOT_FOUND', message: messages.invitationCodeNotFound };

  it('needs a signed-in applicant', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/invitation?code=FK0001', headers: { host: hosts['0177'] } })).statusCode).toBe(401);
  });

  it.each([['FK0001'], ['FK0002'], ['FK0003'], ['ＦＫ０００２']])('accepts %s with 204 and no body', async (code) => {
    const response = await check(code);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it.each([
    ['FK9901', 'expired'],
    ['KM0001', 'another bank’s'],
    ['ZZ0000', 'unknown'],
  ])('answers 404 with the screen message for %s (%s)', async (code) => {
    const response = await check(code);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(notFound);
  });

  it('answers 404 for a code before its window opens and 204 once it has', async () => {
    const early = await createStepsApp(app.deps.db, '2025-09-30T23:59:59+09:00');
    try {
      const who = await applicant(early);
      expect((await check('FK0003', who)).statusCode).toBe(404);
    } finally {
      await early.close();
    }
    const onTime = await createStepsApp(app.deps.db, '2025-10-01T00:00:00+09:00');
    try {
      expect((await check('FK0003', await applicant(onTime))).statusCode).toBe(204);
    } finally {
      await onTime.close();
    }
  });

  it('accepts the other bank’s code on its own host', async () => {
    expect((await check('KM0001', await applicant(app, { host: hosts['0587'] }))).statusCode).toBe(204);
  });

  it.each([['FK001'], ['FK00011'], ['FK-001']])('refuses the malformed code %s with 400', async (code) => {
    const response = await check(code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ field: 'code', message: messages.invitationCodeLength }] });
  });
});
