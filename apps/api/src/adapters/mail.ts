import type { BankCode } from '@koza/domain/constants';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from './clock.ts';
import { OutboxMailSender } from './mail-outbox.ts';
import { SmtpMailSender } from './mail-smtp.ts';

// Mail leaves through this interface (DECISIONS.md §4): SMTP when SMTP_URL is set, otherwise the
// embedded outbox table that the development mailbox (/__dev/mails, /__dev/mailbox) reads.

export interface OutgoingMail {
  bankCode: BankCode;
  to: string;
  subject: string;
  /** Plain text, UTF-8. */
  text: string;
}

export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
  close?(): Promise<void> | void;
}

export function createMailSender(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, db: Db, clock: Clock): MailSender {
  return config.smtpUrl ? new SmtpMailSender(config.smtpUrl, config.mailFrom) : new OutboxMailSender(db, clock);
}
