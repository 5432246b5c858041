// The zod contract of the back office's maintenance windows, notices and funnel (issue 15,
// docs/decisions/0161-maintenance-and-notices-by-staff.md, 0162-funnel-from-daily-page-views.md).
// Times go in as Japan wall-clock time (`YYYY-MM-DDTHH:MM`, what a datetime-local field gives) and
// come out as ISO 8601 with +09:00.

import { z } from 'zod';
import { applicationTypes } from '../constants.ts';
import { adminMessages } from '../admin/messages.ts';
import { containsForbiddenChars } from '../fields/rule-building-blocks.ts';
import { messages } from '../messages.ts';
import { isChannelId } from './entry.ts';
import { staffText } from './admin.ts';

const japanLocalPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** `YYYY-MM-DDTHH:MM` in Japan time → epoch ms; null when it is not a real minute. */
export function japanLocalToEpoch(text: string): number | null {
  const m = japanLocalPattern.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hour - 9, minute);
  const back = new Date(ms + 9 * 3_600_000);
  const same = back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day && back.getUTCHours() === hour;
  return same && year >= 2000 && year <= 2100 ? ms : null;
}

/** An ISO instant (any offset) → `YYYY-MM-DDTHH:MM` in Japan time, for a datetime-local field. */
export const toJapanLocal = (iso: string): string => new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 16);

const japanDateTime = z.string({ error: adminMessages.dateTimeInvalid }).transform((s, ctx) => {
  const ms = japanLocalToEpoch(s);
  if (ms === null) ctx.addIssue({ code: 'custom', message: adminMessages.dateTimeInvalid });
  return ms ?? 0;
});

const endAfterStart = { message: adminMessages.endBeforeStart, path: ['endedAt'] };

export const maintenanceBodySchema = z
  .object({
    startedAt: japanDateTime,
    endedAt: japanDateTime,
    /** Staff's own note (not shown to applicants). */
    reason: z
      .string()
      .max(200, adminMessages.memoTooLong)
      .refine((s) => !containsForbiddenChars(s), messages.forbiddenChars)
      .nullish()
      .transform((s) => (s?.trim() ? s.trim() : null)),
  })
  .refine((b) => b.endedAt > b.startedAt, endAfterStart);

const announcementState = z.enum(['SCHEDULED', 'ACTIVE', 'ENDED']);
export type AnnouncementState = z.infer<typeof announcementState>;

export const announcementStateLabels: Readonly<Record<AnnouncementState, string>> = {
  SCHEDULED: '予定',
  ACTIVE: '実施中',
  ENDED: '終了',
};

export const maintenanceItemSchema = z.object({
  id: z.number(),
  /** null: every bank (from the reference files; not editable here). */
  bankCode: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string(),
  reason: z.string().nullable(),
  state: announcementState,
  editable: z.boolean(),
  updatedBy: z.string().nullable(),
});
export type MaintenanceItem = z.infer<typeof maintenanceItemSchema>;
export const maintenanceListSchema = z.object({ items: z.array(maintenanceItemSchema) });

// Line breaks are kept (the modal shows them); every other control or format character is refused.
const noticeContents = staffText({ required: adminMessages.noticeContentsRequired, max: 1000, tooLong: adminMessages.noticeContentsTooLong, multiline: true });

export const noticeBodySchema = z
  .object({
    /** null: every applicant of the bank arriving without a channel; else that channel at the bank. */
    channel: z
      .string()
      .nullish()
      .transform((s) => (s?.trim() ? s.trim() : null))
      .refine((s) => s === null || isChannelId(s), adminMessages.channelInvalid),
    contents: noticeContents,
    displayOrder: z.coerce
      .number({ error: adminMessages.displayOrderInvalid })
      .int(adminMessages.displayOrderInvalid)
      .min(1, adminMessages.displayOrderInvalid)
      .max(999, adminMessages.displayOrderInvalid),
    startedAt: japanDateTime,
    /** null or empty: no end. */
    endedAt: z
      .string()
      .nullish()
      .transform((s, ctx) => {
        if (!s) return null;
        const ms = japanLocalToEpoch(s);
        if (ms === null) ctx.addIssue({ code: 'custom', message: adminMessages.dateTimeInvalid });
        return ms;
      }),
  })
  .refine((b) => b.endedAt === null || b.endedAt > b.startedAt, endAfterStart);

export const noticeItemSchema = z.object({
  id: z.number(),
  bankCode: z.string().nullable(),
  channel: z.string().nullable(),
  contents: z.string(),
  displayOrder: z.number(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  state: announcementState,
  editable: z.boolean(),
  updatedBy: z.string().nullable(),
});
export type NoticeItem = z.infer<typeof noticeItemSchema>;
export const noticeListSchema = z.object({ items: z.array(noticeItemSchema) });

export const createdSchema = z.object({ id: z.number() });

const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Japan days, inclusive; the API fills in the last 30 days when they are missing. */
export const funnelQuerySchema = z.object({
  type: z.enum(applicationTypes).default('GENERAL'),
  from: dateText.optional(),
  to: dateText.optional(),
});

export const funnelSchema = z.object({
  type: z.enum(applicationTypes),
  from: z.string(),
  to: z.string(),
  steps: z.array(z.object({ slug: z.string(), path: z.string(), label: z.string() })),
  /** Views of each step's page per Japan day (only days with a view), counts in step order. */
  days: z.array(z.object({ day: z.string(), counts: z.array(z.number()) })),
  totals: z.array(z.number()),
});
export type Funnel = z.infer<typeof funnelSchema>;
