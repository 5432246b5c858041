import { ConfigError, loadConfig } from './config.ts';
import { verifyAuditChain } from './db/audit-chain.ts';
import { openDatabase } from './db/database.ts';
import { auditChainRows } from './db/repositories/audit-repository.ts';
import { recordJobOutcome } from './db/repositories/operations-repository.ts';

// `npm run audit:verify`: walks the audit log's hash chain (docs/decisions/0204-audit-tamper-evidence.md)
// on DATABASE_URL and reports the first broken row, or the head (last id and hash) to keep elsewhere:
// a copy of the head taken now shows later whether the rows up to it were rewritten wholesale.
// Exit 0: intact; 1: broken (or the database could not be read). The result is also written to the
// job_runs row `audit-verify` (decision 0222): every API instance exports it for the alerts.

try {
  const config = loadConfig();
  const db = await openDatabase(config.database);
  try {
    const report = await verifyAuditChain(auditChainRows(db));
    await recordJobOutcome(db, 'audit-verify', report.ok ? 'succeeded' : 'failed', Date.now(), JSON.stringify({ rows: report.rows })).catch((error: unknown) =>
      console.error(`verification result not recorded in the database: ${error instanceof Error ? error.message : String(error)}`),
    );
    if (report.ok) {
      const head = report.head ? `head id ${report.head.id} sha256 ${report.head.hash}` : 'no chained row yet';
      console.log(`audit log intact: ${report.rows} rows (${report.unchained} from before the chain); ${head}`);
    } else {
      console.error(`audit log BROKEN at row id ${report.brokenAt}: ${report.reason} (${report.rows} rows read)`);
      process.exitCode = 1;
    }
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
