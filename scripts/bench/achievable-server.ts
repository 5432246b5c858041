// The achievable-work yardstick of GET /api/addresses (issue 22): a plain node:http server in its own
// process doing, for every request, the work the API's address lookup needs and nothing else, with
// no memory between requests:
// - the bearer token checked as the API checks it: its HMAC-SHA256 under CODE_HASH_KEY (a KeyObject
//   made once, the same length-prefixed parts as services/platform/keyed-hash.ts) and the live session read
//   from auth_sessions of the API's own SQLite file, with the API's SQL (db/prepared.ts writes it);
// - the towns read from postal_codes of that file with the API's SQL, mapped as services/applicant/addresses.ts
//   maps them, and the same JSON text written;
// - the same answer: status, the security headers (computed once, as the API does), X-Request-Id,
//   Content-Type and Cache-Control. Bodies go out uncompressed (compressing the few answers over
//   1 KiB on every request would only make this yardstick slower).
// 401 without a live session, 400 for anything but ?postalNumber=<7 digits>, 404 elsewhere.
//
// Arguments: port, SQLite file. Environment: CODE_HASH_KEY (base64), BANK_CODE (default 0177).
import { createHmac, createSecretKey, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import { apiSecurityHeaders } from '../../apps/api/src/plugins/security-headers.ts';

const port = Number(process.argv[2] ?? 0);
const file = process.argv[3];
if (!file) throw new Error('usage: achievable-server.ts <port> <sqlite file>');
const key = createSecretKey(Buffer.from(process.env.CODE_HASH_KEY ?? '', 'base64'));
const bankCode = process.env.BANK_CODE ?? '0177';
const idleLimitMs = 30 * 60_000;
const absoluteLimitMs = 3 * 3_600_000;

const db = new DatabaseSync(file, { timeout: 5000 });
const session = db.prepare(
  'select "id", "application_id", "bank_code", "application_type", "mail_address", "device_id", "created_at", "last_seen_at" from "auth_sessions" where "token_hash" = ? and "bank_code" = ? and "revoked_at" is null and "last_seen_at" > ? and "created_at" > ?',
);
const towns = db.prepare('select * from "postal_codes" where "postal_number" = ? order by "id"');

interface TownRow {
  id: number;
  address_code: string;
  prefecture: string;
  municipality: string;
  section: string;
  chome: string;
  kana_prefecture: string;
  kana_municipality: string;
  kana_section: string;
  kana_chome: string;
}

function tokenHash(token: string): string {
  const mac = createHmac('sha256', key);
  for (const part of ['token', token]) {
    const bytes = Buffer.from(part, 'utf8');
    mac.update(`${bytes.length}:`);
    mac.update(bytes);
  }
  return mac.digest('hex');
}

const fixedHeaders = Object.entries(apiSecurityHeaders(false));
const errorBody = (code: string, message: string) => JSON.stringify({ code, message });

function answer(response: ServerResponse, status: number, body: string): void {
  const headers: string[] = [];
  for (const [name, value] of fixedHeaders) headers.push(name, value);
  headers.push(
    'x-request-id',
    randomUUID(),
    'content-type',
    'application/json; charset=utf-8',
    'cache-control',
    'no-store',
    'content-length',
    String(Buffer.byteLength(body)),
  );
  response.writeHead(status, headers);
  response.end(body);
}

createServer((request, response) => {
  const url = request.url ?? '/';
  const q = url.indexOf('?');
  if ((q === -1 ? url : url.slice(0, q)) !== '/api/addresses' || request.method !== 'GET') {
    answer(response, 404, errorBody('NOT_FOUND', 'not found'));
    return;
  }
  const postalNumber = new URLSearchParams(q === -1 ? '' : url.slice(q + 1)).getAll('postalNumber');
  if (postalNumber.length !== 1 || !/^\d{7}$/.test(postalNumber[0]!)) {
    answer(response, 400, JSON.stringify({ errors: [{ field: 'postalNumber', message: 'invalid' }] }));
    return;
  }
  const token = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
  const now = Date.now();
  const live =
    token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token) ? session.get(tokenHash(token), bankCode, now - idleLimitMs, now - absoluteLimitMs) : undefined;
  if (live === undefined || live.application_id === null) {
    answer(response, 401, errorBody('UNAUTHORIZED', 'unauthorized'));
    return;
  }
  const addressList = (towns.all(postalNumber[0]!) as unknown as TownRow[]).map((r) => ({
    id: r.id,
    addressCode: r.address_code,
    prefecture: r.prefecture,
    municipality: r.municipality,
    section: r.section,
    chome: r.chome,
    kanaPrefecture: r.kana_prefecture,
    kanaMunicipality: r.kana_municipality,
    kanaSection: r.kana_section,
    kanaChome: r.kana_chome,
    addressFull: `${r.prefecture}${r.municipality}${r.section}${r.chome}`,
  }));
  answer(response, 200, JSON.stringify({ addressList }));
}).listen(port, '127.0.0.1', () => process.send?.('ready'));
