// Micro-benchmarks of the API's hot paths, old way against new way in the same process (decision
// 0121–0123): ratios inside one process hold on a busy machine where whole-server figures do not.
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { getBank } from '@koza/domain/banks/banks';
import { formatIsoDate, toJapanDate } from '@koza/domain/dates';
import { personalSchema } from '@koza/domain/steps/personal';
import { validateStep } from '@koza/domain/steps/validate-step';
import { openDatabase } from '../../apps/api/src/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/db/migrate.ts';
import { findLiveSession } from '../../apps/api/src/db/repositories/sessions-repository.ts';
import { keyedHash } from '../../apps/api/src/services/platform/keyed-hash.ts';
import { memoised } from '../../apps/api/src/services/platform/schema-cache.ts';
import { personalPayload } from './applicant.ts';
import type { Row } from './common.ts';
import { log } from './common.ts';

/** Mean microseconds per call of `fn` over about `ms` milliseconds (after a warm-up). */
async function perCall(fn: () => unknown, ms = 1500): Promise<number> {
  for (let i = 0; i < 200; i++) await fn();
  let calls = 0;
  const started = performance.now();
  while (performance.now() - started < ms) {
    for (let i = 0; i < 50; i++) await fn();
    calls += 50;
  }
  return ((performance.now() - started) * 1000) / calls;
}

const us = (n: number) => `${n < 10 ? n.toFixed(1) : n.toFixed(0)} µs`;
const pair = (section: string, name: string, before: number, after: number): Row => {
  log(`${name}: ${us(before)} → ${us(after)}`);
  return { section, name, value: `${us(before)} → ${us(after)} a call (×${(before / after).toFixed(1)} faster)` };
};

export async function measureMicro(): Promise<Row[]> {
  const rows: Row[] = [];
  const section = 'API hot paths (old → new)';

  // The personal save's schema: built per request, or once per context.
  const bank = getBank('0177');
  const ctxOf = () => ({
    today: formatIsoDate(toJapanDate(new Date())),
    applicationType: 'GENERAL' as const,
    homePrefecture: bank.homePrefecture,
    asksDistanceReason: bank.asksDistanceReason,
    purposeChoices: bank.purposeChoices,
  });
  const cached = memoised((c: ReturnType<typeof ctxOf>) => `${c.today}|${c.homePrefecture}`, personalSchema);
  const body = JSON.parse(JSON.stringify(personalPayload)) as unknown;
  rows.push(
    pair(
      section,
      'personal validation (schema built per request → built once)',
      await perCall(() => validateStep(personalSchema({ ...ctxOf(), today: new Date() }), body)),
      await perCall(() => validateStep(cached(ctxOf()), body)),
    ),
  );

  // The token HMAC: raw key bytes each call, or a KeyObject made once.
  const key = randomBytes(32);
  const token = randomBytes(32).toString('base64url');
  rows.push(
    pair(
      section,
      'token HMAC (raw key → KeyObject)',
      await perCall(() => createHmac('sha256', key).update('5:token').update(`43:${token}`).digest('hex')),
      await perCall(() => keyedHash(key, 'token', token)),
    ),
  );

  // Authentication on SQLite: UPDATE … RETURNING on every call, or a SELECT (the touch once a minute).
  const db = await openDatabase({ dialect: 'sqlite', path: ':memory:' });
  try {
    await migrateToLatest(db);
    await sql`PRAGMA foreign_keys = OFF`.execute(db.kysely);
    const now = Date.now();
    const rowsToInsert = Array.from({ length: 2000 }, (_, i) => ({
      id: `s${i}`,
      tokenHash: keyedHash(key, 'token', `t${i}`),
      bankCode: '0177',
      applicationType: 'GENERAL',
      deviceId: null,
      mailAddress: `m${i}@example.jp`,
      applicationId: `a${i}`,
      createdAt: now,
      lastSeenAt: now,
      revokedAt: null,
    }));
    for (let i = 0; i < rowsToInsert.length; i += 200)
      await db.kysely
        .insertInto('authSessions')
        .values(rowsToInsert.slice(i, i + 200))
        .execute();
    let n = 0;
    const q = () => ({ tokenHash: rowsToInsert[n++ % rowsToInsert.length]!.tokenHash, bankCode: '0177', idleSince: 0, createdSince: 0 });
    const touchEveryCall = () => {
      const x = q();
      return db.kysely
        .updateTable('authSessions')
        .set({ lastSeenAt: Date.now() })
        .where('tokenHash', '=', x.tokenHash)
        .where('bankCode', '=', x.bankCode)
        .where('revokedAt', 'is', null)
        .where('lastSeenAt', '>', x.idleSince)
        .where('createdAt', '>', x.createdSince)
        .returning(['id', 'applicationId', 'bankCode', 'applicationType', 'mailAddress', 'deviceId'])
        .executeTakeFirst();
    };
    rows.push(pair(section, 'session lookup on SQLite (write per call → read)', await perCall(touchEveryCall), await perCall(() => findLiveSession(db, q()))));
  } finally {
    await db.close();
  }
  return rows;
}
