import { createHash, randomUUID } from 'node:crypto';
import { ekycStatus } from '@koza/domain/constants';
import type { EkycMethod } from '@koza/domain/constants';
import { missingSteps } from '@koza/domain/flows';
import type { SavedStep } from '@koza/domain/flows';
import type { Clock } from '../../adapters/clock.ts';
import { EkycProviderError, isValidWebhookSignature, parseWebhookBody } from '../../adapters/ekyc-provider.ts';
import type { CreateSessionInput, EkycProvider } from '../../adapters/ekyc-provider.ts';
import type { Config } from '../../config.ts';
import { typedIdentity } from '@koza/domain/ekyc-identity';
import type { Db } from '../../db/database.ts';
import { durableTransaction } from '../../db/durable-transaction.ts';
import type { Transaction } from 'kysely';
import type { Database, Flag, ProviderEkycStatus } from '../../db/schema.ts';
import { findById, findParentByApplicationId, markEkycPassed, markEkycStarted } from '../../db/repositories/applications-repository.ts';
import type { ApplicationRow } from '../../db/repositories/applications-repository.ts';
import {
  claimEkycPull,
  findBankAndLatestEkycSession,
  findEkycSessionByProviderId,
  findLatestEkycSession,
  insertEkycSessionOnce,
  markEkycPulled,
  recordEkycProgress,
} from '../../db/repositories/ekyc-sessions-repository.ts';
import type { EkycSessionRow } from '../../db/repositories/ekyc-sessions-repository.ts';
import { insertReceiptOnce } from '../../db/repositories/webhook-receipts-repository.ts';
import { conflict, Refusal } from '../platform/refusals.ts';
import { childDocumentsByChip, savedStepsWithDocuments } from './documents.ts';
import { methodFor } from './ekyc-method.ts';

// eKYC with the external provider (DECISIONS.md §6, docs/decisions/0050-ekyc-integration.md).
//
// POST /api/ekyc opens a session at the provider (or hands back the one still open) and the browser
// goes to its url. The result reaches us twice over: the provider's signed webhook, and our own
// GET /v1/sessions/{id} whenever POST /api/ekyc/status finds the session still open, so a lost
// webhook loses nothing. A result is final; the application moves on when the provider passes the
// applicant: READY, or SUPPLEMENT_REQUIRED when the address did not match.

export interface EkycDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'ekyc' | 'publicBaseUrl'>;
  provider: EkycProvider;
}

/** Our status codes (SPEC.md §3, DECISIONS.md §6) for each provider status. */
export function ourStatus(providerStatus: ProviderEkycStatus): { status: number; supplementRequired: boolean } {
  switch (providerStatus) {
    case 'CREATED':
      return { status: ekycStatus.CREATED, supplementRequired: false };
    case 'SUBMITTED':
      return { status: ekycStatus.PROVIDER_PROCESSING, supplementRequired: false };
    case 'PASSED':
      return { status: ekycStatus.BANKER_PROCESSING, supplementRequired: false };
    case 'ADDRESS_MISMATCH':
      return { status: ekycStatus.BANKER_PROCESSING, supplementRequired: true };
    case 'FAILED':
      return { status: ekycStatus.PROVIDER_REJECTED, supplementRequired: false };
    case 'EXPIRED':
      return { status: ekycStatus.EXPIRED, supplementRequired: false };
  }
}

const isOpen = (s: EkycSessionRow): boolean => s.status === ekycStatus.CREATED || s.status === ekycStatus.PROVIDER_PROCESSING;
const isRetryable = (s: EkycSessionRow): boolean => s.status === ekycStatus.PROVIDER_REJECTED || s.status === ekycStatus.EXPIRED;

export { methodFor };

/** The provider could not be reached or answered wrongly: the web goes to /ekyc-error (503 EKYC_UNAVAILABLE). */
export class EkycUnavailableError extends Error {
  readonly failure: EkycProviderError['failure'];
  readonly providerStatus: number | undefined;
  constructor(cause: EkycProviderError) {
    super(cause.message, { cause });
    this.name = 'EkycUnavailableError';
    this.failure = cause.failure;
    this.providerStatus = cause.status;
  }
}

async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof EkycProviderError) throw new EkycUnavailableError(error);
    throw error;
  }
}

/** 409 with the steps still missing before eKYC may start. */
export class StepsMissingError extends Refusal {
  readonly missingSteps: readonly SavedStep[];
  constructor(steps: readonly SavedStep[]) {
    super('conflict');
    this.missingSteps = steps;
  }
}

/** Where the browser comes back to, and where the provider posts results. */
export interface EkycOrigins {
  /** scheme://host[:port] the applicant's browser uses (the bank's host). */
  browserOrigin: string;
}

/** The person the provider checks: the applicant, or the parent for a child application. */
async function applicantFor(db: Db, row: ApplicationRow): Promise<CreateSessionInput['applicant']> {
  const person = row.applicationType === 'CHILD' ? await findParentByApplicationId(db, row.id) : row;
  // The searched address with its house number and building, or the typed temporary address: the
  // domain's typedIdentity, which the back office compares with what the provider read.
  const identity = typedIdentity({ ...person }, { ...row });
  if (!identity.name || !identity.birthday || !identity.address) throw conflict();
  // The gender, where the applicant gave one (not asked of a parent): the JPKI certificate's fourth item.
  const gender = person && 'gender' in person ? ({ MAN: '男', WOMAN: '女' } as const)[person.gender as 'MAN' | 'WOMAN'] : undefined;
  return gender ? { ...identity, gender } : identity;
}

/** The child (the customer of a child application), whose own card's IC chip the provider reads in the parent's session. */
function childFor(row: ApplicationRow): NonNullable<CreateSessionInput['child']> {
  const identity = typedIdentity({ ...row }, { ...row });
  if (!identity.name || !identity.birthday || !identity.address) throw conflict();
  return identity;
}

/**
 * POST /api/ekyc: the provider's url for the applicant. An open session (or one the provider
 * passed) is handed back as it is; none, a rejected or an expired one → a new session with the
 * method of today. 409 before the PIN (and the child's documents), or once completed.
 */
export async function startEkyc(deps: EkycDeps, application: ApplicationRow, origins: EkycOrigins): Promise<{ url: string }> {
  const { db, clock, config, provider } = deps;
  const type = application.applicationType;
  const latestSession = await findLatestEkycSession(db, application.id);
  // The method of the session already open, or today's for a new one: from the amended ordinance on,
  // a child's documents are read from the chip in this session instead of uploaded (decision 0248).
  const sessionMethod = (latestSession?.method as EkycMethod | undefined) ?? methodFor(clock.now(), config.ekyc.jpkiCutover);
  const missing = missingSteps(type, 'ekyc', await savedStepsWithDocuments(db, application, sessionMethod));
  if (missing.length > 0) throw new StepsMissingError(missing);
  if (application.completedAt !== null || !['PIN_SET', 'EKYC_IN_PROGRESS', 'SUPPLEMENT_REQUIRED', 'READY'].includes(application.status)) {
    throw conflict();
  }

  let latest = latestSession;
  if (latest && isOpen(latest)) latest = await pull(deps, latest, { force: true, throwOnFailure: true });
  if (latest && !isRetryable(latest)) return { url: latest.url };
  if (application.status !== 'PIN_SET' && application.status !== 'EKYC_IN_PROGRESS') throw conflict();

  const now = clock.now();
  const id = randomUUID();
  const method = methodFor(now, config.ekyc.jpkiCutover);
  const created = await providerCall(async () =>
    provider.createSession({
      reference: id,
      returnUrl: `${origins.browserOrigin}/ekyc-callback`,
      callbackUrl: `${config.publicBaseUrl}/api/ekyc/webhook`,
      method,
      applicant: await applicantFor(db, application),
      ...(childDocumentsByChip(type, method) ? { child: childFor(application) } : {}),
    }),
  );
  const recorded = await durableTransaction(db, async (trx) => {
    const session = {
      id,
      applicationId: application.id,
      attempt: (latest?.attempt ?? 0) + 1,
      providerSessionId: created.sessionId,
      method,
      url: created.url,
      now: now.getTime(),
    };
    if (!(await insertEkycSessionOnce(trx, session))) return false;
    if (!(await markEkycStarted(trx, application.id, now.getTime()))) throw conflict();
    return true;
  });
  if (!recorded) {
    // A simultaneous start recorded its session first (ours stays unused at the provider and expires).
    const other = await findLatestEkycSession(db, application.id);
    if (!other) throw conflict();
    return { url: other.url };
  }
  return { url: created.url };
}

export interface EkycView {
  method: EkycMethod;
  status: number | null;
  supplementRequired: boolean;
  url?: string;
}

/**
 * GET /api/ekyc: the method (of the current session, or the one in force today before any), our
 * status code (null before the first session), whether a supplement is required, and the
 * provider's url while the session is open (to resume it).
 */
export async function ekycView({ db, clock, config }: Pick<EkycDeps, 'db' | 'clock' | 'config'>, application: ApplicationRow): Promise<EkycView> {
  const latest = await findLatestEkycSession(db, application.id);
  if (!latest) return { method: methodFor(clock.now(), config.ekyc.jpkiCutover), status: null, supplementRequired: false };
  return {
    method: latest.method as EkycMethod,
    status: latest.status,
    supplementRequired: latest.supplementRequired === 1,
    ...(isOpen(latest) ? { url: latest.url } : {}),
  };
}

/** Pulls are spaced out per session: the web polls every 5 s; a faster client gets the stored state. */
export const minPullIntervalMs = 2000;

/**
 * POST /api/ekyc/status: our status code and whether a supplement is required, as stored (the
 * webhook writes results as they come). While the session is open and its last pull is at least
 * minPullIntervalMs old, ONE caller (on any instance: a compare-and-set on pulled_at) asks the
 * provider (GET /v1/sessions/{id}) and records the answer, so a lost webhook loses nothing; every
 * other caller meanwhile answers from the database at once instead of queueing on the provider
 * (docs/decisions/0123-ekyc-status-from-the-database.md). A provider that does not answer leaves
 * the stored state (the web keeps polling). 409 when there is no eKYC session.
 */
export async function refreshEkycStatus(
  deps: EkycDeps,
  auth: { applicationId: string; bankCode: string },
): Promise<{ status: number; supplementRequired: boolean }> {
  // The session's application, of the session's bank (as sessionApplication checks), and its newest eKYC session: one query.
  const found = await findBankAndLatestEkycSession(deps.db, auth.applicationId);
  if (!found || found.bankCode !== auth.bankCode) throw new Refusal('unauthenticated');
  let latest = found.session;
  if (!latest) throw conflict();
  if (isOpen(latest) && isPullDue(latest, deps.clock.now().getTime())) {
    const now = deps.clock.now().getTime();
    if (await claimEkycPull(deps.db, latest.id, latest.pulledAt, now)) latest = await pull(deps, latest, { force: true, throwOnFailure: false });
  }
  return { status: latest.status, supplementRequired: latest.supplementRequired === 1 };
}

/** The last pull is old enough (or the clock went back, or there was none). */
const isPullDue = (session: EkycSessionRow, now: number): boolean =>
  session.pulledAt === null || now - session.pulledAt >= minPullIntervalMs || now < session.pulledAt;

async function pull(deps: EkycDeps, session: EkycSessionRow, options: { force: boolean; throwOnFailure: boolean }): Promise<EkycSessionRow> {
  const now = deps.clock.now().getTime();
  if (!options.force && !isPullDue(session, now)) return session;
  let state;
  try {
    state = await providerCall(() => deps.provider.getSession(session.providerSessionId));
  } catch (error) {
    if (options.throwOnFailure || !(error instanceof EkycUnavailableError)) throw error;
    return session;
  }
  if (state.sessionId !== session.providerSessionId) throw new Error('eKYC provider answered for another session');
  await durableTransaction(deps.db, async (trx) => {
    await recordProviderStatus(trx, session, state.status, 'pull', now);
    await markEkycPulled(trx, session.id, now);
  });
  return (await findLatestEkycSession(deps.db, session.applicationId)) ?? session;
}

/**
 * Records a provider status for a session (forward only; a result is final) and, when the provider
 * passed the applicant, moves the application on. Call inside a transaction.
 */
async function recordProviderStatus(
  trx: Transaction<Database>,
  session: EkycSessionRow,
  providerStatus: ProviderEkycStatus,
  via: 'webhook' | 'pull',
  now: number,
): Promise<void> {
  const ours = ourStatus(providerStatus);
  // A child application asks no current-address supplement (docs/decisions/0133-child-address-mismatch.md):
  // the child's address is already evidenced by the uploaded supplementary document; the provider's
  // ADDRESS_MISMATCH stays on the session (providerStatus) for the bank's review.
  if (ours.supplementRequired && (await findById(trx, session.applicationId))?.applicationType === 'CHILD') ours.supplementRequired = false;
  const changed = await recordEkycProgress(trx, {
    id: session.id,
    providerStatus,
    status: ours.status,
    supplementRequired: (ours.supplementRequired ? 1 : 0) as Flag,
    via,
    now,
  });
  if (changed && ours.status === ekycStatus.BANKER_PROCESSING) {
    // Only the application's newest session moves it (an older one was rejected or expired anyway).
    const latest = await findLatestEkycSession(trx, session.applicationId);
    if (latest?.id === session.id) await markEkycPassed(trx, session.applicationId, ours.supplementRequired, now);
  }
}

export type WebhookOutcome = 'recorded' | 'duplicate' | 'unknown-session';

/** Unauthenticated: the signature is missing or wrong; invalid: the body is not `{ sessionId, status }`. */
export class WebhookRejectedError extends Refusal {
  constructor(kind: 'unauthenticated' | 'invalid') {
    super(kind);
  }
}

/**
 * POST /api/ekyc/webhook: checks the signature over the raw body, then records the status once.
 * A delivery seen before, and a session we do not know, are answered 2xx so the provider stops
 * retrying; neither changes anything.
 */
export async function receiveWebhook(
  { db, clock, config }: Pick<EkycDeps, 'db' | 'clock' | 'config'>,
  rawBody: Buffer | undefined,
  signature: string | string[] | undefined,
): Promise<WebhookOutcome> {
  if (!rawBody || !isValidWebhookSignature(rawBody, signature, config.ekyc.webhookSecret)) throw new WebhookRejectedError('unauthenticated');
  const message = parseWebhookBody(rawBody);
  if (!message) throw new WebhookRejectedError('invalid');
  const session = await findEkycSessionByProviderId(db, message.sessionId);
  if (!session) return 'unknown-session';
  const now = clock.now().getTime();
  const bodySha256 = createHash('sha256').update(rawBody).digest('hex');
  return durableTransaction(db, async (trx) => {
    const fresh = await insertReceiptOnce(trx, { providerSessionId: message.sessionId, providerStatus: message.status, bodySha256, now });
    if (!fresh) return 'duplicate';
    await recordProviderStatus(trx, session, message.status, 'webhook', now);
    return 'recorded';
  });
}
