import type { BankCode } from '@koza/domain/constants';

// The mail interface on its own, so the senders implement it without importing the module that
// chooses between them (that import would be a cycle).

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
