// お申込み状況の確認 (issue 26, docs/decisions/0192-application-status-page.md): what an applicant
// may learn about a completed application, in plain Japanese, and the words of the status page.
// The states come from the review (COMPLETED → APPROVED / REJECTED, an APPROVED one later cancelled)
// and from whether a staff member has opened the application yet (受付済み → 審査中).

/** The states an applicant sees. */
export const applicantStatuses = ['RECEIVED', 'IN_REVIEW', 'APPROVED', 'REJECTED', 'CANCELLED', 'CLOSED'] as const;
export type ApplicantStatus = (typeof applicantStatuses)[number];

export const applicantStatusLabels: Readonly<Record<ApplicantStatus, string>> = {
  RECEIVED: '受付済み',
  IN_REVIEW: '審査中',
  APPROVED: '口座開設手続き完了',
  REJECTED: 'お申込みをお受けできませんでした',
  CANCELLED: 'キャンセル',
  CLOSED: 'お手続き終了',
};

/** What happens next, per state (SPEC.md §1: the card by post in 1 to 2 weeks, cancelled when not collected). */
export const applicantStatusNext: Readonly<Record<ApplicantStatus, readonly string[]>> = {
  RECEIVED: ['お申込みを受け付けました。これから当行でお申込み内容と本人確認の結果を確認します。', '確認の結果は、お申込みのメールアドレスにお知らせします。'],
  IN_REVIEW: ['当行でお申込み内容を確認しています。', '確認の結果は、お申込みのメールアドレスにお知らせします。'],
  APPROVED: [
    '口座開設の手続きが完了しました。キャッシュカードを、お届けのご住所へ郵送します。',
    'キャッシュカードは1〜2週間程度でお届けします。一定期間内にお受け取りいただけない場合、お申込みは取消となります。',
  ],
  REJECTED: ['誠に申し訳ございませんが、今回のお申込みはお受けできませんでした。', 'ご不明な点は、下記のお問い合わせ先までご連絡ください。'],
  CANCELLED: ['このお申込みはキャンセル（取消）となりました。', 'ご不明な点や、あらためてお申込みをご希望の場合は、下記のお問い合わせ先までご連絡ください。'],
  // Once the retention period is over the service keeps no personal data (decision 0239).
  CLOSED: [
    'このお申込みのお手続きは終了しました。お申込みの内容は、このサービスからは消去しています。',
    'お申込みの内容やお口座のことは、当行でお預かりしている記録をもとにご案内します。下記のお問い合わせ先までご連絡ください。',
  ],
};

/**
 * Reasons for a rejection that staff may choose to share with the applicant (the 否認 form of the back
 * office). Only these fixed words ever reach the applicant; the staff's own note stays internal.
 */
export const shareableRejectionReasons = {
  EXISTING_ACCOUNT: 'すでに当行の普通預金口座をお持ちのため',
  IDENTITY_NOT_CONFIRMED: 'ご本人さまの確認ができなかったため',
  OUTSIDE_SERVICE_AREA: 'お住まいの地域がWeb口座開設のお取扱い対象外のため',
} as const;
export type ShareableRejectionReason = keyof typeof shareableRejectionReasons;
export const shareableRejectionReasonCodes = Object.keys(shareableRejectionReasons) as [ShareableRejectionReason, ...ShareableRejectionReason[]];

export const isShareableRejectionReason = (v: unknown): v is ShareableRejectionReason => typeof v === 'string' && Object.hasOwn(shareableRejectionReasons, v);

/** The receipt number as the completion screen and mail show it: 0177-20260615-000042 (decision 0052). */
export const applicationNumberPattern = /^\d{4}-\d{8}-\d{6,9}$/;

/** The words of the status page and its messages. */
export const statusText = {
  title: 'お申込み状況の確認',
  linkLabel: 'お申込み状況の確認',
  linkLead: 'すでにお申込みいただいた方は、こちらから状況をご確認いただけます。',
  lookupStep: 'メールアドレスと受付番号の入力',
  lookupLead:
    'お申込みに使ったメールアドレスと、お申込み完了時にお知らせした受付番号を入力してください。お子さまのお申込みは、親権者さまがお申込みに使ったメールアドレスでご確認いただけます。',
  mailLabel: 'メールアドレス',
  numberLabel: '受付番号',
  numberHint: (bankCode: string) => `例：${bankCode}-20260615-000042（お申込み完了の画面とメールでお知らせしています）`,
  eyebrow: (bankName: string) => `${bankName} 普通預金口座開設`,
  send: '確認コードを送信する',
  sending: 'メールを送信しています',
  codeStep: '確認コードの入力',
  codeLead:
    '入力されたメールアドレスと受付番号のお申込みがある場合、そのメールアドレスに確認コードをお送りしました。メールに記載された6桁の確認コードを入力してください。確認コードの有効期限は10分です。',
  codeLabel: '確認コード',
  show: '状況を確認する',
  checking: '確認しています',
  back: '戻る',
  notArriving: 'メールが届かない場合は、メールアドレスと受付番号に誤りがないかご確認のうえ、「戻る」から入力し直してください。',
  rateLimited: '短時間に続けて送信されたため、受け付けできませんでした。しばらく経ってから再度お試しください。',
  resultStep: 'お申込み状況',
  numberRequired: '受付番号を入力してください。',
  numberInvalid: '受付番号を正しく入力してください。',
  failed: '確認できませんでした。確認コード、メールアドレス、受付番号が正しいかご確認ください。',
  state: '状況',
  applicationNumber: '受付番号',
  holder: 'お名前',
  holderSuffix: 'さま',
  childHolderNote: '（お子さまのお申込み）',
  branch: 'お取引店',
  appliedAt: 'お申込み日時',
  decidedAt: '審査結果のお知らせ日時',
  cancelledAt: 'キャンセル日時',
  reason: '理由',
  next: '今後の流れ',
  contact: 'お問い合わせ先',
  contactPhone: '電話番号',
  contactHours: '受付時間',
  again: '別のお申込みを確認する',
  toTop: 'ホームページへ',
} as const;
