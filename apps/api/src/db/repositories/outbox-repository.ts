import type { Db } from '../database.ts';
import type { EpochMs } from '../schema.ts';

// mail_outbox: the embedded mail delivery (no SMTP_URL), read by the development mailbox.

export interface OutboxMail {
  bankCode: string;
  toAddress: string;
  subject: string;
  textBody: string;
  createdAt: EpochMs;
  sentAt: EpochMs | null;
}

export async function insertOutboxMail(db: Db, mail: OutboxMail): Promise<void> {
  await db.kysely.insertInto('mailOutbox').values(mail).execute();
}

/** Newest first; `to` compared case-insensitively; at most `limit`. */
export async function listOutboxMails(db: Db, options: { to?: string; limit: number }): Promise<(OutboxMail & { id: number })[]> {
  let query = db.kysely.selectFrom('mailOutbox').selectAll();
  if (options.to !== undefined) {
    const to = options.to.toLowerCase();
    query = query.where((eb) => eb(eb.fn('lower', ['toAddress']), '=', to));
  }
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}
