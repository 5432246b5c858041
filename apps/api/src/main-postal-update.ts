import { readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { toJapanIso } from './services/platform/japan-iso-time.ts';
import { applyPostalUpdate, planPostalUpdate } from './services/platform/postal-update.ts';

// `npm run postal:update -- FILE [--date YYYY-MM-DD] [--dry-run] [--allow-count-change]`: loads a Japan
// Post KEN_ALL file the operator downloaded (https://www.post.japanpost.jp/zipcode/download.html,
// unzipped: KEN_ALL.CSV, Shift_JIS) into DATABASE_URL's postal table (docs/decisions/0213-postal-data-updates.md).
// Checks it, prints what changes, and replaces the table in one transaction — or, with --dry-run,
// only prints. --date is the date of Japan Post's data (shown on /api/health and in the back office;
// default: the file's modification date). Take a backup first (`npm run backup`).
// Exit 0: loaded (or dry run passed); 2: refused by a check; 1: failed.

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const dateAt = args.indexOf('--date');
const date = dateAt >= 0 ? args[dateAt + 1] : undefined;
const files = args.filter((a, i) => !a.startsWith('--') && !(dateAt >= 0 && i === dateAt + 1));

try {
  if (files.length !== 1) throw new Error('usage: npm run postal:update -- KEN_ALL.CSV [--date YYYY-MM-DD] [--dry-run] [--allow-count-change]');
  if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error('--date: YYYY-MM-DD');
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
  const config = loadConfig();
  const db = await openDatabase(config.database, { requestTimeouts: false, poolMax: 2 });
  try {
    await migrateToLatest(db);
    const bytes = readFileSync(file);
    const { plan, rows } = await planPostalUpdate(db, bytes, { allowCountChange: flag('--allow-count-change') });
    const dataDate = date ?? toJapanIso(statSync(file).mtimeMs).slice(0, 10);
    const list = (items: string[]) =>
      items.length === 0 ? 'none' : items.length > 20 ? `${items.slice(0, 20).join(', ')} … (${items.length})` : items.join(', ');
    console.log(`postal update from ${basename(file)} (${plan.encoding}, sha256 ${plan.sha256.slice(0, 16)}…, data of ${dataDate})`);
    console.log(
      `  lines read ${plan.stats.lines}; joined ${plan.stats.joined}; notes removed ${plan.stats.notesRemoved}; no-town rows ${plan.stats.noTown}; duplicates ${plan.stats.duplicates}`,
    );
    console.log(`  rows ${plan.rowsBefore} → ${plan.rowsAfter} (${plan.rowsAfter - plan.rowsBefore >= 0 ? '+' : ''}${plan.rowsAfter - plan.rowsBefore})`);
    console.log(`  postal codes: +${plan.postalCodesAdded} −${plan.postalCodesRemoved}; towns: +${plan.townsAdded} −${plan.townsRemoved}`);
    console.log(`  municipalities added: ${list(plan.municipalitiesAdded)}`);
    console.log(`  municipalities removed: ${list(plan.municipalitiesRemoved)}`);
    if (plan.problems.length > 0) {
      console.error('refused, nothing changed:');
      for (const p of plan.problems) console.error(`  - ${p}`);
      process.exitCode = 2;
    } else if (flag('--dry-run')) {
      console.log('dry run: every check passed; nothing changed');
    } else {
      const t0 = Date.now();
      await applyPostalUpdate(db, rows, { sha256: plan.sha256, fileName: basename(file), dataDate }, Date.now());
      console.log(`postal table replaced in one transaction: ${rows.length} rows in ${Date.now() - t0} ms`);
    }
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
