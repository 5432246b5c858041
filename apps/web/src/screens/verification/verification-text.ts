import { verification } from '@koza/domain/constants';

// UI wording of this screen; field messages come from messages.ts.
export const verificationText = {
  addressStep: 'メールアドレスの入力',
  addressLead: 'お申込みの手続きに使うメールアドレスを入力してください。入力されたメールアドレスに認証コードをお送りします。',
  mailLabel: 'メールアドレス',
  mailPlaceholder: 'example@example.jp',
  send: '送信する',
  sending: 'メールを送信しています',
  codeStep: '認証コードの入力',
  sentTo: '認証コードの送信先',
  codeLead: `メールに記載された${verification.codeDigits}桁の認証コードを入力してください。認証コードの有効期限は${verification.codeValidityMinutes}分です。`,
  codeLabel: '認証コード',
  verifying: '認証しています',
  next: '次へ',
  back: '戻る',
  resend: '認証コードを再送する',
  resent: '認証コードを再送しました。新しい認証コードを入力してください。',
  helpTitle: 'メールが届かない場合',
  helpSpam: '迷惑メールフォルダに振り分けられていないかご確認ください。',
  helpDomain: (domain: string) => `ドメイン指定受信などの受信設定をされている場合は、「@${domain}」からのメールを受信できるよう設定してください。`,
  helpAddress: '入力したメールアドレスに誤りがないかご確認ください。誤りがある場合は「戻る」から入力し直してください。',
  helpResend: `数分たっても届かない場合や、有効期限（${verification.codeValidityMinutes}分）が過ぎた場合は、認証コードを再送してください。`,
  helpMore: 'メールの受信設定について',
} as const;
