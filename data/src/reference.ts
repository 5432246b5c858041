// Typed, validated readers of the hand-editable reference files in data/files/ (see files/README.md).
// Every reader takes an optional directory (tests use it) and throws an Error naming the file when
// the file is missing, is not JSON, or does not have the expected shape.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bankCodes } from '@koza/domain/constants';
import type { BankCode } from '@koza/domain/constants';
import { z } from 'zod';

export const referenceFilesDir = fileURLToPath(new URL('../files/', import.meta.url));

// The banks are the domain's bank rows (packages/domain/src/banks/banks.ts, decision 0227): a file
// naming another code is refused, and branches.json must list the branches of every bank.
const bankCode = z.enum(bankCodes);
/** ISO 8601 date-time with an explicit offset, e.g. 2025-04-01T00:00:00+09:00. */
const dateTime = z.iso.datetime({ offset: true });
const note = z.string().optional();

function uniqueBy<T>(items: readonly T[], key: (item: T) => string, what: string, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const k = key(item);
    if (seen.has(k)) ctx.addIssue({ code: 'custom', message: `duplicate ${what} ${k}`, path: [index] });
    seen.add(k);
  });
}

function windowOrder(value: { startedAt: string | null; endedAt: string | null }, ctx: z.RefinementCtx): void {
  if (value.startedAt && value.endedAt && Date.parse(value.startedAt) >= Date.parse(value.endedAt)) {
    ctx.addIssue({ code: 'custom', message: 'startedAt must be before endedAt', path: ['endedAt'] });
  }
}

// ---- occupations.json ----

export const workplaceRequirements = ['REQUIRED', 'OPTIONAL', 'NONE'] as const;
export const otherOccupationName = 'その他';

const age = z.int().min(0).max(150).nullable();
export const occupationRecordSchema = z
  .strictObject({
    id: z.int().positive(),
    name: z.string().min(1).max(25),
    displayNumber: z.int(),
    workplaceRequired: z.enum(workplaceRequirements),
    generalDisplay: z.boolean(),
    childDisplay: z.boolean(),
    /** Inclusive, years; null = unbounded. */
    minDisplayAge: age,
    maxDisplayAge: age,
  })
  .superRefine((o, ctx) => {
    if (o.minDisplayAge !== null && o.maxDisplayAge !== null && o.minDisplayAge > o.maxDisplayAge) {
      ctx.addIssue({ code: 'custom', message: 'minDisplayAge is above maxDisplayAge', path: ['maxDisplayAge'] });
    }
  });
export type Occupation = z.infer<typeof occupationRecordSchema>;

const occupationsFile = z.strictObject({
  _note: note,
  occupations: z
    .array(occupationRecordSchema)
    .min(1)
    .superRefine((list, ctx) => {
      uniqueBy(list, (o) => String(o.id), 'id', ctx);
      uniqueBy(list, (o) => o.name, 'name', ctx);
      uniqueBy(list, (o) => String(o.displayNumber), 'displayNumber', ctx);
      const other = list.find((o) => o.name === otherOccupationName);
      if (!other) ctx.addIssue({ code: 'custom', message: `an occupation named ${otherOccupationName} is required` });
      else if (list.some((o) => o !== other && o.displayNumber > other.displayNumber)) {
        ctx.addIssue({ code: 'custom', message: `${otherOccupationName} must have the highest displayNumber (it is listed last)` });
      }
    }),
});

// ---- branches.json ----

export const branchSchema = z.strictObject({
  code: z.string().regex(/^\d{3}$/, '3 digits'),
  name: z.string().min(1),
  postalNumber: z.string().regex(/^\d{7}$/, '7 digits'),
  prefecture: z.string().min(1),
  /** Spelled as in the postal table, e.g. 福岡市中央区. */
  municipality: z.string().min(1),
  address: z.string().min(1),
});
export type Branch = z.infer<typeof branchSchema> & { bankCode: BankCode };

const branchList = z
  .array(branchSchema)
  .min(1)
  .superRefine((list, ctx) => uniqueBy(list, (b) => b.code, 'branch code', ctx));
const branchesFile = z.strictObject({
  _note: note,
  /** One list per bank code, every bank's required, no other code. */
  branches: z.record(bankCode, branchList),
});

// ---- workplaces.json ----

export const workplaceSchema = z.strictObject({
  id: z.int().positive(),
  bankCode,
  code: z.string().regex(/^[0-9A-Z]{6}([0-9A-Z]{2})?$/, '6 or 8 half-width capital letters or digits'),
  name: z.string().min(1).max(25),
  phoneNumber: z.string().regex(/^\d{2,5}-\d{1,4}-\d{3,4}$/, 'three parts joined by hyphens'),
  multipleAccounts: z.enum(['PERMITTED', 'NOT_PERMITTED']),
});
export type Workplace = z.infer<typeof workplaceSchema>;

const workplacesFile = z.strictObject({
  _note: note,
  workplaces: z.array(workplaceSchema).superRefine((list, ctx) => {
    uniqueBy(list, (w) => String(w.id), 'id', ctx);
    uniqueBy(list, (w) => `${w.bankCode}/${w.code}`, 'bank/code', ctx);
  }),
});

// ---- invitation-codes.json ----

export const invitationCodeSchema = z
  .strictObject({
    bankCode,
    code: z.string().regex(/^[0-9A-Z]{6}$/, '6 half-width capital letters or digits'),
    description: z.string(),
    /** Inclusive; null = no start. */
    validFrom: dateTime.nullable(),
    /** Exclusive; null = no end. */
    validUntil: dateTime.nullable(),
  })
  .superRefine((c, ctx) => windowOrder({ startedAt: c.validFrom, endedAt: c.validUntil }, ctx));
export type InvitationCode = z.infer<typeof invitationCodeSchema>;

const invitationCodesFile = z.strictObject({
  _note: note,
  invitationCodes: z.array(invitationCodeSchema).superRefine((list, ctx) => uniqueBy(list, (c) => `${c.bankCode}/${c.code}`, 'bank/code', ctx)),
});

// ---- notifications.json ----

export const notificationSchema = z
  .strictObject({
    id: z.int().positive(),
    bankCode: bankCode.nullable(),
    /** Entry channel id (?channel=, at most 20 characters). */
    channel: z.string().min(1).max(20).nullable(),
    contents: z.string().min(1),
    startedAt: dateTime,
    /** Exclusive; null = no end. */
    endedAt: dateTime.nullable(),
  })
  .superRefine((n, ctx) => {
    if (n.bankCode === null && n.channel === null) ctx.addIssue({ code: 'custom', message: 'set bankCode, channel or both' });
    windowOrder(n, ctx);
  });
export type Notification = z.infer<typeof notificationSchema>;

const notificationsFile = z.strictObject({
  _note: note,
  notifications: z.array(notificationSchema).superRefine((list, ctx) => uniqueBy(list, (n) => String(n.id), 'id', ctx)),
});

// ---- maintenance.json ----

export const maintenanceWindowSchema = z
  .strictObject({
    id: z.int().positive(),
    /** null = all banks. */
    bankCode: bankCode.nullable(),
    startedAt: dateTime,
    /** Exclusive. */
    endedAt: dateTime,
    reason: z.string().optional(),
  })
  .superRefine(windowOrder);
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;

const maintenanceFile = z.strictObject({
  _note: note,
  maintenanceWindows: z.array(maintenanceWindowSchema).superRefine((list, ctx) => uniqueBy(list, (m) => String(m.id), 'id', ctx)),
});

// ---- reading ----

/** Reads and validates one reference file; the error names the file and every problem with its path. */
function readFile<S extends z.ZodType>(dir: string, name: string, schema: S): z.output<S> {
  const path = join(dir, name);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`reference file ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const result = schema.safeParse(json);
  if (!result.success) throw new Error(`reference file ${path} has a bad shape:\n${z.prettifyError(result.error)}`, { cause: result.error });
  return result.data;
}

/** Occupations ordered by displayNumber (その他 last). */
export function readOccupations(dir: string = referenceFilesDir): Occupation[] {
  return [...readFile(dir, 'occupations.json', occupationsFile).occupations].sort((a, b) => a.displayNumber - b.displayNumber);
}

/** The branches of every bank, each with its bankCode, bank by bank in bank order, each bank's in file order. */
export function readBranches(dir: string = referenceFilesDir): Branch[] {
  const { branches } = readFile(dir, 'branches.json', branchesFile);
  return bankCodes.flatMap((code) => branches[code].map((branch) => ({ bankCode: code, ...branch })));
}

export function readWorkplaces(dir: string = referenceFilesDir): Workplace[] {
  return readFile(dir, 'workplaces.json', workplacesFile).workplaces;
}

export function readInvitationCodes(dir: string = referenceFilesDir): InvitationCode[] {
  return readFile(dir, 'invitation-codes.json', invitationCodesFile).invitationCodes;
}

export function readNotifications(dir: string = referenceFilesDir): Notification[] {
  return readFile(dir, 'notifications.json', notificationsFile).notifications;
}

export function readMaintenanceWindows(dir: string = referenceFilesDir): MaintenanceWindow[] {
  return readFile(dir, 'maintenance.json', maintenanceFile).maintenanceWindows;
}

/** sha256 (hex) over every *.json file of the directory (names and contents, sorted by name). */
export function referenceDataVersion(dir: string = referenceFilesDir): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(join(dir, name)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** Whether `now` is inside a window as these files define it: start inclusive, end exclusive, null = unbounded. */
export function isActiveAt(window: { startedAt?: string | null; endedAt?: string | null }, now: Date): boolean {
  const t = now.getTime();
  return (window.startedAt == null || Date.parse(window.startedAt) <= t) && (window.endedAt == null || t < Date.parse(window.endedAt));
}
