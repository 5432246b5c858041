import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/database.ts';
import type { DatabaseLocation } from '../db/database.ts';
import { prepareReferenceData } from './reference-data.ts';

// The worker thread of loadReferenceDataApart (reference-data.ts): prepareReferenceData on a
// connection of its own; its log lines go to the starting thread.

const { location } = workerData as { location: DatabaseLocation };
const db = await openDatabase(location, { requestTimeouts: false, poolMax: 1 });
try {
  await prepareReferenceData(db, (line) => parentPort?.postMessage(line));
} finally {
  await db.close();
}
