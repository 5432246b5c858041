import type { Bank } from '@koza/domain/banks/banks';
import { verification } from '@koza/domain/constants';

// The Japanese mails the service sends (DECISIONS.md §4): the bank's name, the code, how long it
// is valid, what to do if the applicant did not ask for it, and the bank's contact point. All of
// it comes from the bank's data; nothing here branches on a bank.

export interface MailContent {
  subject: string;
  text: string;
}

export function verificationCodeMail(bank: Bank, code: string): MailContent {
  const minutes = verification.codeValidityMinutes;
  const subject = `【${bank.name}】Web口座開設 認証コードのお知らせ`;
  const text = [
    `${bank.name} Web口座開設をご利用いただき、ありがとうございます。`,
    '',
    'メールアドレスの確認のため、お申込み画面に次の認証コードを入力してください。',
    '',
    `認証コード：${code}`,
    '',
    `認証コードの有効期限は、このメールの送信から${minutes}分間です。`,
    '有効期限を過ぎた場合や、認証コードを続けて誤って入力された場合は、お申込み画面から認証コードを再度送信してください。',
    '',
    'このメールにお心当たりのない場合は、どなたかがメールアドレスを誤って入力された可能性があります。',
    'お手数ですが、このメールを破棄してください。お手続きは進みません。',
    '認証コードは他の方に教えないでください。当行からお客さまに認証コードをおたずねすることはありません。',
    '',
    ...closingLines(bank),
  ].join('\n');
  return { subject, text };
}

/** The end of every mail: no reply, the bank's contact point and its name. */
export const closingLines = (bank: Bank): string[] => [
  '※このメールは送信専用アドレスからお送りしています。ご返信いただいてもお答えできませんので、ご了承ください。',
  '',
  '■お問い合わせ先',
  bank.contact.centreName,
  `電話番号：${bank.contact.phoneNumber}`,
  `受付時間：${bank.contact.receptionHours}`,
  '',
  bank.footer.companyName,
  bank.footer.registrationNumber,
];

/** The code of お申込み状況の確認 (docs/decisions/0192-application-status-page.md). */
export function statusCodeMail(bank: Bank, code: string): MailContent {
  const subject = `【${bank.name}】お申込み状況の確認 確認コードのお知らせ`;
  const text = [
    `${bank.name} Web口座開設をご利用いただき、ありがとうございます。`,
    '',
    'お申込み状況の確認のため、確認画面に次の確認コードを入力してください。',
    '',
    `確認コード：${code}`,
    '',
    `確認コードの有効期限は、このメールの送信から${verification.codeValidityMinutes}分間です。`,
    '',
    'このメールにお心当たりのない場合は、お手数ですが、このメールを破棄してください。',
    '確認コードは他の方に教えないでください。当行からお客さまに確認コードをおたずねすることはありません。',
    '',
    ...closingLines(bank),
  ].join('\n');
  return { subject, text };
}
