import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { fixedClock } from '../../src/adapters/clock.ts';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/database.ts';
import type { ApplicationStatus } from '../../src/db/schema.ts';
import { insertPageView } from '../../src/db/repositories/page-views-repository.ts';
import { toJapanIso } from '../../src/services/platform/japan-iso-time.ts';
import { runRetention, runRetentionIfDue } from '../../src/services/platform/retention.ts';
import { absoluteLimitMs, idleLimitMs } from '../../src/services/platform/sessions.ts';
import { forEachDialect } from '../helpers/databases.ts';

// Issue 12: the retention job removes what is due under the configured policy and nothing else,
// and only one of several instances runs each time. Rows are written straight into the tables, each
// with its own age, just inside or just outside its limit.

const now = new Date('2026-07-15T03:00:00+09:00').getTime();
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const policy = loadConfig({ NODE_ENV: 'test' }).retention;

async function application(db: Db, label: string, updatedAgo: number, options: { status?: ApplicationStatus; completed?: boolean } = {}) {
  const id = randomUUID();
  const at = now - updatedAgo;
  await db.kysely
    .insertInto('applications')
    .values({
      id,
      bankCode: '0177',
      applicationType: 'CHILD',
      status: options.status ?? 'DRAFT',
      mailAddress: `${label}@example.jp`,
      mailHash: `hash-${label}`,
      deviceId: null,
      channel: null,
      lastName: '山田',
      firstName: label,
      createdAt: at - day,
      updatedAt: at,
      completedAt: options.completed ? at : null,
      applicationNumber: options.completed ? `0177-${label}` : null,
    } as never)
    .execute();
  // What hangs on it: a parent, an eKYC session with a webhook receipt, a document, a session.
  const providerSessionId = `prov-${id}`;
  await db.kysely
    .insertInto('applicationParents')
    .values({ applicationId: id, lastName: '山田', firstName: '親', createdAt: at, updatedAt: at } as never)
    .execute();
  await db.kysely
    .insertInto('ekycSessions')
    .values({
      id: randomUUID(),
      applicationId: id,
      attempt: 1,
      providerSessionId,
      method: 'PHOTO_ID_AND_FACE',
      providerStatus: 'PASSED',
      status: 4,
      supplementRequired: 0,
      url: 'https://ekyc.example/s',
      webhookAt: null,
      pulledAt: null,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  await db.kysely
    .insertInto('webhookReceipts')
    .values({ providerSessionId, providerStatus: 'PASSED', bodySha256: 'x'.repeat(64), receivedAt: at })
    .execute();
  await db.kysely
    .insertInto('documents')
    .values({
      id: randomUUID(),
      applicationId: id,
      type: 'INDIVIDUAL_NUMBER_CARD',
      contentType: 'image/jpeg',
      size: 3,
      sha256: 'y'.repeat(64),
      bytes: new Uint8Array([1, 2, 3]),
      createdAt: at,
    })
    .execute();
  // A session that ended long ago but belongs to the application (removed with it, or by age).
  await session(db, `${label}-own`, { lastSeenAgo: updatedAgo, applicationId: id });
  return id;
}

async function session(db: Db, label: string, ages: { lastSeenAgo: number; createdAgo?: number; revokedAgo?: number; applicationId?: string | null }) {
  const id = randomUUID();
  await db.kysely
    .insertInto('authSessions')
    .values({
      id,
      tokenHash: `token-${label}-${id}`,
      bankCode: '0177',
      applicationType: 'GENERAL',
      deviceId: null,
      mailAddress: `${label}@example.jp`,
      applicationId: ages.applicationId ?? null,
      createdAt: now - (ages.createdAgo ?? ages.lastSeenAgo),
      lastSeenAt: now - ages.lastSeenAgo,
      revokedAt: ages.revokedAgo === undefined ? null : now - ages.revokedAgo,
    })
    .execute();
  return id;
}

async function verificationCode(db: Db, label: string, createdAgo: number) {
  const id = randomUUID();
  await db.kysely
    .insertInto('verificationCodes')
    .values({
      id,
      bankCode: '0177',
      applicationType: 'GENERAL',
      mailHash: `h-${label}`,
      mailAddress: `${label}@example.jp`,
      codeHash: 'c',
      expiresAt: now - createdAgo + 10 * minute,
      createdAt: now - createdAgo,
    })
    .execute();
  return id;
}

async function outboxMail(db: Db, label: string, createdAgo: number) {
  await db.kysely
    .insertInto('mailOutbox')
    .values({
      bankCode: '0177',
      toAddress: `${label}@example.jp`,
      subject: label,
      textBody: '認証コード 123456',
      createdAt: now - createdAgo,
      sentAt: now - createdAgo,
    })
    .execute();
}

async function pageView(db: Db, path: string, createdAgo: number) {
  const at = now - createdAgo;
  await insertPageView(
    db,
    { bankCode: '0177', applicationType: 'GENERAL', path, deviceId: `device-${path}`, channel: null, createdAt: at },
    toJapanIso(at).slice(0, 10),
  );
}

const ids = async (db: Db, table: 'applications' | 'authSessions' | 'verificationCodes') =>
  (await db.kysely.selectFrom(table).select('id').execute()).map((r) => r.id).sort();

forEachDialect((dialect) => {
  it('removes what is due under the policy (codes 1 day, ended sessions 1 day, outbox 7 days, drafts 30 days, raw page views 90 days) and nothing else', async () => {
    const db = await dialect.createDb();
    // Verification codes: a day after creation.
    const oldCode = await verificationCode(db, 'old-code', day + minute);
    const newCode = await verificationCode(db, 'new-code', day - minute);
    // Sessions: a day after they ended.
    const idleLong = await session(db, 'idle-long', { lastSeenAgo: idleLimitMs + day + minute });
    const idleRecent = await session(db, 'idle-recent', { lastSeenAgo: idleLimitMs + day - minute });
    const revokedLong = await session(db, 'revoked-long', { lastSeenAgo: 2 * minute, revokedAgo: day + minute, createdAgo: hour });
    const revokedRecent = await session(db, 'revoked-recent', { lastSeenAgo: 2 * minute, revokedAgo: day - minute, createdAgo: hour });
    const pastAbsolute = await session(db, 'past-absolute', { lastSeenAgo: minute, createdAgo: absoluteLimitMs + day + minute });
    const active = await session(db, 'active', { lastSeenAgo: minute, createdAgo: hour });
    // Outbox: 7 days.
    await outboxMail(db, 'mail-old', 7 * day + minute);
    await outboxMail(db, 'mail-new', 7 * day - minute);
    // Applications: drafts unchanged for 30 days go, with everything hanging on them.
    const abandoned = await application(db, 'abandoned', 30 * day + minute);
    const abandonedReady = await application(db, 'abandoned-ready', 45 * day, { status: 'READY' });
    const recentDraft = await application(db, 'recent', 30 * day - minute);
    const completedLongAgo = await application(db, 'completed', 400 * day, { status: 'COMPLETED', completed: true });
    // Raw page views: 90 days; the funnel's daily roll-up keeps its counts.
    await pageView(db, '/term', 90 * day + minute);
    await pageView(db, '/personal', 90 * day - minute);
    const rollUp = () => db.kysely.selectFrom('pageViewDays').select(['path', 'views']).orderBy('path').execute();
    const countsBefore = await rollUp();

    const report = await runRetention(db, fixedClock(new Date(now)), policy);
    // Sessions: the three ended over a day ago, and the four applications' own (each ended when its application was last changed, weeks ago).
    // Two drafts erased: the erased bytes left the files too (spaceReclaimed, decision 0250).
    expect(report).toEqual({
      verificationCodes: 1,
      sessions: 3 + 4,
      outboxMails: 1,
      applications: 2,
      decidedApplications: 0,
      pageViews: 1,
      spaceReclaimed: true,
    });
    expect((await db.kysely.selectFrom('pageViews').select('path').execute()).map((r) => r.path)).toEqual(['/personal']);
    expect(await rollUp()).toEqual(countsBefore);
    expect(countsBefore).toEqual([
      { path: '/personal', views: 1 },
      { path: '/term', views: 1 },
    ]);

    expect(await ids(db, 'verificationCodes')).toEqual([newCode].sort());
    expect(await ids(db, 'applications')).toEqual([recentDraft, completedLongAgo].sort());
    const sessions = await ids(db, 'authSessions');
    for (const kept of [idleRecent, revokedRecent, active]) expect(sessions).toContain(kept);
    for (const gone of [idleLong, revokedLong, pastAbsolute]) expect(sessions).not.toContain(gone);
    expect(sessions).toHaveLength(3);
    expect(await ids(db, 'verificationCodes')).not.toContain(oldCode);
    expect((await db.kysely.selectFrom('mailOutbox').select('subject').execute()).map((r) => r.subject)).toEqual(['mail-new']);
    // Nothing of the erased drafts is left anywhere; the kept ones keep all of theirs.
    for (const table of ['applicationParents', 'ekycSessions', 'documents'] as const) {
      const left = (await db.kysely.selectFrom(table).select('applicationId').execute()).map((r) => r.applicationId).sort();
      expect(left, table).toEqual([recentDraft, completedLongAgo].sort());
    }
    const receipts = (await db.kysely.selectFrom('webhookReceipts').select('providerSessionId').execute()).map((r) => r.providerSessionId).sort();
    expect(receipts).toEqual([`prov-${recentDraft}`, `prov-${completedLongAgo}`].sort());
    for (const gone of [abandoned, abandonedReady]) {
      expect(await db.kysely.selectFrom('authSessions').select('id').where('applicationId', '=', gone).execute()).toEqual([]);
    }

    // A second run at the same time finds nothing more.
    expect(await runRetention(db, fixedClock(new Date(now)), policy)).toEqual({
      verificationCodes: 0,
      sessions: 0,
      outboxMails: 0,
      applications: 0,
      decidedApplications: 0,
      pageViews: 0,
      spaceReclaimed: false,
    });
  });

  it('follows the configured policy (RETENTION_* variables)', async () => {
    const db = await dialect.createDb();
    const custom = loadConfig({
      NODE_ENV: 'test',
      RETENTION_ABANDONED_DRAFTS_DAYS: '90',
      RETENTION_MAIL_OUTBOX_DAYS: '1',
      RETENTION_PAGE_VIEWS_DAYS: '7',
    }).retention;
    const draft = await application(db, 'sixty-days', 60 * day);
    await outboxMail(db, 'two-days', 2 * day);
    await pageView(db, '/term', 8 * day);
    const report = await runRetention(db, fixedClock(new Date(now)), custom);
    expect(report).toMatchObject({ applications: 0, outboxMails: 1, pageViews: 1 });
    expect(await ids(db, 'applications')).toEqual([draft]);
  });

  it('with several instances ticking at once, exactly one runs; the next run is due an interval later', async () => {
    const db = await dialect.createDb();
    await verificationCode(db, 'old', 2 * day);
    const clock = fixedClock(new Date(now));
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((holder) => runRetentionIfDue(db, clock, policy, holder)));
    expect(results.filter((r) => r !== null)).toEqual([
      { verificationCodes: 1, sessions: 0, outboxMails: 0, applications: 0, decidedApplications: 0, pageViews: 0, spaceReclaimed: false },
    ]);
    // Not due again before the interval has passed.
    expect(await runRetentionIfDue(db, fixedClock(new Date(now + policy.intervalMs - 1)), policy, 'a')).toBeNull();
    expect(await runRetentionIfDue(db, fixedClock(new Date(now + policy.intervalMs)), policy, 'b')).not.toBeNull();
    const run = await db.kysely.selectFrom('jobRuns').selectAll().where('name', '=', 'retention').executeTakeFirstOrThrow();
    expect(JSON.parse(run.lastReport!)).toEqual({
      verificationCodes: 0,
      sessions: 0,
      outboxMails: 0,
      applications: 0,
      decidedApplications: 0,
      pageViews: 0,
      spaceReclaimed: false,
    });
    expect(run.holder).toBe('b');
  });

  it('keeps when a run failed and when one last succeeded, for the alerts (koza_job_last_*_timestamp_seconds)', async () => {
    const db = await dialect.createDb();
    // The page views cannot be deleted: the run fails after its claim.
    await sql`alter table page_views rename to page_views_away`.execute(db.kysely);
    await expect(runRetentionIfDue(db, fixedClock(new Date(now)), policy, 'a')).rejects.toThrow();
    const failed = await db.kysely.selectFrom('jobRuns').selectAll().where('name', '=', 'retention').executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ lastFailedAt: now, lastSucceededAt: null });
    await sql`alter table page_views_away rename to page_views`.execute(db.kysely);
    expect(await runRetentionIfDue(db, fixedClock(new Date(now + policy.intervalMs)), policy, 'a')).not.toBeNull();
    const succeeded = await db.kysely.selectFrom('jobRuns').selectAll().where('name', '=', 'retention').executeTakeFirstOrThrow();
    expect(succeeded).toMatchObject({ lastFailedAt: now, lastSucceededAt: now + policy.intervalMs });
  });
});
