// UI wording of the applicant's landing modals (SPEC.md §2.4): the web shows them, the back office's
// notice preview shows the same words.
export const landingText = {
  maintenanceTitle: 'メンテナンス中',
  maintenanceLead: '現在、システムメンテナンスのため本サービスを休止しております。ご迷惑をお掛けしますが、メンテナンス終了後に再度お申込みください。',
  /** The maintenance modal over a page of the journey (an applicant already inside; issue 27). */
  maintenanceInFlowLead:
    '現在、システムメンテナンスのため本サービスを休止しております。入力いただいた内容はそのまま保持されています。メンテナンス終了後に「再開する」を押すと、続きから進めます。',
  maintenanceResume: '再開する',
  maintenanceStillActive: 'まだメンテナンス中です。終了日時を過ぎてから、もう一度お試しください。',
  maintenanceStart: '開始日時',
  maintenanceEnd: '終了日時',
  browserTitle: 'ご注意',
  browserUnsupported: 'ご利用中のブラウザは、本サービスの対象外です。',
  browserOpenInApp: 'アプリ内ブラウザでご覧の場合は、ブラウザアプリで開き直してお申込みください。',
  browserPhoneOnly: '本サービスはスマートフォン専用です。推奨ブラウザは、iPhoneはSafari、AndroidはGoogle Chromeです。',
  noticeTitle: '重要なお知らせ',
  noticeConfirm: '確認しました。口座開設へ進む',
  backToIntroduction: 'サービス紹介ページへ戻る',
  close: '閉じる',
} as const;
