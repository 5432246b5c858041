import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { SQLInputValue } from 'node:sqlite';

// The simulator's own storage: a small SQLite schema, nothing shared with the API's database.
// Captured images are kept with their session, as a real provider keeps what it checked, so that the
// bank's reviewer can see them through the API (GET /v1/sessions/{id}/images/{kind}); they go with
// the session when it is purged (7 days). Times are epoch milliseconds.

export type Method = 'PHOTO_ID_AND_FACE' | 'JPKI';
/** What a session was actually checked by: its method, or IC-chip reading with a face photo chosen on a JPKI session's page. */
export type UsedMethod = Method | 'IC_CHIP_AND_FACE';
export type SessionStatus = 'CREATED' | 'SUBMITTED' | 'PASSED' | 'ADDRESS_MISMATCH' | 'FAILED' | 'EXPIRED';
export type Outcome = 'PASSED' | 'ADDRESS_MISMATCH' | 'FAILED';

export interface Applicant {
  readonly name: string;
  readonly birthday: string;
  readonly address: string;
  /** 男 / 女 as the bank sent it (optional: the JPKI certificate's fourth item). */
  readonly gender?: string;
}

/** What the document read gave for some fields, overriding the derived reading (tests, /simulate). */
export type ReadOverride = Partial<Applicant>;

export interface CaptureInfo {
  readonly type: string;
  readonly bytes: number;
  readonly sha256: string;
}

export interface SessionRow {
  readonly id: string;
  readonly tokenHash: string;
  readonly reference: string;
  readonly method: Method;
  /** IC_CHIP_AND_FACE when the applicant chose IC-chip reading on a JPKI session's page; else null. */
  readonly usedMethod: UsedMethod | null;
  readonly status: SessionStatus;
  readonly returnUrl: string;
  readonly callbackUrl: string;
  readonly applicant: Applicant;
  /** A child application's child (the customer), whose own card's IC chip and face this session also checks; else null. */
  readonly child: Applicant | null;
  /** When the child's card was read, and the child's face taken. */
  readonly childCardReadAt: number | null;
  readonly childFaceAt: number | null;
  /** PHOTO_ID_AND_FACE: one entry per capture step; JPKI: null. */
  readonly captures: Readonly<Record<string, CaptureInfo>> | null;
  /** Fields the document read should give instead of the derived ones (POST /simulate `read`), or null. */
  readonly readOverride: ReadOverride | null;
  /** JPKI: when the (simulated) app read the card. */
  readonly cardReadAt: number | null;
  readonly pendingOutcome: Outcome | null;
  readonly decideAt: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly expiresAt: number;
  readonly submittedAt: number | null;
  readonly decidedAt: number | null;
}

export interface DeliveryRow {
  readonly id: number;
  readonly sessionId: string;
  readonly url: string;
  readonly body: string;
  readonly attempts: number;
  readonly nextAttemptAt: number | null;
  readonly deliveredAt: number | null;
  readonly lastError: string | null;
  readonly createdAt: number;
}

const schemaVersion = 5;

/** Version 2: the document read a test asked for (POST /simulate `read`). */
const schemaV2 = 'ALTER TABLE sessions ADD COLUMN read_override TEXT;';

/** Version 3: the captured images themselves (issue 33: the reviewer sees what the provider checked). */
const schemaV3 = `
CREATE TABLE images (
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  content_type TEXT NOT NULL,
  bytes BLOB NOT NULL,
  PRIMARY KEY (session_id, kind)
);`;

/** Version 4: the method chosen at the provider (issue 33 item 4: IC-chip reading with a face photo). */
const schemaV4 = "ALTER TABLE sessions ADD COLUMN used_method TEXT CHECK (used_method IN ('IC_CHIP_AND_FACE'));";

/**
 * Version 5: a child application's child, whose own IC-chip card and face the parent's session also
 * checks (the bank's service from the amended ordinance on), and when each was done.
 */
const schemaV5 = `
ALTER TABLE sessions ADD COLUMN child TEXT;
ALTER TABLE sessions ADD COLUMN child_card_read_at INTEGER;
ALTER TABLE sessions ADD COLUMN child_face_at INTEGER;`;

export interface StoredImage {
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

const schema = `
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL,
  reference TEXT NOT NULL,
  method TEXT NOT NULL CHECK (method IN ('PHOTO_ID_AND_FACE', 'JPKI')),
  status TEXT NOT NULL CHECK (status IN ('CREATED', 'SUBMITTED', 'PASSED', 'ADDRESS_MISMATCH', 'FAILED', 'EXPIRED')),
  return_url TEXT NOT NULL,
  callback_url TEXT NOT NULL,
  applicant TEXT NOT NULL,
  captures TEXT,
  card_read_at INTEGER,
  pending_outcome TEXT,
  decide_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  submitted_at INTEGER,
  decided_at INTEGER
);
CREATE INDEX sessions_created_expiry ON sessions (status, expires_at);
CREATE INDEX sessions_decide ON sessions (decide_at) WHERE decide_at IS NOT NULL;
CREATE TABLE webhook_deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  body TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER,
  delivered_at INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
`;

type Row = Record<string, SQLInputValue>;

export class Store {
  readonly db: DatabaseSync;

  constructor(location: string) {
    if (location !== ':memory:') mkdirSync(dirname(location), { recursive: true });
    this.db = new DatabaseSync(location);
    this.db.exec('PRAGMA foreign_keys = ON');
    if (location !== ':memory:') {
      this.db.exec('PRAGMA journal_mode = WAL');
      this.db.exec('PRAGMA busy_timeout = 5000');
    }
    this.migrate();
  }

  private migrate(): void {
    const current = (this.db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    if (current === schemaVersion) return;
    if (current > schemaVersion) throw new Error(`ekyc-sim database schema ${current} is newer than this program (${schemaVersion})`);
    this.transaction(() => {
      if (current < 1) this.db.exec(schema);
      if (current < 2) this.db.exec(schemaV2);
      if (current < 3) this.db.exec(schemaV3);
      if (current < 4) this.db.exec(schemaV4);
      if (current < 5) this.db.exec(schemaV5);
      this.db.exec(`PRAGMA user_version = ${schemaVersion}`);
    });
  }

  transaction<T>(work: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  insertSession(row: SessionRow): void {
    this.db
      .prepare(
        `INSERT INTO sessions (id, token_hash, reference, method, status, return_url, callback_url, applicant,
           captures, card_read_at, pending_outcome, decide_at, created_at, updated_at, expires_at, submitted_at, decided_at, child)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        row.id,
        row.tokenHash,
        row.reference,
        row.method,
        row.status,
        row.returnUrl,
        row.callbackUrl,
        JSON.stringify(row.applicant),
        row.captures === null ? null : JSON.stringify(row.captures),
        row.cardReadAt,
        row.pendingOutcome,
        row.decideAt,
        row.createdAt,
        row.updatedAt,
        row.expiresAt,
        row.submittedAt,
        row.decidedAt,
        row.child === null ? null : JSON.stringify(row.child),
      );
  }

  insertImage(sessionId: string, kind: string, image: StoredImage): void {
    this.db
      .prepare('INSERT OR REPLACE INTO images (session_id, kind, content_type, bytes) VALUES (?, ?, ?, ?)')
      .run(sessionId, kind, image.contentType, image.bytes);
  }

  findImage(sessionId: string, kind: string): StoredImage | null {
    const row = this.db.prepare('SELECT content_type, bytes FROM images WHERE session_id = ? AND kind = ?').get(sessionId, kind) as
      { content_type: string; bytes: Uint8Array } | undefined;
    return row ? { contentType: row.content_type, bytes: row.bytes } : null;
  }

  findSession(id: string): SessionRow | null {
    const row = this.db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as Row | undefined;
    return row ? toSession(row) : null;
  }

  /** Moves a session on, but only from one of the expected statuses (false when it had moved already). */
  updateSession(
    id: string,
    from: readonly SessionStatus[],
    changes: Partial<
      Pick<
        SessionRow,
        | 'status'
        | 'captures'
        | 'cardReadAt'
        | 'pendingOutcome'
        | 'decideAt'
        | 'submittedAt'
        | 'decidedAt'
        | 'readOverride'
        | 'usedMethod'
        | 'childCardReadAt'
        | 'childFaceAt'
      >
    > & {
      updatedAt: number;
    },
  ): boolean {
    const columns: Record<string, string> = {
      status: 'status',
      captures: 'captures',
      cardReadAt: 'card_read_at',
      pendingOutcome: 'pending_outcome',
      decideAt: 'decide_at',
      submittedAt: 'submitted_at',
      decidedAt: 'decided_at',
      updatedAt: 'updated_at',
      readOverride: 'read_override',
      usedMethod: 'used_method',
      childCardReadAt: 'child_card_read_at',
      childFaceAt: 'child_face_at',
    };
    const sets: string[] = [];
    const values: SQLInputValue[] = [];
    for (const [key, value] of Object.entries(changes)) {
      const column = columns[key];
      if (!column || value === undefined) continue;
      sets.push(`${column} = ?`);
      values.push((key === 'captures' || key === 'readOverride') && value !== null ? JSON.stringify(value) : (value as SQLInputValue));
    }
    const placeholders = from.map(() => '?').join(', ');
    const result = this.db.prepare(`UPDATE sessions SET ${sets.join(', ')} WHERE id = ? AND status IN (${placeholders})`).run(...values, id, ...from);
    return Number(result.changes) === 1;
  }

  /** CREATED sessions whose hour has passed. */
  sessionsToExpire(now: number, limit = 100): string[] {
    const rows = this.db.prepare(`SELECT id FROM sessions WHERE status = 'CREATED' AND expires_at <= ? ORDER BY expires_at LIMIT ?`).all(now, limit) as Array<{
      id: string;
    }>;
    return rows.map((r) => r.id);
  }

  /** SUBMITTED sessions whose delayed result is due. */
  sessionsToDecide(now: number, limit = 100): string[] {
    const rows = this.db
      .prepare(`SELECT id FROM sessions WHERE status = 'SUBMITTED' AND decide_at IS NOT NULL AND decide_at <= ? ORDER BY decide_at LIMIT ?`)
      .all(now, limit) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  /** Forgets sessions (and their deliveries) last touched before `before`. */
  purgeSessions(before: number): number {
    return Number(this.db.prepare('DELETE FROM sessions WHERE updated_at < ?').run(before).changes);
  }

  insertDelivery(sessionId: string, url: string, body: string, now: number): number {
    const result = this.db
      .prepare('INSERT INTO webhook_deliveries (session_id, url, body, attempts, next_attempt_at, created_at) VALUES (?, ?, ?, 0, ?, ?)')
      .run(sessionId, url, body, now, now);
    return Number(result.lastInsertRowid);
  }

  dueDeliveries(now: number, limit = 20): DeliveryRow[] {
    const rows = this.db
      .prepare('SELECT * FROM webhook_deliveries WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?')
      .all(now, limit) as Row[];
    return rows.map(toDelivery);
  }

  /** When the next delivery attempt is due (null when none is waiting). */
  nextDeliveryAt(): number | null {
    const row = this.db.prepare('SELECT MIN(next_attempt_at) AS next FROM webhook_deliveries').get() as { next: number | null };
    return row.next;
  }

  nextDecisionAt(): number | null {
    const row = this.db.prepare(`SELECT MIN(decide_at) AS next FROM sessions WHERE status = 'SUBMITTED' AND decide_at IS NOT NULL`).get() as {
      next: number | null;
    };
    return row.next;
  }

  recordAttempt(id: number, result: { deliveredAt: number | null; nextAttemptAt: number | null; error: string | null }): void {
    this.db
      .prepare('UPDATE webhook_deliveries SET attempts = attempts + 1, delivered_at = ?, next_attempt_at = ?, last_error = ? WHERE id = ?')
      .run(result.deliveredAt, result.nextAttemptAt, result.error, id);
  }

  deliveriesFor(sessionId: string): DeliveryRow[] {
    const rows = this.db.prepare('SELECT * FROM webhook_deliveries WHERE session_id = ? ORDER BY id').all(sessionId) as Row[];
    return rows.map(toDelivery);
  }
}

function toSession(row: Row): SessionRow {
  return {
    id: String(row.id),
    tokenHash: String(row.token_hash),
    reference: String(row.reference),
    method: row.method as Method,
    usedMethod: (row.used_method ?? null) as UsedMethod | null,
    status: row.status as SessionStatus,
    returnUrl: String(row.return_url),
    callbackUrl: String(row.callback_url),
    applicant: JSON.parse(String(row.applicant)) as Applicant,
    child: row.child === null || row.child === undefined ? null : (JSON.parse(String(row.child)) as Applicant),
    childCardReadAt: numberOrNull(row.child_card_read_at),
    childFaceAt: numberOrNull(row.child_face_at),
    captures: row.captures === null ? null : (JSON.parse(String(row.captures)) as Record<string, CaptureInfo>),
    readOverride: row.read_override === null || row.read_override === undefined ? null : (JSON.parse(String(row.read_override)) as ReadOverride),
    cardReadAt: numberOrNull(row.card_read_at),
    pendingOutcome: (row.pending_outcome ?? null) as Outcome | null,
    decideAt: numberOrNull(row.decide_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    expiresAt: Number(row.expires_at),
    submittedAt: numberOrNull(row.submitted_at),
    decidedAt: numberOrNull(row.decided_at),
  };
}

function toDelivery(row: Row): DeliveryRow {
  return {
    id: Number(row.id),
    sessionId: String(row.session_id),
    url: String(row.url),
    body: String(row.body),
    attempts: Number(row.attempts),
    nextAttemptAt: numberOrNull(row.next_attempt_at),
    deliveredAt: numberOrNull(row.delivered_at),
    lastError: row.last_error === null ? null : String(row.last_error),
    createdAt: Number(row.created_at),
  };
}

function numberOrNull(value: SQLInputValue | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}
