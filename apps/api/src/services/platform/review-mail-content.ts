import type { Bank } from '@koza/domain/banks/banks';
import type { MailContent } from './mail-content.ts';
import { closingLines } from './mail-content.ts';

// Mails about the application after it was sent (issue 14): completion, approval, rejection.
// Japanese, from the bank's sender (MailSender picks it by bank), nothing personal beyond the
// applicant's name; the reason of a rejection stays inside the bank.

const salutation = (name: string) => `${name} 様`;

export function completionMail(bank: Bank, name: string, applicationNumber: string): MailContent {
  return {
    subject: `【${bank.name}】Web口座開設 お申込み受付のお知らせ`,
    text: [
      salutation(name),
      '',
      `${bank.name} Web口座開設にお申込みいただき、ありがとうございます。`,
      '以下の受付番号でお申込みを受け付けました。',
      '',
      `受付番号：${applicationNumber}`,
      '',
      '当行にて内容を確認のうえ、審査結果をメールでお知らせします。',
      'お問い合わせの際は、受付番号をお伝えください。',
      '',
      ...closingLines(bank),
    ].join('\n'),
  };
}

export function approvalMail(bank: Bank, name: string, applicationNumber: string): MailContent {
  return {
    subject: `【${bank.name}】Web口座開設 審査完了のお知らせ`,
    text: [
      salutation(name),
      '',
      `${bank.name} Web口座開設にお申込みいただき、ありがとうございます。`,
      `受付番号 ${applicationNumber} のお申込みについて、口座開設の手続きが完了しました。`,
      '',
      'キャッシュカードは、お届けのご住所あてに簡易書留（転送不要）でお送りします。',
      '期限までにお受け取りいただけない場合は、お申込みを取り消させていただくことがあります。',
      '',
      ...closingLines(bank),
    ].join('\n'),
  };
}

export function rejectionMail(bank: Bank, name: string, applicationNumber: string): MailContent {
  return {
    subject: `【${bank.name}】Web口座開設 審査結果のお知らせ`,
    text: [
      salutation(name),
      '',
      `${bank.name} Web口座開設にお申込みいただき、ありがとうございます。`,
      `受付番号 ${applicationNumber} のお申込みについて、慎重に審査いたしましたが、誠に恐縮ながら今回はご希望に添いかねる結果となりました。`,
      '審査の内容についてはお答えいたしかねますので、ご了承ください。',
      '',
      ...closingLines(bank),
    ].join('\n'),
  };
}
