import { openDatabase } from '../apps/api/src/db/database.ts';
import { personalPayload } from '../scripts/bench/applicant.ts';
const db = await openDatabase({ dialect: 'sqlite', path: ':memory:' });
const k = db.kysely;
const bench = (name: string, f: () => unknown) => { for (let i = 0; i < 2000; i++) f(); const n = 20000, t = performance.now(); for (let i = 0; i < n; i++) f(); console.log(name, ((performance.now() - t) / n * 1000).toFixed(1), 'µs'); };
bench('select findById compile', () => k.selectFrom('applications').selectAll().where('id', '=', 'abc').compile());
const values = Object.fromEntries(Object.keys(personalPayload).map((key) => [key, 'x']));
bench('update 30 cols compile', () => k.updateTable('applications').set(values as never).where('id', '=', 'a').where('status', '=', 'DRAFT').where('pinSetAt', 'is', null).compile());
bench('ekyc join compile', () => k.selectFrom('applications as a').leftJoin('ekycSessions as e', 'e.applicationId', 'a.id').selectAll('e').select('a.bankCode as b').where('a.id', '=', 'x').orderBy('e.attempt', 'desc').limit(1).compile());
