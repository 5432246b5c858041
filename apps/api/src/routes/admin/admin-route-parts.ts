import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BankCode } from '@koza/domain/constants';
import type { EkycProvider } from '../../adapters/ekyc-provider.ts';
import type { HandoverEntry, HandoverRecord } from '../../adapters/handover-format.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { MailSender } from '../../adapters/mail.ts';
import type { Db } from '../../db/database.ts';
import type { AppMetrics } from '../../plugins/metrics.ts';
import { toJapanIso } from '../../services/platform/japan-iso-time.ts';
import type { StaffOidc } from '../../services/staff/staff-oidc.ts';

// What the back office's route files share: their dependencies and the app they are declared on, the
// id parameters, the audit line of a search, the day in an export's file name. The route files import
// this module, never admin-routes.ts, which registers them (no import cycle, decision 0251).

export const idParams = z.object({ id: z.string().min(1).max(64) });

/** The Japan day of an instant as YYYYMMDD (an export's file name). */
export const japanDayOf = (epochMs: number): string => toJapanIso(epochMs).slice(0, 10).replaceAll('-', '');

/** Filters a staff member searched with, for the audit line: a name searched for is personal data, so only that one was given is kept (decision 0239). */
export function filterText(q: Record<string, unknown>): string {
  return Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${k === 'kanaName' ? '(指定あり)' : String(v)}`)
    .join('&');
}

export interface AdminRouteDeps {
  db: Db;
  clock: Clock;
  mail: MailSender;
  /** Formats an approval's hand-over for the outbox (decision 0249). */
  formatHandover: (record: HandoverRecord) => HandoverEntry;
  codeHashKey: Buffer;
  dataKey: Buffer;
  accountSystemPublicKeyPem: string;
  /** log2 of scrypt's N for new staff password hashes (config `staffPasswordLogN`). */
  passwordLogN: number;
  isProduction: boolean;
  metrics: AppMetrics;
  /** Each bank's target for deciding a case (config REVIEW_TARGET_BUSINESS_DAYS[_<bank code>], default 2). */
  reviewTargetBusinessDays: Readonly<Record<BankCode, number>>;
  /** For the case view's read data (what the provider read from the identity document) and the verification record. */
  ekycProvider: EkycProvider;
  /** Who the provider is, in the verification record (the host of EKYC_PROVIDER_URL). */
  ekycProviderName: string;
  /** EKYC_JPKI_CUTOVER: the amended ordinance's first day; the items cited follow it (decision 0248). */
  ordinanceAmendedFrom: string;
  /** The banks' staff identity providers and whether their local sign-in is on (decision 0253). */
  staffOidc: StaffOidc;
}

/** The Fastify instance the admin routes are declared on (the zod type provider). */
export type AdminApp = Parameters<FastifyPluginAsyncZod<AdminRouteDeps>>[0];
