import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Applicant, CaptureInfo, Method, Outcome, ReadOverride, SessionRow, SessionStatus, Store, StoredImage, UsedMethod } from './store.ts';

// What happens to a session: created by the bank's server, opened by the applicant's browser with
// its token, submitted once, decided once (the result never changes afterwards), expired when left
// alone for an hour. Every decision queues exactly one webhook in the same transaction.

export const sessionLifetimeMs = 60 * 60 * 1000;
/** Sessions untouched this long are deleted with their deliveries (they hold personal data). */
export const retentionMs = 7 * 24 * 60 * 60 * 1000;

export type Clock = () => number;
export type FinalStatus = Outcome | 'EXPIRED';

export interface CreateSessionInput {
  readonly reference: string;
  readonly returnUrl: string;
  readonly callbackUrl: string;
  readonly method: Method;
  readonly applicant: Applicant;
  /** A child application: the child, whose own IC-chip card and face this session also checks. */
  readonly child?: Applicant | undefined;
}

export interface SessionView {
  readonly sessionId: string;
  readonly reference: string;
  /** The method the check used: the session's, or IC_CHIP_AND_FACE when chosen on a JPKI session's page. */
  readonly method: UsedMethod;
  readonly status: SessionStatus;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly expiresAt: string;
  readonly submittedAt?: string;
  readonly result?: {
    readonly status: FinalStatus;
    readonly decidedAt: string;
    /** JPKI and PASSED: the identity certified by the signing certificate (name, birthday, address). */
    readonly certified?: Applicant;
    /** PHOTO_ID_AND_FACE, PASSED or ADDRESS_MISMATCH: what the document read gave (documentRead). */
    readonly read?: Applicant;
    /** PHOTO_ID_AND_FACE, PASSED or ADDRESS_MISMATCH: the images the check relied on (GET …/images/{kind}). */
    readonly images?: readonly { readonly kind: string; readonly contentType: string; readonly sha256: string }[];
    /** JPKI and PASSED: the signing certificate's four items (基本4情報) and its validity. */
    readonly certificate?: Certificate;
    /** A session with a child, PASSED or ADDRESS_MISMATCH: the child's IC chip read and face. */
    readonly child?: {
      readonly method: 'IC_CHIP_AND_FACE';
      readonly read: Applicant;
      readonly images: readonly { readonly kind: string; readonly contentType: string; readonly sha256: string }[];
    };
  };
}

export interface Certificate {
  readonly name: string;
  readonly birthday: string;
  readonly address: string;
  readonly gender: string;
  readonly serialNumber: string;
  readonly notBefore: string;
  readonly notAfter: string;
}

export const finalStatuses: readonly SessionStatus[] = ['PASSED', 'ADDRESS_MISMATCH', 'FAILED', 'EXPIRED'];

export class SessionService {
  private readonly store: Store;
  private readonly clock: Clock;
  private readonly decisionDelayMs: number;
  private readonly onQueued: () => void;

  constructor(options: { store: Store; clock: Clock; decisionDelayMs: number; onQueued: () => void }) {
    this.store = options.store;
    this.clock = options.clock;
    this.decisionDelayMs = options.decisionDelayMs;
    this.onQueued = options.onQueued;
  }

  create(input: CreateSessionInput): { session: SessionRow; token: string } {
    const now = this.clock();
    const token = randomBytes(32).toString('base64url');
    const session: SessionRow = {
      id: randomUUID(),
      tokenHash: hashToken(token),
      reference: input.reference,
      method: input.method,
      status: 'CREATED',
      returnUrl: input.returnUrl,
      callbackUrl: input.callbackUrl,
      applicant: input.applicant,
      child: input.child ?? null,
      childCardReadAt: null,
      childFaceAt: null,
      captures: null,
      readOverride: null,
      usedMethod: null,
      cardReadAt: null,
      pendingOutcome: null,
      decideAt: null,
      createdAt: now,
      updatedAt: now,
      expiresAt: now + sessionLifetimeMs,
      submittedAt: null,
      decidedAt: null,
    };
    this.store.insertSession(session);
    return { session, token };
  }

  /** The session as it is now: past its hour a CREATED session becomes EXPIRED, and a due delayed result is applied. */
  find(id: string): SessionRow | null {
    const session = this.store.findSession(id);
    if (!session) return null;
    const now = this.clock();
    if (session.status === 'CREATED' && session.expiresAt <= now) {
      this.decide(id, 'EXPIRED', ['CREATED']);
      return this.store.findSession(id);
    }
    if (session.status === 'SUBMITTED' && session.pendingOutcome && session.decideAt !== null && session.decideAt <= now) {
      this.decide(id, session.pendingOutcome, ['SUBMITTED']);
      return this.store.findSession(id);
    }
    return session;
  }

  /** The session, when the browser's token opens it. */
  findForBrowser(id: string, token: unknown): SessionRow | null {
    if (typeof token !== 'string' || token.length === 0 || token.length > 100) return null;
    const session = this.find(id);
    if (!session) return null;
    const expected = Buffer.from(session.tokenHash, 'hex');
    const given = Buffer.from(hashToken(token), 'hex');
    return expected.length === given.length && timingSafeEqual(expected, given) ? session : null;
  }

  /**
   * On a JPKI session's page, before the card is read: the applicant who does not know the signing
   * password chooses IC-chip reading with a face photo instead (the other method the ordinance keeps).
   */
  chooseIcChip(id: string): boolean {
    const session = this.store.findSession(id);
    if (!session || session.method !== 'JPKI' || session.cardReadAt !== null || session.usedMethod !== null) return false;
    return this.store.updateSession(id, ['CREATED'], { usedMethod: 'IC_CHIP_AND_FACE', updatedAt: this.clock() });
  }

  /** The child's card read (its PIN checked for its form only, never kept). */
  markChildCardRead(id: string): boolean {
    const now = this.clock();
    return this.store.updateSession(id, ['CREATED'], { childCardReadAt: now, updatedAt: now });
  }

  /** The child's face, kept as the image `child-face` (the card must have been read first). */
  saveChildFace(id: string, image: StoredImage): boolean {
    const now = this.clock();
    return this.store.transaction(() => {
      const session = this.store.findSession(id);
      if (!session?.child || session.childCardReadAt === null || session.status !== 'CREATED') return false;
      this.store.insertImage(id, 'child-face', image);
      return this.store.updateSession(id, ['CREATED'], { childFaceAt: now, updatedAt: now });
    });
  }

  markCardRead(id: string): boolean {
    const now = this.clock();
    return this.store.updateSession(id, ['CREATED'], { cardReadAt: now, updatedAt: now });
  }

  /**
   * The applicant sent the captures (or confirmed the JPKI read). `outcome` is the result the
   * simulator will give: picked by a tester outside production, PASSED in production.
   */
  submit(id: string, captures: Readonly<Record<string, CaptureInfo>> | null, outcome: Outcome, images: Readonly<Record<string, StoredImage>> = {}): boolean {
    const now = this.clock();
    const moved = this.store.transaction(() => {
      for (const [kind, image] of Object.entries(images)) this.store.insertImage(id, kind, image);
      const ok = this.store.updateSession(id, ['CREATED'], {
        status: 'SUBMITTED',
        captures,
        submittedAt: now,
        pendingOutcome: outcome,
        decideAt: now + this.decisionDelayMs,
        updatedAt: now,
      });
      if (ok && this.decisionDelayMs === 0) this.decideInTransaction(id, outcome, ['SUBMITTED'], now);
      return ok;
    });
    if (moved && this.decisionDelayMs === 0) this.onQueued();
    return moved;
  }

  /** Sets the final status (once) and queues its webhook. False when the session had a result already. */
  decide(id: string, status: FinalStatus, from: readonly SessionStatus[], readOverride: ReadOverride | null = null): boolean {
    const now = this.clock();
    const decided = this.store.transaction(() => this.decideInTransaction(id, status, from, now, readOverride));
    if (decided) this.onQueued();
    return decided;
  }

  private decideInTransaction(id: string, status: FinalStatus, from: readonly SessionStatus[], now: number, readOverride: ReadOverride | null = null): boolean {
    const ok = this.store.updateSession(id, from, {
      status,
      decidedAt: now,
      pendingOutcome: null,
      decideAt: null,
      updatedAt: now,
      ...(readOverride ? { readOverride } : {}),
    });
    if (!ok) return false;
    const session = this.store.findSession(id);
    if (!session) return false;
    this.store.insertDelivery(id, session.callbackUrl, JSON.stringify({ sessionId: id, status }), now);
    return true;
  }

  /** Background work: expire abandoned sessions, apply delayed results, forget old sessions. */
  sweep(): void {
    const now = this.clock();
    for (const id of this.store.sessionsToExpire(now)) this.decide(id, 'EXPIRED', ['CREATED']);
    for (const id of this.store.sessionsToDecide(now)) {
      const session = this.store.findSession(id);
      if (session?.pendingOutcome) this.decide(id, session.pendingOutcome, ['SUBMITTED']);
    }
    this.store.purgeSessions(now - retentionMs);
  }

  view(session: SessionRow): SessionView {
    const iso = (ms: number) => new Date(ms).toISOString();
    const base = {
      sessionId: session.id,
      reference: session.reference,
      method: usedMethodOf(session),
      status: session.status,
      createdAt: iso(session.createdAt),
      updatedAt: iso(session.updatedAt),
      expiresAt: iso(session.expiresAt),
      ...(session.submittedAt !== null ? { submittedAt: iso(session.submittedAt) } : {}),
    };
    if (!finalStatuses.includes(session.status) || session.decidedAt === null) return base;
    const status = session.status as FinalStatus;
    const used = usedMethodOf(session);
    const certified =
      used === 'JPKI' && status === 'PASSED'
        ? {
            certified: { name: session.applicant.name, birthday: session.applicant.birthday, address: session.applicant.address },
            certificate: certificateOf(session),
          }
        : {};
    const checked = used !== 'JPKI' && (status === 'PASSED' || status === 'ADDRESS_MISMATCH');
    const read = checked ? { read: documentRead(session.applicant, status, session.readOverride) } : {};
    const images =
      checked && session.captures ? { images: Object.entries(session.captures).map(([kind, c]) => ({ kind, contentType: c.type, sha256: c.sha256 })) } : {};
    return { ...base, result: { status, decidedAt: iso(session.decidedAt), ...certified, ...read, ...images, ...this.childResult(session, status) } };
  }

  /** The child's check, once the session passed: what the child's chip gave (the child as the bank sent it) and the face. */
  private childResult(session: SessionRow, status: FinalStatus): { child?: NonNullable<SessionView['result']>['child'] } {
    if (!session.child || (status !== 'PASSED' && status !== 'ADDRESS_MISMATCH')) return {};
    const face = this.store.findImage(session.id, 'child-face');
    const images = face ? [{ kind: 'child-face', contentType: face.contentType, sha256: createHash('sha256').update(face.bytes).digest('hex') }] : [];
    const { name, birthday, address } = session.child;
    return { child: { method: 'IC_CHIP_AND_FACE', read: { name, birthday, address }, images } };
  }
}

export const usedMethodOf = (session: SessionRow): UsedMethod => session.usedMethod ?? session.method;

/**
 * The signing certificate of the My Number card the (simulated) app read: the four items as the
 * bank sent them (a real card matches a real applicant), a serial number derived from the session,
 * valid five birthdays on from the read as a real one is (simplified here to five years).
 */
function certificateOf(session: SessionRow): Certificate {
  const readAt = session.cardReadAt ?? session.createdAt;
  const notAfter = new Date(readAt);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + 5);
  return {
    name: session.applicant.name,
    birthday: session.applicant.birthday,
    address: session.applicant.address,
    gender: session.applicant.gender ?? '',
    serialNumber: createHash('sha256').update(`certificate:${session.id}`).digest('hex').slice(0, 16).toUpperCase(),
    notBefore: new Date(readAt - 365 * 86_400_000).toISOString(),
    notAfter: notAfter.toISOString(),
  };
}

/**
 * What the simulator "read" from the identity document: the applicant as the bank sent it, since a
 * real document matches what a real applicant typed; for ADDRESS_MISMATCH the document carries an
 * earlier address (previousAddress). A test makes any field differ with POST /simulate `read`.
 */
export function documentRead(applicant: Applicant, status: 'PASSED' | 'ADDRESS_MISMATCH', override: ReadOverride | null): Applicant {
  const derived = status === 'ADDRESS_MISMATCH' ? { ...applicant, address: previousAddress(applicant.address) } : { ...applicant };
  return { ...derived, ...(override ?? {}) };
}

/** An address one house number away (the first number in it plus one), or the address with 旧住所 marked. */
export function previousAddress(address: string): string {
  const match = /[0-9０-９]+/.exec(address);
  if (!match) return `${address}（旧住所）`;
  const digits = match[0].replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  return `${address.slice(0, match.index)}${Number(digits) + 1}${address.slice(match.index + match[0].length)}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
