import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDialect } from '../helpers/databases.ts';
import { startFakeProvider } from '../helpers/fake-provider.ts';
import type { FakeProvider } from '../helpers/fake-provider.ts';
import { createEkycApp, finishEkycWithWebhook, postEmpty, readyApplicant } from '../helpers/ready-application.ts';

// Completions at the same time: the counter row is advanced inside each completing transaction
// (PostgreSQL: row lock of UPDATE … RETURNING, several pool connections really in parallel;
// SQLite: BEGIN IMMEDIATE, one writer at a time), so numbers are distinct and without gaps.

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake?.close());

forEachDialect((dialect) => {
  it('gives 20 concurrent completions of 20 applications 20 distinct numbers, 1 to 20', async () => {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: fake.url });
    try {
      const applicants = [];
      for (let i = 0; i < 20; i++) {
        const a = await readyApplicant(app);
        await finishEkycWithWebhook(a, fake, 'PASSED');
        applicants.push(a);
      }
      const answers = await Promise.all(applicants.map((a) => postEmpty(a, '/api/application-complete')));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const numbers = answers.map((r) => (r.json() as { applicationNumber: string }).applicationNumber);
      expect(new Set(numbers).size).toBe(20);
      expect(numbers.map((n) => Number(n.split('-')[2])).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      // What each applicant was told is what was stored for it.
      for (const [i, a] of applicants.entries()) expect((await a.row()).applicationNumber).toBe(numbers[i]);
    } finally {
      await app.close();
    }
  });

  it('gives the same application one number when its completion is sent five times at once', async () => {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: fake.url });
    try {
      const a = await readyApplicant(app);
      await finishEkycWithWebhook(a, fake, 'PASSED');
      const answers = await Promise.all(Array.from({ length: 5 }, () => postEmpty(a, '/api/application-complete')));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
      expect(new Set(answers.map((r) => r.body)).size).toBe(1);
      const counter = await db.kysely.selectFrom('applicationNumberCounters').select('nextNumber').where('bankCode', '=', '0177').executeTakeFirst();
      expect(counter?.nextNumber).toBe(2); // one number taken
    } finally {
      await app.close();
    }
  });
});
