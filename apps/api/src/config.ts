import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { defaultReviewTargetBusinessDays } from '@koza/domain/admin/case';
import { devAccountSystemPublicKeyPem } from './adapters/account-system-dev-key.ts';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { bankCodes, ekycMethodCutover, isBankCode } from '@koza/domain/constants';
import type { BankCode } from '@koza/domain/constants';
import { banks, devHostMap, hostName } from '@koza/domain/banks/banks';
import { staffAuth } from '@koza/domain/admin/rules';
import { parseDatabaseUrl } from './db/database.ts';
import { devStaffOidc } from './dev-staff-oidc.ts';
import type { DatabaseLocation } from './db/database.ts';

// Configuration comes from environment variables, validated once at start (DECISIONS.md §1).
// Outside production every value has a development default; in production a secret that is
// missing or still equal to its development default stops the process with the list of names.

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '');

export type NodeEnv = 'development' | 'test' | 'production';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  readonly env: NodeEnv;
  readonly isProduction: boolean;
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string;
  readonly database: DatabaseLocation;
  readonly defaultBankCode: BankCode;
  /** Host name (lower case, no port) → bank. Production: BANK_HOSTS only; otherwise dev hosts + BANK_HOSTS. */
  readonly hostMap: Readonly<Record<string, BankCode>>;
  /** What a request on a host missing from hostMap gets: the default bank (dev), or 421 (production). */
  readonly unknownHost: 'default-bank' | 'reject';
  readonly smtpUrl: string | null;
  /** log2 of scrypt's N for new staff password hashes: 15, lowered by STAFF_PASSWORD_LOG_N for test runs only. */
  readonly staffPasswordLogN: number;
  /** Per bank: business days within which its staff should decide a submitted application (the work queue colours later ones). */
  readonly reviewTargetBusinessDays: Readonly<Record<BankCode, number>>;
  readonly mailFrom: Readonly<Record<BankCode, string>>;
  readonly ekyc: {
    readonly providerUrl: string;
    readonly apiKey: string;
    readonly webhookSecret: string;
    /** YYYY-MM-DD: from this date (Japan time) sessions use JPKI instead of photo ID + face. */
    readonly jpkiCutover: string;
  };
  readonly publicBaseUrl: string;
  /** 32 bytes: AES-256-GCM key for PIN ciphertexts. */
  readonly pinDataKey: Buffer;
  /** HMAC-SHA256 key for verification codes, tokens and mail-address lookup hashes. */
  readonly codeHashKey: Buffer;
  /** PKCS#8 PEM of the RSA-3072 PIN key, or null: generate once and keep it in the database (dev only). */
  readonly pinPrivateKeyPem: string | null;
  /** The account system's RSA public key (SPKI PEM): the hand-over's PIN is encrypted to it (decision 0203). */
  readonly accountSystemPublicKeyPem: string;
  readonly webDistDir: string;
  readonly logLevel: LogLevel;
  /**
   * TRUST_PROXY: which X-Forwarded-For hops give the client IP (per-IP sending limits behind a load
   * balancer). Unset: none (the socket's address); `true`; a hop count; or addresses/CIDRs, comma-separated.
   */
  readonly trustProxy: boolean | number | string;
  /** Slow clients and shutdown (issue 12, docs/decisions/0092-slow-clients-and-shutdown.md). */
  readonly http: HttpLimits;
  /** How long personal data is kept (issue 12, docs/decisions/0093-retention.md). */
  readonly retention: RetentionPolicy;
  /** PostgreSQL connection pool of this instance (decision 0101). Ignored on SQLite. */
  readonly databasePool: PoolSettings;
  /** Prometheus metrics listener (decision 0103): its own port, loopback by default; null = off. */
  readonly metrics: { readonly host: string; readonly port: number } | null;
  /**
   * HANDOVER_DIR: where this host's exporter, when it is the one running, writes the hand-over files
   * (one per bank, day and format version; docs/decisions/0112, 0243, 0249).
   */
  readonly handoverDir: string;
  /** The hand-over exporter (docs/decisions/0249-handover-outbox.md). */
  readonly handoverExport: {
    /** HANDOVER_EXPORT_INTERVAL_MS: how often every instance looks for approvals to export (default 2 s). */
    readonly intervalMs: number;
    /**
     * HANDOVER_EXPORTER_ID: who claims the entries it writes; the default, `<host name>:<HANDOVER_DIR>`,
     * stays the same across restarts of one host, so a restarted instance completes what it began.
     */
    readonly exporterId: string;
  };
  /** ADMIN_DIST_DIR: the back office's build, served under /admin. */
  readonly adminDistDir: string;
  /** Per bank: its staff's OpenID Connect provider (decision 0253), or none. */
  readonly staffOidc: Readonly<Partial<Record<BankCode, StaffOidcProvider>>>;
  /**
   * Per bank (STAFF_LOCAL_SIGN_IN_<code>): `on`, every member may sign in with a password here; `off`
   * (only with a provider), only the command line's accounts may, and everyone during a break-glass
   * window (`npm run staff -- break-glass`, decision 0253).
   */
  readonly staffLocalSignIn: Readonly<Record<BankCode, 'on' | 'off'>>;
}

/** A bank's staff identity provider as this service's OpenID Connect relying party (decision 0253). */
export interface StaffOidcProvider {
  /** STAFF_OIDC_ISSUER_<code>: the issuer identifier (https in production), discovered at the first sign-in. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** STAFF_OIDC_REQUIRED_AMR_<code>: every one of these must be in the ID token's `amr`. */
  readonly requiredAmr: readonly string[];
  /** STAFF_OIDC_REQUIRED_ACR_<code>: the ID token's `acr` must be one of these (asked for as `acr_values`). */
  readonly requiredAcr: readonly string[];
  /** STAFF_OIDC_SESSION_MINUTES_<code>: a session ends at the latest this long after the provider's authentication (`max_age`). */
  readonly sessionMinutes: number;
}

export interface PoolSettings {
  /** DB_POOL_MAX: connections per instance (instances × this < max_connections). */
  readonly max: number;
  /** DB_CONNECT_TIMEOUT_MS: how long a request waits for a new connection before it gets 503. */
  readonly connectTimeoutMs: number;
  /** DB_QUERY_TIMEOUT_MS: server-side statement_timeout; the client gives up shortly after it. */
  readonly queryTimeoutMs: number;
}

export interface HttpLimits {
  /** Whole request (headers and body) must arrive within this; then 408. */
  readonly requestTimeoutMs: number;
  /** Headers must arrive within this; then 408. */
  readonly headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  readonly keepAliveTimeoutMs: number;
  /** Open connections in all; more are refused at once. */
  readonly maxConnections: number;
  /** Open connections from one client address; 0 = no cap (behind a proxy every client is the proxy). */
  readonly maxConnectionsPerIp: number;
  /** On SIGTERM: how long requests already received may take before the rest are cut. */
  readonly shutdownGraceMs: number;
  /** On SIGTERM: how long a connection with no request in progress stays open for a request already on its way. */
  readonly shutdownIdleCloseMs: number;
  /** Readiness answers 503 this long before the listener closes. */
  readonly shutdownReadyDelayMs: number;
}

export interface RetentionPolicy {
  /** Verification codes (used, expired or not) are deleted this long after they were created. */
  readonly verificationCodesMs: number;
  /** Sessions are deleted this long after they expired. */
  readonly expiredSessionsMs: number;
  /** Mails of the development outbox are deleted this long after they were written. */
  readonly mailOutboxMs: number;
  /** Applications never completed are erased (with documents, eKYC sessions, parents) this long after their last change. */
  readonly abandonedDraftsMs: number;
  /** Raw page views (with their device id) are deleted this long after they were recorded; the funnel's daily roll-up stays. */
  readonly pageViewsMs: number;
  /**
   * Decided applications keep a stub without personal data (number, bank, flow, branch, states and
   * dates) this long after the decision's end: an approval after its hand-over, a rejection after it
   * was decided, a cancellation after it took effect (decision 0239).
   */
  readonly handedOverMs: number;
  readonly rejectedMs: number;
  readonly cancelledMs: number;
  /** How often the job runs in each instance (one instance at a time does the work). */
  readonly intervalMs: number;
}

const day = 24 * 60 * 60 * 1000;
/** Defaults for a phone on a slow mobile network (see the decision record). */
export const httpDefaults = {
  HTTP_REQUEST_TIMEOUT_MS: 120_000,
  HTTP_HEADERS_TIMEOUT_MS: 20_000,
  HTTP_KEEP_ALIVE_TIMEOUT_MS: 10_000,
  HTTP_MAX_CONNECTIONS: 2_000,
  HTTP_MAX_CONNECTIONS_PER_IP: 64,
  SHUTDOWN_GRACE_MS: 8_000,
  SHUTDOWN_IDLE_CLOSE_MS: 1_500,
  SHUTDOWN_READY_DELAY_MS: 0,
} as const;
export const retentionDefaults = {
  RETENTION_VERIFICATION_CODES_DAYS: 1,
  RETENTION_EXPIRED_SESSIONS_DAYS: 1,
  RETENTION_MAIL_OUTBOX_DAYS: 7,
  RETENTION_ABANDONED_DRAFTS_DAYS: 30,
  RETENTION_PAGE_VIEWS_DAYS: 90,
  RETENTION_HANDED_OVER_DAYS: 90,
  RETENTION_REJECTED_DAYS: 180,
  RETENTION_CANCELLED_DAYS: 90,
  RETENTION_INTERVAL_MS: 60 * 60 * 1000,
} as const;

export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[], env: string) {
    super(`Configuration is not valid (NODE_ENV=${env}). Fix these environment variables and start again:\n` + problems.map((p) => `  - ${p}`).join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

// Development defaults. Public on purpose (they are in the repository): production refuses them.
const devSecret = (label: string) => createHash('sha256').update(`koza development only: ${label}`).digest();
export const devDefaults = {
  EKYC_API_KEY: 'dev-ekyc-api-key',
  EKYC_WEBHOOK_SECRET: 'dev-ekyc-webhook-secret',
  PIN_DATA_KEY: devSecret('PIN_DATA_KEY').toString('base64'),
  CODE_HASH_KEY: devSecret('CODE_HASH_KEY').toString('base64'),
  EKYC_PROVIDER_URL: 'http://127.0.0.1:3100',
  PUBLIC_BASE_URL: 'http://localhost:3000',
} as const;

const mailFromName = (code: BankCode) => `MAIL_FROM_${code}`;
const oidcNames = (code: BankCode) =>
  ({
    issuer: `STAFF_OIDC_ISSUER_${code}`,
    clientId: `STAFF_OIDC_CLIENT_ID_${code}`,
    clientSecret: `STAFF_OIDC_CLIENT_SECRET_${code}`,
    requiredAmr: `STAFF_OIDC_REQUIRED_AMR_${code}`,
    requiredAcr: `STAFF_OIDC_REQUIRED_ACR_${code}`,
    sessionMinutes: `STAFF_OIDC_SESSION_MINUTES_${code}`,
    localSignIn: `STAFF_LOCAL_SIGN_IN_${code}`,
  }) as const;

const devMailFrom = (code: BankCode) => `no-reply@${banks[code].devHost}`;
const reviewTargetName = (code: BankCode) => `REVIEW_TARGET_BUSINESS_DAYS_${code}`;

/** Names a production deployment must set (secrets and per-deployment addresses). */
export const requiredInProduction = [
  // Without it an instance would quietly use its own SQLite file: state split between instances (0105).
  'DATABASE_URL',
  'BANK_HOSTS',
  'SMTP_URL',
  ...bankCodes.map(mailFromName),
  'EKYC_PROVIDER_URL',
  'EKYC_API_KEY',
  'EKYC_WEBHOOK_SECRET',
  'PUBLIC_BASE_URL',
  'PIN_DATA_KEY',
  'CODE_HASH_KEY',
  'PIN_PRIVATE_KEY',
  'ACCOUNT_SYSTEM_PUBLIC_KEY',
] as const;

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const reviewTargetDays = z.coerce.number().int().min(1).max(30).optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optional,
  DEFAULT_BANK_CODE: z
    .string()
    .default('0177')
    .refine(isBankCode, { message: `one of ${bankCodes.join(', ')}` }),
  BANK_HOSTS: optional,
  SMTP_URL: optional,
  ...Object.fromEntries(bankCodes.map((c) => [mailFromName(c), optional])),
  ...Object.fromEntries(
    bankCodes.flatMap((c) => {
      // Read as text, checked in checkedStaffOidc (a number and a switch among them).
      return Object.values(oidcNames(c)).map((name) => [name, optional]);
    }),
  ),
  EKYC_PROVIDER_URL: optional,
  EKYC_API_KEY: optional,
  EKYC_WEBHOOK_SECRET: optional,
  EKYC_JPKI_CUTOVER: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00+09:00`)), 'a real date')
    .default(ekycMethodCutover),
  PUBLIC_BASE_URL: optional,
  PIN_DATA_KEY: optional,
  CODE_HASH_KEY: optional,
  PIN_PRIVATE_KEY: optional,
  ACCOUNT_SYSTEM_PUBLIC_KEY: optional,
  WEB_DIST_DIR: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: optional,
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(httpDefaults.HTTP_REQUEST_TIMEOUT_MS),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(httpDefaults.HTTP_HEADERS_TIMEOUT_MS),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(httpDefaults.HTTP_KEEP_ALIVE_TIMEOUT_MS),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(httpDefaults.HTTP_MAX_CONNECTIONS),
  // Unset: the default without TRUST_PROXY, no cap behind a proxy (the proxy caps per client).
  HTTP_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(1_000_000).optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(9_000).default(httpDefaults.SHUTDOWN_GRACE_MS),
  SHUTDOWN_IDLE_CLOSE_MS: z.coerce.number().int().min(0).max(9_000).default(httpDefaults.SHUTDOWN_IDLE_CLOSE_MS),
  // Readiness 503 this long before the listener closes: a probing load balancer's interval × threshold.
  SHUTDOWN_READY_DELAY_MS: z.coerce.number().int().min(0).max(30_000).default(httpDefaults.SHUTDOWN_READY_DELAY_MS),
  // Staff password hashing cost (log2 of scrypt's N, services/staff/staff-passwords.ts); below 15 only for tests.
  STAFF_PASSWORD_LOG_N: z.coerce.number().int().min(10).max(20).optional(),
  // The review target of every bank, and of one bank (REVIEW_TARGET_BUSINESS_DAYS_0177 …), which wins.
  REVIEW_TARGET_BUSINESS_DAYS: reviewTargetDays,
  ...Object.fromEntries(bankCodes.map((c) => [reviewTargetName(c), reviewTargetDays])),
  RETENTION_VERIFICATION_CODES_DAYS: z.coerce.number().positive().max(3650).default(retentionDefaults.RETENTION_VERIFICATION_CODES_DAYS),
  RETENTION_EXPIRED_SESSIONS_DAYS: z.coerce.number().positive().max(3650).default(retentionDefaults.RETENTION_EXPIRED_SESSIONS_DAYS),
  RETENTION_MAIL_OUTBOX_DAYS: z.coerce.number().positive().max(3650).default(retentionDefaults.RETENTION_MAIL_OUTBOX_DAYS),
  RETENTION_ABANDONED_DRAFTS_DAYS: z.coerce.number().positive().max(3650).default(retentionDefaults.RETENTION_ABANDONED_DRAFTS_DAYS),
  RETENTION_PAGE_VIEWS_DAYS: z.coerce.number().positive().max(3650).default(retentionDefaults.RETENTION_PAGE_VIEWS_DAYS),
  RETENTION_HANDED_OVER_DAYS: z.coerce.number().positive().max(3650).default(retentionDefaults.RETENTION_HANDED_OVER_DAYS),
  RETENTION_REJECTED_DAYS: z.coerce.number().positive().max(3650).default(retentionDefaults.RETENTION_REJECTED_DAYS),
  RETENTION_CANCELLED_DAYS: z.coerce.number().positive().max(3650).default(retentionDefaults.RETENTION_CANCELLED_DAYS),
  RETENTION_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(7 * day)
    .default(retentionDefaults.RETENTION_INTERVAL_MS),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(3000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  METRICS_PORT: z
    .string()
    .regex(/^(off|\d{1,5})$/, 'a port number or off')
    .optional()
    .refine((v) => v === undefined || v === 'off' || Number(v) <= 65535, 'a port number or off'),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  HANDOVER_DIR: optional,
  HANDOVER_EXPORT_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  HANDOVER_EXPORTER_ID: z.string().trim().min(1).max(300).optional(),
  ADMIN_DIST_DIR: optional,
});

type Env = Record<string, string | undefined>;

type ParsedEnv = z.infer<typeof envSchema> & Record<string, string | undefined>;

/** The keys: the PIN's data key, the code hash key, the PIN's private key and the account system's public key, checked. */
function checkedKeys(e: ParsedEnv, value: (name: keyof typeof devDefaults) => string, isProduction: boolean, problems: string[]) {
  const pinDataKey = Buffer.from(value('PIN_DATA_KEY'), 'base64');
  if (pinDataKey.length !== 32 || !isBase64(value('PIN_DATA_KEY'))) {
    problems.push('PIN_DATA_KEY: must be 32 random bytes in base64 (openssl rand -base64 32)');
  }
  const codeHashKey = decodeKey(value('CODE_HASH_KEY'));
  if (codeHashKey.length < 32) problems.push('CODE_HASH_KEY: must be at least 32 bytes (openssl rand -base64 32)');

  let pinPrivateKeyPem: string | null = null;
  if (e.PIN_PRIVATE_KEY !== undefined) {
    try {
      pinPrivateKeyPem = readPrivateKey(e.PIN_PRIVATE_KEY);
    } catch (error) {
      problems.push(`PIN_PRIVATE_KEY: ${(error as Error).message}`);
    }
  }

  let accountSystemPublicKeyPem = devAccountSystemPublicKeyPem;
  if (e.ACCOUNT_SYSTEM_PUBLIC_KEY !== undefined) {
    try {
      accountSystemPublicKeyPem = readPublicKey(e.ACCOUNT_SYSTEM_PUBLIC_KEY);
      if (isProduction && accountSystemPublicKeyPem === readPublicKey(devAccountSystemPublicKeyPem)) {
        problems.push('development default used in production: ACCOUNT_SYSTEM_PUBLIC_KEY');
      }
    } catch (error) {
      problems.push(`ACCOUNT_SYSTEM_PUBLIC_KEY: ${(error as Error).message}`);
    }
  }
  return { pinDataKey, codeHashKey, pinPrivateKeyPem, accountSystemPublicKeyPem };
}

/** Each bank's mail sender (MAIL_FROM_<code>), checked: a mail address, and not the development default in production. */
function checkedMailFrom(e: ParsedEnv, isProduction: boolean, problems: string[]): Record<BankCode, string> {
  return Object.fromEntries(
    bankCodes.map((code) => {
      const address = e[mailFromName(code)] ?? devMailFrom(code);
      if (isProduction && address === devMailFrom(code)) problems.push(`${mailFromName(code)}: development default used in production`);
      if (!/^[^\s@<>]+@[^\s@<>]+$/.test(address) && !/<[^\s@<>]+@[^\s@<>]+>$/.test(address)) {
        problems.push(`${mailFromName(code)}: not a mail address`);
      }
      return [code, address];
    }),
  ) as Record<BankCode, string>;
}

/** A list of claim values: comma-separated, each a token without spaces. */
const claimValues = (text: string | undefined): string[] | null => {
  const values = (text ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return values.every((v) => /^[\x21-\x7e]{1,100}$/.test(v)) ? values : null;
};

/**
 * Each bank's staff identity provider (decision 0253), checked. Outside production a bank without
 * STAFF_OIDC_ISSUER_<code> uses the development provider (`off`: none), and the client and the MFA
 * claim default to the development provider's; in production a bank has one
 * only when its issuer is set, and then needs an https issuer, its client id and secret (not the
 * development one), and the MFA claim it requires (amr or acr). Local sign-in off needs a provider.
 */
function checkedStaffOidc(e: ParsedEnv, isProduction: boolean, problems: string[]) {
  const providers: Partial<Record<BankCode, StaffOidcProvider>> = {};
  const localSignIn = {} as Record<BankCode, 'on' | 'off'>;
  for (const code of bankCodes) {
    const n = oidcNames(code);
    const given = e[n.issuer];
    const local = e[n.localSignIn] ?? 'on';
    if (local !== 'on' && local !== 'off') problems.push(`${n.localSignIn}: on or off`);
    localSignIn[code] = local === 'off' ? 'off' : 'on';
    const minutes = Number(e[n.sessionMinutes] ?? 8 * 60);
    // Up to the staff session's own absolute lifetime.
    const maxMinutes = staffAuth.absoluteHours * 60;
    if (!Number.isInteger(minutes) || minutes < 5 || minutes > maxMinutes) problems.push(`${n.sessionMinutes}: whole minutes, 5 to ${maxMinutes}`);
    const issuer = given === 'off' ? undefined : (given ?? (isProduction ? undefined : devStaffOidc.issuer(code)));
    if (issuer === undefined) {
      if (localSignIn[code] === 'off') problems.push(`${n.localSignIn}: off needs a provider (${n.issuer})`);
      continue;
    }
    if (!URL.canParse(issuer) || new URL(issuer).search !== '' || new URL(issuer).hash !== '') problems.push(`${n.issuer}: not an issuer URL`);
    else if (isProduction && !issuer.startsWith('https://')) problems.push(`${n.issuer}: must be https:// in production`);
    const clientId = e[n.clientId] ?? (isProduction ? undefined : devStaffOidc.clientId(code));
    const clientSecret = e[n.clientSecret] ?? (isProduction ? undefined : devStaffOidc.clientSecret(code));
    if (clientId === undefined) problems.push(`${n.clientId}: missing (the client id the provider gave this service)`);
    if (clientSecret === undefined) problems.push(`missing in production: ${n.clientSecret}`);
    else if (isProduction && clientSecret === devStaffOidc.clientSecret(code)) problems.push(`development default used in production: ${n.clientSecret}`);
    else if (isProduction && clientSecret.length < 16) problems.push(`${n.clientSecret}: too short for a client secret`);
    const requiredAmr = claimValues(e[n.requiredAmr] ?? (isProduction || e[n.requiredAcr] !== undefined ? '' : devStaffOidc.requiredAmr.join(',')));
    const requiredAcr = claimValues(e[n.requiredAcr]);
    if (requiredAmr === null) problems.push(`${n.requiredAmr}: comma-separated amr values`);
    if (requiredAcr === null) problems.push(`${n.requiredAcr}: comma-separated acr values`);
    // The provider proves the second factor: a provider whose sign-in could be a password alone is refused.
    if (requiredAmr?.length === 0 && requiredAcr?.length === 0) {
      problems.push(`${n.requiredAmr} or ${n.requiredAcr}: the MFA the provider must report (e.g. amr mfa, or the acr of its MFA policy)`);
    }
    providers[code] = {
      // Exactly as the provider states it (its discovery document's issuer): some end with a slash.
      issuer,
      clientId: clientId ?? '',
      clientSecret: clientSecret ?? '',
      requiredAmr: requiredAmr ?? [],
      requiredAcr: requiredAcr ?? [],
      sessionMinutes: minutes,
    };
  }
  return { providers, localSignIn };
}

function httpSettings(e: ParsedEnv, trustProxy: Config['trustProxy']): Config['http'] {
  return {
    requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
    keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: e.HTTP_MAX_CONNECTIONS,
    maxConnectionsPerIp: e.HTTP_MAX_CONNECTIONS_PER_IP ?? (trustProxy === false ? httpDefaults.HTTP_MAX_CONNECTIONS_PER_IP : 0),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownIdleCloseMs: e.SHUTDOWN_IDLE_CLOSE_MS,
    shutdownReadyDelayMs: e.SHUTDOWN_READY_DELAY_MS,
  };
}

/** How long each kind of data is kept (decisions 0093, 0239), in milliseconds. */
function retentionSettings(e: ParsedEnv): Config['retention'] {
  return {
    verificationCodesMs: e.RETENTION_VERIFICATION_CODES_DAYS * day,
    expiredSessionsMs: e.RETENTION_EXPIRED_SESSIONS_DAYS * day,
    mailOutboxMs: e.RETENTION_MAIL_OUTBOX_DAYS * day,
    abandonedDraftsMs: e.RETENTION_ABANDONED_DRAFTS_DAYS * day,
    pageViewsMs: e.RETENTION_PAGE_VIEWS_DAYS * day,
    handedOverMs: e.RETENTION_HANDED_OVER_DAYS * day,
    rejectedMs: e.RETENTION_REJECTED_DAYS * day,
    cancelledMs: e.RETENTION_CANCELLED_DAYS * day,
    intervalMs: e.RETENTION_INTERVAL_MS,
  };
}

/** Reads and validates the configuration; throws ConfigError listing every problem at once. */
export function loadConfig(env: Env = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const nodeEnv = typeof env.NODE_ENV === 'string' ? env.NODE_ENV : 'development';
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      nodeEnv,
    );
  }
  const e = parsed.data as ParsedEnv;
  const isProduction = e.NODE_ENV === 'production';
  const problems: string[] = [];

  // In production: present, and not a development default.
  if (isProduction) {
    const missing = requiredInProduction.filter((name) => e[name] === undefined);
    if (missing.length > 0) problems.push(`missing in production: ${missing.join(', ')}`);
    const devValued = (Object.keys(devDefaults) as (keyof typeof devDefaults)[]).filter((name) => e[name] === devDefaults[name]);
    if (devValued.length > 0) problems.push(`development default used in production: ${devValued.join(', ')}`);
  }
  if (isProduction && e.STAFF_PASSWORD_LOG_N !== undefined && e.STAFF_PASSWORD_LOG_N < 15) {
    problems.push('STAFF_PASSWORD_LOG_N: below 15 is for tests only, not production');
  }
  const value = (name: keyof typeof devDefaults): string => e[name] ?? devDefaults[name];

  let database: DatabaseLocation | undefined;
  const databaseUrl = e.DATABASE_URL ?? `sqlite:${repoRoot}/var/koza.sqlite`;
  try {
    database = parseDatabaseUrl(databaseUrl, repoRoot);
  } catch (error) {
    problems.push(`DATABASE_URL: ${(error as Error).message}`);
  }

  let configuredHosts: Record<string, BankCode> = {};
  try {
    configuredHosts = parseBankHosts(e.BANK_HOSTS ?? '');
  } catch (error) {
    problems.push(`BANK_HOSTS: ${(error as Error).message}`);
  }

  const { pinDataKey, codeHashKey, pinPrivateKeyPem, accountSystemPublicKeyPem } = checkedKeys(e, value, isProduction, problems);

  for (const name of ['EKYC_PROVIDER_URL', 'PUBLIC_BASE_URL'] as const) {
    if (!URL.canParse(value(name))) problems.push(`${name}: not a URL`);
  }
  if (isProduction && e.PUBLIC_BASE_URL !== undefined && !e.PUBLIC_BASE_URL.startsWith('https://')) {
    problems.push('PUBLIC_BASE_URL: must be https:// in production');
  }
  if (e.SMTP_URL !== undefined && !/^smtps?:\/\//.test(e.SMTP_URL)) problems.push('SMTP_URL: must start with smtp:// or smtps://');

  const mailFrom = checkedMailFrom(e, isProduction, problems);
  const staffOidc = checkedStaffOidc(e, isProduction, problems);

  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    problems.push('HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS');
  }

  // Trusting every hop lets any client write its own address into X-Forwarded-For (and dodge the
  // per-IP limits): production names its load balancers (decision 0102).
  if (isProduction && e.TRUST_PROXY === 'true') {
    problems.push('TRUST_PROXY: "true" trusts every client in production; list the load balancers\' addresses (comma-separated)');
  }

  if (problems.length > 0) throw new ConfigError(problems, e.NODE_ENV);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);

  const databasePool: PoolSettings = { max: e.DB_POOL_MAX, connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS, queryTimeoutMs: e.DB_QUERY_TIMEOUT_MS };
  const hostMap = isProduction ? configuredHosts : { ...devHostMap, ...configuredHosts };
  const handoverDir = resolve(e.HANDOVER_DIR ?? `${repoRoot}/var/handover`);

  return deepFreeze({
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    databaseUrl,
    // The pool settings travel with the location, so every openDatabase(config.database) uses them.
    database: database!.dialect === 'postgres' ? { ...database!, pool: databasePool } : database!,
    defaultBankCode: e.DEFAULT_BANK_CODE as BankCode,
    hostMap,
    unknownHost: isProduction ? 'reject' : 'default-bank',
    smtpUrl: e.SMTP_URL ?? null,
    // OWASP's scrypt cost (N = 2^15, r = 8, p = 3; services/staff/staff-passwords.ts).
    staffPasswordLogN: e.STAFF_PASSWORD_LOG_N ?? 15,
    reviewTargetBusinessDays: Object.fromEntries(
      bankCodes.map((code) => [code, (e[reviewTargetName(code)] as number | undefined) ?? e.REVIEW_TARGET_BUSINESS_DAYS ?? defaultReviewTargetBusinessDays]),
    ) as Record<BankCode, number>,
    mailFrom,
    ekyc: {
      providerUrl: value('EKYC_PROVIDER_URL').replace(/\/$/, ''),
      apiKey: value('EKYC_API_KEY'),
      webhookSecret: value('EKYC_WEBHOOK_SECRET'),
      jpkiCutover: e.EKYC_JPKI_CUTOVER,
    },
    publicBaseUrl: value('PUBLIC_BASE_URL').replace(/\/$/, ''),
    pinDataKey,
    codeHashKey,
    pinPrivateKeyPem,
    accountSystemPublicKeyPem,
    webDistDir: e.WEB_DIST_DIR ?? `${repoRoot}/apps/web/dist`,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy,
    http: httpSettings(e, trustProxy),
    retention: retentionSettings(e),
    databasePool,
    // Default: 9464 in production; off elsewhere (tests and e2e start many servers side by side).
    metrics: metricsPort(e.METRICS_PORT, isProduction) === null ? null : { host: e.METRICS_HOST, port: metricsPort(e.METRICS_PORT, isProduction)! },
    handoverDir,
    handoverExport: { intervalMs: e.HANDOVER_EXPORT_INTERVAL_MS, exporterId: e.HANDOVER_EXPORTER_ID ?? `${hostname()}:${handoverDir}` },
    adminDistDir: e.ADMIN_DIST_DIR ?? `${repoRoot}/apps/admin/dist`,
    staffOidc: staffOidc.providers,
    staffLocalSignIn: staffOidc.localSignIn,
  }) as Config;
}

/** `0177=a.example.jp,b.example.jp;0587=c.example.jp` → { 'a.example.jp': '0177', … } */
export function parseBankHosts(text: string): Record<string, BankCode> {
  const map: Record<string, BankCode> = {};
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const code = part.slice(0, eq).trim();
    if (eq < 0 || !isBankCode(code)) throw new Error(`"${part}" is not BANKCODE=host[,host…] with a known bank code`);
    for (const raw of part
      .slice(eq + 1)
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean)) {
      const host = hostName(raw);
      if (!/^[a-z0-9.-]+$/.test(host)) throw new Error(`"${raw}" is not a host name`);
      if (map[host] !== undefined && map[host] !== code) throw new Error(`${host} is given to two banks`);
      map[host] = code;
    }
  }
  return map;
}

function metricsPort(value: string | undefined, isProduction: boolean): number | null {
  if (value === 'off') return null;
  if (value === undefined) return isProduction ? 9464 : null;
  return Number(value);
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

const isBase64 = (s: string) => /^[A-Za-z0-9+/]+={0,2}$/.test(s);
const decodeKey = (s: string) => (isBase64(s) && s.length % 4 === 0 ? Buffer.from(s, 'base64') : Buffer.from(s, 'utf8'));

/**
 * An RSA key of at least 3072 bits as PEM: given as PEM text (escaped \\n allowed), base64 of PEM
 * text, or base64 of DER (PKCS#8 for a private key, SPKI for a public one).
 */
function readRsaKey(text: string, kind: 'private' | 'public'): string {
  const create = (input: string | Buffer): KeyObject =>
    typeof input === 'string'
      ? kind === 'private'
        ? createPrivateKey(input)
        : createPublicKey(input)
      : kind === 'private'
        ? createPrivateKey({ key: input, format: 'der', type: 'pkcs8' })
        : createPublicKey({ key: input, format: 'der', type: 'spki' });
  const der = kind === 'private' ? 'pkcs8' : 'spki';
  let key;
  const unescaped = text.replace(/\\n/g, '\n');
  if (unescaped.includes('-----BEGIN')) key = create(unescaped);
  else {
    const bytes = Buffer.from(text, 'base64');
    const asText = bytes.toString('utf8');
    key = create(asText.includes('-----BEGIN') ? asText : bytes);
  }
  if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 3072) {
    throw new Error(`must be an RSA ${kind} key of at least 3072 bits`);
  }
  return key.export({ format: 'pem', type: der }).toString();
}

const readPrivateKey = (text: string) => readRsaKey(text, 'private');
const readPublicKey = (text: string) => readRsaKey(text, 'public');

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
