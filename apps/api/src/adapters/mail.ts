import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from './clock.ts';
import type { MailSender } from './mail-sender.ts';
import { OutboxMailSender } from './mail-outbox.ts';
import { SmtpMailSender } from './mail-smtp.ts';

// Mail leaves through this interface (DECISIONS.md §4): SMTP when SMTP_URL is set, otherwise the
// embedded outbox table that the development mailbox (/__dev/mails, /__dev/mailbox) reads.

export type { MailSender } from './mail-sender.ts';

export function createMailSender(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, db: Db, clock: Clock): MailSender {
  return config.smtpUrl ? new SmtpMailSender(config.smtpUrl, config.mailFrom) : new OutboxMailSender(db, clock);
}
