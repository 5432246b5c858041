import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, parseDatabaseUrl } from '../../src/db/database.ts';
import { runRetentionIfDue } from '../../src/services/platform/retention.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { startFakeProvider } from '../helpers/fake-provider.ts';
import type { FakeProvider } from '../helpers/fake-provider.ts';
import { testTempDir } from '../helpers/app.ts';
import { metricValue, runToExit } from '../helpers/instances.ts';
import { exportedLabels, metricContract } from '../helpers/operations-files.ts';
import { finishEkycWithWebhook, postEmpty, readyApplicant } from '../helpers/ready-application.ts';
import { approveByTwo, createAdminApp, insertCompletedApplication, makeStaff, runExporter, signInStaff } from '../staff/admin-helpers.ts';

// The metrics are a contract (issue 36, decision 0224): an instance serving its metrics listener, one
// application driven from sign-in through eKYC and completion to its approval (the hand-over), the
// command-line jobs run against the same database (a failed and a good backup, the audit-chain check)
// and a retention run; then every metric the alert rules (deploy/prometheus/) and the dashboard
// (deploy/grafana/) use, read from those files, is exported with every label they use.

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake?.close());

/** The PostgreSQL pool's gauge: a SQLite database has no pool, so no such series there. */
const postgresOnly = new Set(['koza_db_pool_connections']);

forEachDialect((dialect) => {
  it('exports every metric the alert rules and the dashboard use, with their labels, after one application went through', async () => {
    const url = await dialect.createDatabaseUrl();
    const db = await openDatabase(parseDatabaseUrl(url));
    const app = await createAdminApp(db, { env: { EKYC_PROVIDER_URL: fake.url, PUBLIC_BASE_URL: 'http://127.0.0.1:9' }, now: '2026-06-15T10:00:00+09:00' });
    try {
      const port = await app.metrics.serve('127.0.0.1', 0);
      const a = await readyApplicant(app);
      await finishEkycWithWebhook(a, fake, 'PASSED');
      expect((await postEmpty(a, '/api/application-complete')).statusCode).toBe(200);
      const proposer = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const approver = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      expect((await approveByTwo(proposer, approver, a.applicationId)).statusCode).toBe(200);
      expect((await runExporter(app)).exported).toBe(1);
      // A second approval waits in the outbox when scraped (decision 0249).
      const waiting = await insertCompletedApplication(app);
      expect((await approveByTwo(approver, proposer, waiting.id)).statusCode).toBe(200);

      // The jobs: retention inside the API; backup (first refused, then good) and the audit-chain check by cron.
      expect(await runRetentionIfDue(db, app.clock, app.deps.config.retention, 'contract-test')).not.toBeNull();
      const cli = (script: string, env: Record<string, string> = {}) =>
        runToExit(
          [`apps/api/src/${script}`],
          { NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: url, BACKUP_DIR: testTempDir('backup-'), ...env },
          60_000,
        );
      expect((await cli('main-backup.ts', { BACKUP_KEEP: '0' })).code).toBe(1);
      const backup = await cli('main-backup.ts');
      expect(backup.code, backup.output).toBe(0);
      const verified = await cli('main-audit-verify.ts');
      expect(verified.code, verified.output).toBe(0);

      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scraped.status).toBe(200);
      const text = await scraped.text();
      const exported = exportedLabels(text);
      for (const source of ['rules', 'dashboard'] as const) {
        const contract = metricContract(source);
        expect(contract.size, `${source}: metrics found`).toBeGreaterThan(10);
        for (const [metric, labels] of contract) {
          if (dialect.name === 'sqlite' && postgresOnly.has(metric)) {
            expect(exported.has(metric), metric).toBe(false);
            continue;
          }
          expect(exported.has(metric), `${metric} (used by the ${source}) is exported`).toBe(true);
          for (const label of labels) expect(exported.get(metric)!.has(label), `${metric} carries the label "${label}" the ${source} use`).toBe(true);
        }
      }

      // What the application and the jobs left behind, as the alerts read it.
      const now = Date.now() / 1000;
      expect(metricValue(text, 'koza_ready')).toBe(1);
      expect(metricValue(text, 'koza_ekyc_starts_total', { result: 'ok' })).toBe(1);
      expect(metricValue(text, 'koza_ekyc_webhooks_total', { result: 'ok' })).toBe(1);
      expect(metricValue(text, 'koza_handovers_total', { result: 'ok' })).toBe(1);
      expect(metricValue(text, 'koza_handovers_total', { result: 'failed' })).toBe(0);
      expect(metricValue(text, 'koza_handover_outbox_entries')).toBe(1);
      expect(metricValue(text, 'koza_handover_outbox_oldest_approval_timestamp_seconds')).toBe(app.clock.now().getTime() / 1000);
      expect(metricValue(text, 'koza_applications', { bank: '0177', status: 'APPROVED' })).toBe(2);
      for (const job of ['backup', 'audit-verify'])
        expect(metricValue(text, 'koza_job_last_success_timestamp_seconds', { name: job })).toBeGreaterThan(now - 120);
      expect(metricValue(text, 'koza_job_last_failure_timestamp_seconds', { name: 'backup' })).toBeGreaterThan(now - 120);
      expect(metricValue(text, 'koza_job_last_success_timestamp_seconds', { name: 'retention' })).toBe(app.clock.now().getTime() / 1000);
      for (const dir of ['data', 'handover']) expect(metricValue(text, 'koza_disk_free_bytes', { dir })).toBeGreaterThan(0);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
