// The zod contract of every /api/admin JSON body (decision 0060's pattern for the staff side):
// the API declares these schemas on its routes and the admin app parses its answers with them.

import { z } from 'zod';
import { applicationTypes } from '../constants.ts';
import { shareableRejectionReasonCodes } from '../application-status.ts';
import { adminMessages } from '../admin/messages.ts';
import { staffRoles } from '../admin/roles.ts';
import { permissions } from '../admin/roles.ts';
import { auditActions, reviewStatuses, staffAuth } from '../admin/rules.ts';
import { cancelReasons, caseEventKinds, queueSorts, queueViews, rejectReasons } from '../admin/case.ts';
import type { CaseAction, RejectReason } from '../admin/case.ts';
import { containsForbiddenChars } from '../fields/rule-building-blocks.ts';
import { messages } from '../messages.ts';
import { parseIsoDate } from '../dates.ts';

/**
 * The one rule for every free text a staff member writes (issue 25; decision 0091's refusal of
 * control and format characters, as for the applicant's fields): checked as sent, before trimming;
 * `multiline` keeps line breaks (normalised to \n) and refuses every other such character.
 */
export function staffText(o: { required: string; max: number; tooLong?: string; multiline?: boolean }) {
  return z
    .string({ error: o.required })
    .refine((s) => !containsForbiddenChars(o.multiline ? s.replace(/\r\n?|\n/g, '') : s), messages.forbiddenChars)
    .transform((s) => (o.multiline ? s.replace(/\r\n?/g, '\n') : s).trim())
    .pipe(
      z
        .string()
        .min(1, o.required)
        .max(o.max, o.tooLong ?? o.required),
    );
}

/** A WebAuthn answer as @simplewebauthn/browser sends it (its contents are checked by the API's library). */
const webauthnText = z.string().max(4096);
const webauthnCredential = <T extends z.ZodRawShape>(response: T) =>
  z.object({
    id: z.string().max(1400),
    rawId: z.string().max(1400),
    type: z.literal('public-key'),
    response: z.object(response),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()),
  });
export const passkeyAssertionSchema = webauthnCredential({
  clientDataJSON: webauthnText,
  authenticatorData: webauthnText,
  signature: webauthnText,
  userHandle: webauthnText.optional(),
});
export const passkeyAttestationSchema = webauthnCredential({
  clientDataJSON: webauthnText,
  attestationObject: webauthnText,
  authenticatorData: webauthnText.optional(),
  transports: z.array(z.string().max(32)).max(10).optional(),
  publicKeyAlgorithm: z.number().optional(),
  publicKey: webauthnText.optional(),
});

/** The options of a WebAuthn ceremony and the id of its challenge (sent back with the answer). */
export const passkeyOptionsSchema = z.object({ challengeId: z.string(), options: z.looseObject({ challenge: z.string() }) });
/** Once enrolled: the 6 digits of the authenticator app, or one of the recovery codes (absent when empty). */
const secondFactorCode = z
  .string()
  .max(20)
  .transform((s) => s.trim())
  .optional()
  .transform((s) => (s ? s : undefined));

/**
 * The member's second factor asked again within a request that changes an authenticator or the
 * password (issue 42, ASVS 5.0 V6.4, decision 0220 addendum): a fresh code of the authenticator app
 * (or an unused recovery code), or a passkey's answer to a challenge of POST /sign-in/passkey-options.
 */
export const reauthBodySchema = z.object({
  totpCode: secondFactorCode,
  reauthPasskey: z.object({ challengeId: z.string().max(64), response: passkeyAssertionSchema }).optional(),
});
/** The back office's forms that ask the second factor again: the app's code (or a recovery code) typed in. */
export const reauthCodeSchema = z.object({ totpCode: z.string().trim().min(1, adminMessages.reauthRequired).max(20, adminMessages.reauthFailed) });
export const passkeyRegisterBodySchema = z.object({ challengeId: z.string().max(64), response: passkeyAttestationSchema });
export const passkeyListSchema = z.object({
  items: z.array(z.object({ id: z.string(), host: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })),
});

export const signInBodySchema = z.object({
  loginId: z.string({ error: adminMessages.loginIdRequired }).min(1, adminMessages.loginIdRequired).max(64, adminMessages.signInFailed),
  password: z
    .string({ error: adminMessages.passwordRequired })
    .min(1, adminMessages.passwordRequired)
    .max(staffAuth.passwordMaxLength, adminMessages.signInFailed),
  /** A passkey's answer to the challenge of POST /sign-in/passkey-options, instead of a code. */
  passkey: z.object({ challengeId: z.string().max(64), response: passkeyAssertionSchema }).optional(),
  /** Once enrolled: the 6 digits of the authenticator app, or one of the recovery codes. */
  totpCode: secondFactorCode,
});

export const staffSchema = z.object({
  id: z.string(),
  loginId: z.string(),
  displayName: z.string(),
  role: z.enum(staffRoles),
  bankCode: z.string(),
  bankName: z.string(),
});

export const staffSessionSchema = z.object({
  staff: staffSchema,
  permissions: z.array(z.enum(permissions)),
  /** Send back as X-CSRF-Token on every call that changes something. */
  csrfToken: z.string(),
  /** No second factor yet: only TOTP enrolment is allowed until it is done. */
  totpSetupRequired: z.boolean(),
  /** The password was set by an ADMIN or the command line: only changing it is allowed until it is done. */
  passwordChangeRequired: z.boolean(),
  /** The member's sign-in before this one (Japan time, ISO) and its address; null the first time. */
  previousSignIn: z.object({ at: z.string(), ipAddress: z.string().nullable() }).nullable(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** Optional free words added to a chosen reason (required with その他). */
const freeReason = z.preprocess(
  (v) => (v === '' ? undefined : v),
  staffText({ required: adminMessages.reasonRequired, max: 500, tooLong: adminMessages.reasonTooLong, multiline: true }).optional(),
);

/** A reason chosen from `choices` plus the staff's own words (decision 0230); その他 needs the words. */
function chosenReason<C extends Record<string, string>>(choices: C) {
  return z
    .object({
      reasonCode: z.enum(Object.keys(choices) as [keyof C & string, ...(keyof C & string)[]], { error: adminMessages.reasonChoiceRequired }),
      reason: freeReason,
    })
    .refine((b) => b.reasonCode !== 'OTHER' || b.reason !== undefined, { path: ['reason'], message: adminMessages.reasonOtherRequired });
}

/** POST /applications/:id/cancel: a reason of the list (cancelReasons) and optional words. */
export const cancelBodySchema = chosenReason(cancelReasons);

/**
 * POST /applications/:id/reject: a reason of the list (rejectReasons) with optional words, and
 * optionally one of the fixed reasons the applicant's status page may show (decision 0192).
 */
export const rejectBodySchema = z
  .object({
    reasonCode: z.enum(Object.keys(rejectReasons) as [RejectReason, ...RejectReason[]], { error: adminMessages.reasonChoiceRequired }),
    reason: freeReason,
    shareableReason: z
      .enum(shareableRejectionReasonCodes)
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((b) => b.reasonCode !== 'OTHER' || b.reason !== undefined, { path: ['reason'], message: adminMessages.reasonOtherRequired });

const newPassword = z
  .string({ error: adminMessages.passwordTooShort })
  .min(staffAuth.passwordMinLength, adminMessages.passwordTooShort)
  .max(staffAuth.passwordMaxLength, adminMessages.passwordTooLong);

export const staffCreateBodySchema = z.object({
  loginId: z.string().regex(/^[A-Za-z0-9._-]{3,64}$/, adminMessages.loginIdInvalid),
  displayName: staffText({ required: adminMessages.displayNameRequired, max: 100 }),
  role: z.enum(staffRoles, { error: adminMessages.roleRequired }),
  password: newPassword,
});

/** POST /staff/:id/role: the member's new role (waits for a second ADMIN where the bank has two or more). */
export const staffRoleBodySchema = z.object({ role: z.enum(staffRoles, { error: adminMessages.roleRequired }) });

/** The operator (`npm run staff -- reset-password`) sets a new initial password for a staff member who forgot theirs. */
export const staffPasswordResetBodySchema = z.object({ password: newPassword });

/**
 * The answer to an ADMIN's change of a member (role, password or second-factor reset, stop) and to
 * its confirmation (decision 0233): whether it waits for a different ADMIN, and the one-time
 * password the server chose, shown once to the ADMIN who made it take effect (for the member in
 * person), never to the one who asked for it where a second ADMIN confirms.
 */
export const staffChangeResultSchema = z.object({ awaitingConfirmation: z.boolean(), oneTimePassword: z.string().nullable() });

/** A staff member changes their own password. */
export const passwordChangeBodySchema = z
  .object({
    currentPassword: z.string({ error: adminMessages.currentPasswordWrong }).min(1, adminMessages.currentPasswordWrong).max(staffAuth.passwordMaxLength),
    newPassword,
  })
  .refine((b) => b.newPassword !== b.currentPassword, { path: ['newPassword'], message: adminMessages.passwordUnchanged });

export const staffListItemSchema = staffSchema.extend({
  locked: z.boolean(),
  /** Held back by the sign-in throttle (decision 0202) until this time (Japan time, ISO); null: not now. */
  signInLimitedUntil: z.string().nullable(),
  /** Stopped by an ADMIN (a leaver, a long absence): cannot sign in, sessions ended. */
  disabled: z.boolean(),
  totpEnabled: z.boolean(),
  createdAt: z.string(),
  /** Who created the account (null: the command line) and who confirmed it or its last role change (decision 0233). */
  createdBy: z.string().nullable(),
  confirmedBy: z.string().nullable(),
  /** Waiting for a second ADMIN: the new account cannot sign in yet. */
  awaitingConfirmation: z.boolean(),
  /** A role change waiting for a second ADMIN. */
  pendingRole: z.enum(staffRoles).nullable(),
  /** A password reset, a second-factor reset, a stop, a restart or an ADMIN's unlock waiting for a second ADMIN (decision 0233). */
  pendingPasswordReset: z.boolean(),
  pendingSecondFactorReset: z.boolean(),
  pendingDisable: z.boolean(),
  pendingEnable: z.boolean(),
  pendingUnlock: z.boolean(),
  /** Display names of the ADMINs who asked for what waits: none of them may confirm it. */
  changedBy: z.array(z.string()),
  /**
   * The bank identity provider's account the member is linked to (its `sub`; decision 0253), a link
   * or its removal waiting for a second ADMIN, and the member's last sign-in through the provider.
   */
  oidcSubject: z.string().nullable(),
  pendingOidcSubject: z.string().nullable(),
  pendingOidcUnlink: z.boolean(),
  lastOidcSignInAt: z.string().nullable(),
});
export const staffListSchema = z.object({ items: z.array(staffListItemSchema) });

/** A member's live sessions, as an ADMIN sees them (and can end them). */
export const staffSessionsSchema = z.object({
  items: z.array(
    z.object({
      createdAt: z.string(),
      lastSeenAt: z.string(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
      /** Opened by a sign-in through the bank's identity provider. */
      viaProvider: z.boolean(),
    }),
  ),
});

/** What the sign-in screen offers at this bank's host (decision 0253). */
export const signInOptionsSchema = z.object({
  /** The bank signs its staff in through its identity provider (GET /api/admin/oidc/start). */
  provider: z.boolean(),
  /** `off`: the password form is for the command line's accounts and break-glass only. */
  localSignIn: z.enum(['on', 'off']),
});

/** An ADMIN links a member to the provider's account (`sub`, as the bank's directory shows it). */
export const staffOidcLinkBodySchema = z.object({
  subject: z
    .string({ error: adminMessages.oidcSubjectInvalid })
    .trim()
    .regex(/^[\x21-\x7e]{1,255}$/, adminMessages.oidcSubjectInvalid),
});

export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string() });
/** The answer to a confirmed enrolment: the one-time recovery codes, shown once. */
export const totpConfirmedSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const totpConfirmBodySchema = z.object({ totpCode: z.string().regex(/^\d{6}$/, adminMessages.totpWrong) });

/** A real calendar day `YYYY-MM-DD` (not 2025-13-45, nor 2026-02-30). */
const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => parseIsoDate(s) !== null);

/** Query of the list and its CSV export: every filter optional. */
/** The images of a photo-ID-and-face check, by the provider's kind, with the words staff read (decision 0240). */
export const ekycEvidenceLabels = {
  front: '本人確認書類（表面）',
  back: '本人確認書類（裏面）',
  tilt: '本人確認書類（厚み）',
  face: '容貌（顔写真）',
  'child-face': 'お子さまの容貌（顔写真）',
} as const;
export const ekycEvidenceKinds = Object.keys(ekycEvidenceLabels) as [keyof typeof ekycEvidenceLabels, ...(keyof typeof ekycEvidenceLabels)[]];

export const applicationListQuerySchema = z.object({
  status: z.enum(reviewStatuses).optional(),
  type: z.enum(applicationTypes).optional(),
  /** Completion day (Japan time), inclusive. */
  from: dateText.optional(),
  to: dateText.optional(),
  applicationNumber: z.string().max(40).optional(),
  /** Half- or full-width katakana, part of the applicant's (or parent's) kana name. */
  kanaName: z.string().max(60).optional(),
  /** The bank branch (3 digits). */
  branch: z
    .string()
    .regex(/^\d{3}$/)
    .optional(),
  /** Only cases at least this many days old (since submission). */
  minAge: z.coerce.number().int().min(0).max(3650).optional(),
  view: z.enum(queueViews).optional(),
  sort: z.enum(queueSorts).default('completedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

export const applicationListItemSchema = z.object({
  id: z.string(),
  applicationNumber: z.string().nullable(),
  applicationType: z.enum(applicationTypes),
  status: z.string(),
  name: z.string(),
  kanaName: z.string(),
  branchName: z.string().nullable(),
  branchCode: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Whole days since submission, and whether the case is past the bank's target (still undecided). */
  ageDays: z.number(),
  overdue: z.boolean(),
  assignee: z.string().nullable(),
  /** An approval was proposed and waits for a second member. */
  proposed: z.boolean(),
});
export type ApplicationListItem = z.infer<typeof applicationListItemSchema>;

/** GET /api/admin/branches: the staff's bank's branches by code, for the work queue's branch filter. */
export const staffBranchListSchema = z.object({
  items: z.array(z.object({ code: z.string(), name: z.string() })),
});

export const applicationListSchema = z.object({
  items: z.array(applicationListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The bank's target in business days (overdue past it). */
  targetBusinessDays: z.number(),
});

const fields = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const applicationDetailSchema = z.object({
  id: z.string(),
  applicationNumber: z.string().nullable(),
  applicationType: z.enum(applicationTypes),
  status: z.string(),
  completedAt: z.string().nullable(),
  /** SPEC.md §3 "Application" field names → values, as saved. */
  application: fields,
  /** The parent of a child application (SPEC.md §3 "ApplicationParent"), or null. */
  applicationParent: fields.nullable(),
  documents: z.array(z.object({ id: z.string(), type: z.string(), contentType: z.string(), size: z.number(), createdAt: z.string() })),
  ekyc: z
    .object({
      method: z.string(),
      /** The method's name with the letter of the ordinance's item in force on the day of the check (decision 0248). */
      methodLabel: z.string(),
      /** 犯収法施行規則6条1項1号X of the text in force that day; null: that text has no such method. */
      ordinanceItem: z.string().nullable(),
      providerStatus: z.string(),
      status: z.number(),
      supplementRequired: z.boolean(),
      updatedAt: z.string(),
      /** What the provider read from the identity document (JPKI: certified), asked when the case is opened. */
      read: z.object({ name: z.string(), birthday: z.string(), address: z.string() }).nullable(),
      /** The provider could not be asked just now. */
      readUnavailable: z.boolean(),
      /**
       * The images the provider's check relied on (photo ID and face), fetched from the provider one by
       * one when shown (GET …/ekyc-images/{kind}); the service keeps no copy (decision 0240).
       */
      images: z.array(z.object({ kind: z.enum(ekycEvidenceKinds), label: z.string() })),
      /** JPKI: the signing certificate's four items and validity, as the provider read them from the card. */
      certificate: z
        .object({
          name: z.string(),
          birthday: z.string(),
          address: z.string(),
          gender: z.string(),
          serialNumber: z.string(),
          notBefore: z.string(),
          notAfter: z.string(),
        })
        .nullable(),
    })
    .nullable(),
  /**
   * A child application: how the child (the customer) was verified (decision 0248): before the amended
   * ordinance by the copies of two documents checked by the reviewers (DOCUMENT_IMAGES, item and
   * day of the approval), from it by the IC chip of the child's own card and the child's face, read
   * by the provider in the parent's session (`read`, `images`). null for a general application.
   */
  childVerification: z
    .object({
      method: z.string(),
      methodLabel: z.string(),
      ordinanceItem: z.string().nullable(),
      read: z.object({ name: z.string(), birthday: z.string(), address: z.string() }).nullable(),
      images: z.array(z.object({ kind: z.enum(ekycEvidenceKinds), label: z.string() })),
    })
    .nullable(),
  review: z
    .object({
      outcome: z.string(),
      reason: z.string().nullable(),
      decidedBy: z.string(),
      decidedAt: z.string(),
      handedOverAt: z.string().nullable(),
      cancelledAt: z.string().nullable(),
      cancelReason: z.string().nullable(),
    })
    .nullable(),
  pinErased: z.boolean(),
  /** When the retention job erased the personal data (decision 0239): a stub with number, branch, states and dates. */
  personalDataErasedAt: z.string().nullable(),
  /** The case (decision 0230): the open approval proposal, the assignee, what the caller may do, the history. */
  case: z.object({
    proposedBy: z.object({ id: z.string(), displayName: z.string() }).nullable(),
    proposedAt: z.string().nullable(),
    assignedTo: z.object({ id: z.string(), displayName: z.string() }).nullable(),
    /** An open proposal to cancel the approved application, and its reason (decision 0230). */
    cancelProposedBy: z.object({ id: z.string(), displayName: z.string() }).nullable(),
    cancelReason: z.string().nullable(),
    actions: z.array(z.custom<CaseAction>((v) => typeof v === 'string')),
    history: z.array(
      z.object({
        kind: z.enum(['SUBMITTED', ...caseEventKinds]),
        at: z.string(),
        /** The staff member's display name; null for the applicant's own step. */
        by: z.string().nullable(),
        reason: z.string().nullable(),
      }),
    ),
  }),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  staffLoginId: z.string(),
  action: z.string(),
  applicationId: z.string().nullable(),
  applicationNumber: z.string().nullable(),
  detail: z.string().nullable(),
  ipAddress: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({ items: z.array(auditEntrySchema), total: z.number(), page: z.number(), pageSize: z.number() });
/** A text filter: trimmed, an empty one is no filter. */
const filterText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((s) => s.trim() || undefined)
    .optional();

/**
 * Filters of the audit log and its CSV export, each optional: the member (login id as shown), the
 * action, Japan days from/to (real calendar days, from not after to) and the application number.
 */
export const auditListQuerySchema = z
  .object({
    staff: filterText(64),
    action: z.enum(auditActions).optional(),
    from: dateText.optional(),
    to: dateText.optional(),
    applicationNumber: filterText(40),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { path: ['to'], message: adminMessages.auditPeriodInvalid });
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
