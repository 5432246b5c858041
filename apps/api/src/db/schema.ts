import type { Generated } from 'kysely';
import type { ApplicationType, BankCode } from '@koza/domain/constants';
import type { FieldKey, FieldRecord, StoredKey } from '@koza/domain/fields/registry';
import type { PostalRow } from '@koza/data/postal-table';

// The Kysely view of the database. Column names are camelCase here and snake_case in SQL
// (Kysely's CamelCasePlugin translates); migrations are written in snake_case.
//
// Dialect-neutral storage (docs/decisions/0011-timestamps.md, 0012-storage-types.md):
// - timestamps: epoch milliseconds (UTC) in BIGINT columns, typed `number`; names end in `At`;
// - booleans: INTEGER 0/1, typed `Flag`;
// - JSON: TEXT holding JSON, typed `JsonText`;
// - generated ids: text UUIDs for entities; BIGINT/INTEGER identities only for append-only logs.

export type EpochMs = number;
export type Flag = 0 | 1;
export type JsonText = string;

export const applicationStatuses = ['DRAFT', 'PIN_SET', 'EKYC_IN_PROGRESS', 'SUPPLEMENT_REQUIRED', 'READY', 'COMPLETED', 'APPROVED', 'REJECTED'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

// ---- reference data (reloaded from data/ when its version changes) ----

/** A row of the generated postal table (its columns are the data package's, declared once there). */
export interface PostalCodesTable extends PostalRow {
  id: number;
}

export interface OccupationsTable {
  id: number;
  name: string;
  displayNumber: number;
  /** REQUIRED | OPTIONAL | NONE */
  workplaceRequired: string;
  generalDisplay: Flag;
  childDisplay: Flag;
  minDisplayAge: number | null;
  maxDisplayAge: number | null;
}

export interface BranchesTable {
  bankCode: string;
  code: string;
  name: string;
  postalNumber: string;
  prefecture: string;
  /** Spelled as in the postal table: compared with the applicant's municipality. */
  municipality: string;
  address: string;
  /** File order. */
  displayNumber: number;
}

export interface WorkplacesTable {
  id: number;
  bankCode: string;
  code: string;
  name: string;
  phoneNumber: string;
  /** PERMITTED or NOT_PERMITTED */
  multipleAccounts: string;
}

export interface InvitationCodesTable {
  bankCode: string;
  code: string;
  description: string;
  /** Inclusive; null = no start. */
  validFromAt: EpochMs | null;
  /** Exclusive; null = no end. */
  validUntilAt: EpochMs | null;
}

/** Rows of data/ have source 'reference' and are replaced on reload; rows staff add ('staff') are kept. */
export type RowSource = 'reference' | 'staff';

export interface NotificationsTable {
  id: Generated<number>;
  source: RowSource;
  /** The id in data/files for reference rows. */
  sourceId: number | null;
  /** null: any bank (then channel is set). */
  bankCode: string | null;
  /** Entry channel id; null: any channel. */
  channel: string | null;
  contents: string;
  startedAt: EpochMs;
  /** Exclusive; null = no end. */
  endedAt: EpochMs | null;
  /** Order in the modal (then startedAt, id); reference rows: their file id. */
  displayOrder: Generated<number>;
  updatedAt: EpochMs | null;
  /** Login id of the staff member who changed the row last. */
  updatedBy: string | null;
}

export interface MaintenanceWindowsTable {
  id: Generated<number>;
  source: RowSource;
  sourceId: number | null;
  /** null: every bank. */
  bankCode: string | null;
  startedAt: EpochMs;
  /** Exclusive. */
  endedAt: EpochMs;
  reason: string | null;
  updatedAt: EpochMs | null;
  updatedBy: string | null;
}

export interface ReferenceDataVersionsTable {
  name: string;
  version: string;
  rowCount: number;
  loadedAt: EpochMs;
  /** Where the rows came from (postal_codes: the package, or 'Japan Post KEN_ALL …'); migration 050. */
  source: string | null;
  /** The date of the data itself, YYYY-MM-DD (not of the load). */
  dataDate: string | null;
}

/**
 * The known banks (migration 069, decision 0227): a row per bank of the domain's bank rows, upserted
 * at start (the `banks` data set); applications.bank_code refers to it.
 */
export interface BanksTable {
  code: string;
  /** Null until the start-up loads the rows (069 seeds the codes already in use). */
  name: string | null;
}

// ---- mail verification and sessions ----

export interface VerificationCodesTable {
  id: string;
  bankCode: string;
  applicationType: string;
  /** Keyed hash (HMAC, CODE_HASH_KEY) of the normalised address: the lookup key. */
  mailHash: string;
  mailAddress: string;
  /** Keyed hash of the 6-digit code; the code itself is never stored. */
  codeHash: string;
  wrongTries: Generated<number>;
  expiresAt: EpochMs;
  createdAt: EpochMs;
}

export interface AuthSessionsTable {
  id: string;
  /** Keyed hash of the bearer token; the token itself is never stored. */
  tokenHash: string;
  bankCode: string;
  applicationType: string;
  deviceId: string | null;
  mailAddress: string;
  applicationId: string | null;
  createdAt: EpochMs;
  lastSeenAt: EpochMs;
  revokedAt: EpochMs | null;
}

// ---- the application ----

/**
 * The registry's fields of a record (SPEC.md §3), one column each (staff search and review them):
 * text, or a number or a flag where the registry stores one; null until saved.
 */
type FieldColumns<R extends FieldRecord> = { [K in Exclude<FieldKey<R>, StoredKey<R, 'number' | 'flag'>>]: string | null } & {
  [K in StoredKey<R, 'number'>]: number | null;
} & { [K in StoredKey<R, 'flag'>]: Flag | null };

export interface ApplicationsTable extends FieldColumns<'application'> {
  id: string;
  /** One of the known banks and types: held by the database (banks: migration 069; types: 047), so read as such. */
  bankCode: BankCode;
  applicationType: ApplicationType;
  status: ApplicationStatus;
  mailAddress: string;
  mailHash: string;
  deviceId: string | null;
  channel: string | null;

  /** Anything else a step keeps that nobody queries (JSON object as text). */
  extraJson: Generated<JsonText>;

  // Step completion markers: when each save last succeeded (null: not yet).
  personalSavedAt: EpochMs | null;
  workplaceSavedAt: EpochMs | null;
  parentPersonalSavedAt: EpochMs | null;
  parentWorkplaceSavedAt: EpochMs | null;
  branchSavedAt: EpochMs | null;
  sealLessSavedAt: EpochMs | null;
  pinSetAt: EpochMs | null;
  ekycStartedAt: EpochMs | null;
  ekycPassedAt: EpochMs | null;
  supplementRequired: Generated<Flag>;
  supplementSavedAt: EpochMs | null;

  /** AES-256-GCM ciphertext of the PIN (PIN_DATA_KEY), erased once handed over to the account system. */
  pinCiphertext: string | null;
  pinErasedAt: EpochMs | null;

  applicationNumber: string | null;
  completedAt: EpochMs | null;
  createdAt: EpochMs;
  updatedAt: EpochMs;
  /** When the retention job erased the personal data of this decided application (migration 068). */
  personalDataErasedAt: EpochMs | null;
}

export interface ApplicationParentsTable extends FieldColumns<'parent'> {
  applicationId: string;
  createdAt: EpochMs;
  updatedAt: EpochMs;
}

export interface ApplicationNumberCountersTable {
  bankCode: string;
  nextNumber: number;
}

// ---- infrastructure ----

export interface MailOutboxTable {
  id: Generated<number>;
  bankCode: string;
  toAddress: string;
  subject: string;
  textBody: string;
  createdAt: EpochMs;
  /** When the mail left (SMTP) or was stored for the dev mailbox (embedded outbox). */
  sentAt: EpochMs | null;
}

export interface PageViewsTable {
  id: Generated<number>;
  bankCode: string;
  applicationType: string | null;
  path: string;
  deviceId: string | null;
  channel: string | null;
  createdAt: EpochMs;
}

/** Page views per bank, application type, Japan day ('YYYY-MM-DD') and page: what the funnel reads. */
export interface PageViewDaysTable {
  bankCode: string;
  applicationType: string;
  day: string;
  path: string;
  views: number;
}

export interface RateLimitEventsTable {
  id: Generated<number>;
  key: string;
  at: EpochMs;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  createdAt: EpochMs;
}

// ---- eKYC, documents, completion (migration 004) ----

/** Provider status of an eKYC session (DECISIONS.md §6). */
export type ProviderEkycStatus = 'CREATED' | 'SUBMITTED' | 'PASSED' | 'ADDRESS_MISMATCH' | 'FAILED' | 'EXPIRED';

export interface EkycSessionsTable {
  /** Ours; also the opaque `reference` given to the provider. */
  id: string;
  applicationId: string;
  /** 1, 2, 3 … per application (unique): the newest session has the highest. */
  attempt: number;
  providerSessionId: string;
  /** PHOTO_ID_AND_FACE | JPKI */
  method: string;
  providerStatus: ProviderEkycStatus;
  /** Our code: 1 created, 2 provider processing, 4 banker processing, 8 provider rejected, 9 expired. */
  status: number;
  supplementRequired: Flag;
  /** The provider's page for the applicant (carries the provider's access token). */
  url: string;
  /** When a signed webhook last told us something about this session (null: we only pulled). */
  webhookAt: EpochMs | null;
  /** When we last pulled GET /v1/sessions/{id}. */
  pulledAt: EpochMs | null;
  createdAt: EpochMs;
  updatedAt: EpochMs;
}

export interface WebhookReceiptsTable {
  id: Generated<number>;
  providerSessionId: string;
  providerStatus: string;
  /** SHA-256 (hex) of the raw body: the same delivery twice is recognised and ignored. */
  bodySha256: string;
  receivedAt: EpochMs;
}

export interface DocumentsTable {
  id: string;
  applicationId: string;
  /** INDIVIDUAL_NUMBER_CARD | CERTIFICATE_RESIDENCE | MATERNITY_HANDBOOK | CURRENT_ADDRESS_DOCUMENT */
  type: string;
  /** image/jpeg | image/png | image/heic (from the content, checked against the declared type). */
  contentType: string;
  size: number;
  sha256: string;
  bytes: Uint8Array;
  createdAt: EpochMs;
}

// ---- periodic jobs (migration 010) ----

export interface JobRunsTable {
  name: string;
  nextRunAt: EpochMs;
  holder: string | null;
  lastStartedAt: EpochMs | null;
  lastFinishedAt: EpochMs | null;
  lastReport: string | null;
  /** Migration 066: the end of the last run that succeeded, and of the last that failed. */
  lastSucceededAt: EpochMs | null;
  lastFailedAt: EpochMs | null;
}

export interface Database extends BackOfficeTables {
  postalCodes: PostalCodesTable;
  occupations: OccupationsTable;
  branches: BranchesTable;
  workplaces: WorkplacesTable;
  invitationCodes: InvitationCodesTable;
  notifications: NotificationsTable;
  maintenanceWindows: MaintenanceWindowsTable;
  referenceDataVersions: ReferenceDataVersionsTable;
  banks: BanksTable;
  verificationCodes: VerificationCodesTable;
  authSessions: AuthSessionsTable;
  applications: ApplicationsTable;
  applicationParents: ApplicationParentsTable;
  applicationNumberCounters: ApplicationNumberCountersTable;
  mailOutbox: MailOutboxTable;
  pageViews: PageViewsTable;
  pageViewDays: PageViewDaysTable;
  rateLimitEvents: RateLimitEventsTable;
  appSecrets: AppSecretsTable;
  ekycSessions: EkycSessionsTable;
  webhookReceipts: WebhookReceiptsTable;
  documents: DocumentsTable;
  jobRuns: JobRunsTable;
  handoverSequence: HandoverSequenceTable;
  handoverOutbox: HandoverOutboxTable;
  handoverOutboxImages: HandoverOutboxImagesTable;
}

// ---- the hand-over outbox (migration 071, docs/decisions/0249-handover-outbox.md) ----

export interface HandoverSequenceTable {
  id: number;
  lastSeq: number;
}

/** One approved application waiting for the exporter: its lines as the approving release formatted them. */
export interface HandoverOutboxTable {
  seq: number;
  applicationId: string;
  bankCode: string;
  applicationNumber: string;
  approvedAt: EpochMs;
  accountVersion: number;
  accountHeader: string;
  accountLine: string;
  recordVersion: number;
  recordHeader: string;
  recordLines: string;
  /** The exporter that began writing it (HANDOVER_EXPORTER_ID): only it completes it. */
  claimedBy: string | null;
  claimedAt: EpochMs | null;
}

export interface HandoverOutboxImagesTable {
  seq: number;
  name: string;
  bytes: Uint8Array;
}

// ---- back office (migration 020) ----

export interface StaffUsersTable {
  id: string;
  bankCode: string;
  loginId: string;
  displayName: string;
  /** VIEWER | REVIEWER | ADMIN (@koza/domain/admin/roles) */
  role: string;
  passwordHash: string;
  failedSignIns: Generated<number>;
  lockedAt: EpochMs | null;
  /** Stopped by an ADMIN: no sign-in, no session (migration 031). */
  disabledAt: EpochMs | null;
  totpSecret: string | null;
  totpEnabledAt: EpochMs | null;
  /** The last TOTP time step accepted: a code is good once. */
  lastTotpStep: number | null;
  createdAt: EpochMs;
  updatedAt: EpochMs;
  /** 1: the password was set by an ADMIN or the command line and must be changed first (migration 045). */
  passwordChangeRequired: Generated<number>;
  /** The ADMIN who created the account (null: the command line); who confirmed it and when (migration 061). */
  createdBy: string | null;
  confirmedBy: string | null;
  confirmedAt: EpochMs | null;
  /** 1 while the account waits for a second ADMIN's confirmation: no sign-in. */
  awaitingConfirmation: Generated<number>;
  /** A role change waiting for a second ADMIN, and who asked for it. */
  pendingRole: string | null;
  roleRequestedBy: string | null;
  /** 1 while a reset of the password, of the second factor, or a stop waits for a second ADMIN (migration 062). */
  pendingPasswordReset: Generated<number>;
  pendingSecondFactorReset: Generated<number>;
  pendingDisable: Generated<number>;
  /** 1 while restarting a stopped account, or lifting an ADMIN's sign-in limit, waits for a second ADMIN (migration 070). */
  pendingEnable: Generated<number>;
  pendingUnlock: Generated<number>;
  /** The provider account the member is linked to: the ID token's `iss` and `sub` (migration 072, decision 0253). */
  oidcIssuer: string | null;
  oidcSubject: string | null;
  /** A link waiting for a second ADMIN, and 1 while removing an ADMIN's link waits. */
  pendingOidcIssuer: string | null;
  pendingOidcSubject: string | null;
  pendingOidcUnlink: Generated<number>;
  /** The member's last sign-in through the provider. */
  lastOidcSignInAt: EpochMs | null;
}

/** Every ADMIN who created or changed the account since its last confirmation (migration 062): none of them confirms it. */
export interface StaffChangeAuthorsTable {
  staffId: string;
  changedBy: string;
  at: EpochMs;
}

/** A bank in four-eyes mode: it has had two ADMINs; only the command line takes it back (migration 062). */
export interface BankStaffModesTable {
  bankCode: string;
  fourEyesSince: EpochMs;
}

export interface StaffSessionsTable {
  id: string;
  tokenHash: string;
  staffId: string;
  createdAt: EpochMs;
  lastSeenAt: EpochMs;
  revokedAt: EpochMs | null;
  /** Where the session was opened from (migration 045; null before it). */
  ipAddress: string | null;
  userAgent: string | null;
  /** 1: opened by a sign-in through the bank's provider (migration 072, decision 0253). */
  viaProvider: Generated<number>;
  /** The hard end set by the provider's authentication (auth_time + the bank's session minutes); null: local sign-in. */
  expiresAt: EpochMs | null;
}

/** One sign-in sent to the bank's provider, taken once at its callback (migration 072). */
export interface StaffOidcStatesTable {
  /** Keyed hash of the browser's cookie. */
  id: string;
  bankCode: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  createdAt: EpochMs;
}

/** A bank's local sign-in opened to every member until `until` (migration 072, `npm run staff -- break-glass`). */
export interface StaffBreakGlassTable {
  bankCode: string;
  openedAt: EpochMs;
  until: EpochMs;
}

/** One-time recovery codes of a staff member's second factor, as keyed hashes (migration 045). */
export interface StaffRecoveryCodesTable {
  staffId: string;
  codeHash: string;
  createdAt: EpochMs;
  usedAt: EpochMs | null;
}

/** A staff member's passkey (WebAuthn credential) for one relying-party id (migration 055). */
export interface StaffPasskeysTable {
  /** Credential id, base64url. */
  id: string;
  staffId: string;
  rpId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  signCount: number;
  /** JSON array of the authenticator's transports, or null. */
  transports: string | null;
  createdAt: EpochMs;
  lastUsedAt: EpochMs | null;
}

/** The challenge of one WebAuthn ceremony, used once (migration 055). */
export interface StaffWebauthnChallengesTable {
  id: string;
  purpose: 'register' | 'sign-in';
  staffId: string | null;
  /** base64url, as sent to the browser. */
  challenge: string;
  rpId: string;
  createdAt: EpochMs;
}

export interface ApplicationReviewsTable {
  applicationId: string;
  /** APPROVED | REJECTED */
  outcome: string;
  reason: string | null;
  /** Staff id. */
  decidedBy: string;
  decidedAt: EpochMs;
  handedOverAt: EpochMs | null;
  handoverReference: string | null;
  cancelledAt: EpochMs | null;
  cancelReason: string | null;
  cancelledBy: string | null;
  /** The rejection reason the applicant may be shown (a key of shareableRejectionReasons), or null. */
  shareableReason: string | null;
  /** Staff id of the member who proposed the approval that `decidedBy` confirmed (migration 060). */
  proposedBy: string | null;
}

/** The live state of a case (migration 060, decision 0230). */
export interface ApplicationCasesTable {
  applicationId: string;
  proposedBy: string | null;
  proposedAt: EpochMs | null;
  assignedTo: string | null;
  assignedAt: EpochMs | null;
  /** An open proposal to cancel the approved application, with its reason (migration 063). */
  cancelProposedBy: string | null;
  cancelProposedAt: EpochMs | null;
  cancelReasonCode: string | null;
  cancelReason: string | null;
}

/** A case's history: one row per staff action on the application (migration 060). */
export interface ApplicationEventsTable {
  id: Generated<number>;
  applicationId: string;
  at: EpochMs;
  staffId: string | null;
  /** @koza/domain/admin/case caseEventKinds */
  kind: string;
  reasonCode: string | null;
  reason: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: EpochMs;
  bankCode: string;
  staffId: string | null;
  staffLoginId: string;
  action: string;
  applicationId: string | null;
  applicationNumber: string | null;
  detail: string | null;
  ipAddress: string;
  /** Migration 046: the request's user agent, and the keyed hash chain (null on rows before it). */
  userAgent: string | null;
  prevHash: string | null;
  rowHash: string | null;
}

export interface BackOfficeTables {
  staffUsers: StaffUsersTable;
  staffChangeAuthors: StaffChangeAuthorsTable;
  bankStaffModes: BankStaffModesTable;
  staffSessions: StaffSessionsTable;
  staffRecoveryCodes: StaffRecoveryCodesTable;
  staffPasskeys: StaffPasskeysTable;
  staffWebauthnChallenges: StaffWebauthnChallengesTable;
  staffOidcStates: StaffOidcStatesTable;
  staffBreakGlass: StaffBreakGlassTable;
  applicationReviews: ApplicationReviewsTable;
  applicationCases: ApplicationCasesTable;
  applicationEvents: ApplicationEventsTable;
  auditLog: AuditLogTable;
}
