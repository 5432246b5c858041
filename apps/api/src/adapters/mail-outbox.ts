import type { Db } from '../db/database.ts';
import { insertOutboxMail } from '../db/repositories/outbox-repository.ts';
import type { Clock } from './clock.ts';
import type { MailSender, OutgoingMail } from './mail-sender.ts';

/**
 * The embedded delivery (no SMTP_URL): the mail is "sent" by storing it in mail_outbox, where the
 * development mailbox shows it. Production requires SMTP_URL, so this never runs there.
 */
export class OutboxMailSender implements MailSender {
  readonly #db: Db;
  readonly #clock: Clock;
  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const now = this.#clock.now().getTime();
    await insertOutboxMail(this.#db, {
      bankCode: mail.bankCode,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      createdAt: now,
      sentAt: now,
    });
  }
}
