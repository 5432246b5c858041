import type { Transporter } from 'nodemailer';
import type { BankCode } from '@koza/domain/constants';
import { getBank } from '@koza/domain/banks/banks';
import type { MailSender, OutgoingMail } from './mail-sender.ts';

/**
 * Real SMTP through nodemailer (SMTP_URL: smtp://user:pass@host:587 or smtps://…:465). The sender
 * is the bank's configured address with the bank's name as display name; text/plain in UTF-8.
 */
export class SmtpMailSender implements MailSender {
  // nodemailer is loaded with the first mail, not with the server (decision 0182).
  readonly #smtpUrl: string;
  #transport: Promise<Transporter> | undefined;
  readonly #mailFrom: Readonly<Record<BankCode, string>>;

  constructor(smtpUrl: string, mailFrom: Readonly<Record<BankCode, string>>) {
    this.#smtpUrl = smtpUrl;
    this.#mailFrom = mailFrom;
  }

  #transporter(): Promise<Transporter> {
    // No logger, no debug output: a transcript would carry the address and the code.
    this.#transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: this.#smtpUrl, logger: false, debug: false } as Parameters<typeof nodemailer.createTransport>[0]),
    );
    return this.#transport;
  }

  async send(mail: OutgoingMail): Promise<void> {
    await (
      await this.#transporter()
    ).sendMail({
      from: { name: getBank(mail.bankCode).name, address: senderAddress(this.#mailFrom[mail.bankCode]) },
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      textEncoding: 'base64',
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
  }

  close(): void {
    void this.#transport?.then((transport) => transport.close());
  }
}

/** MAIL_FROM_* may be `addr@host` or `Name <addr@host>`: the display name is always the bank's. */
export function senderAddress(configured: string): string {
  const angle = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(configured);
  return angle ? angle[1]! : configured.trim();
}
