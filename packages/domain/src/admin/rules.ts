// Numbers of the staff side (docs/decisions/0111-staff-authentication.md).

export const staffAuth = {
  /** Wrong passwords in a row that lock the account until an ADMIN unlocks it. */
  maxFailedSignIns: 5,
  /** A staff session ends after this long without a call. */
  idleMinutes: 30,
  /** …and at the latest this long after sign-in. */
  absoluteHours: 12,
  passwordMinLength: 12,
  passwordMaxLength: 128,
} as const;

/** Rows per page of the application list and the audit log. */
export const adminPageSize = 50;

/** Status names the staff side shows and filters by (CANCELLED: approved, card not collected in time). */
export const reviewStatuses = ['COMPLETED', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;

export const adminStatusLabels: Readonly<Record<string, string>> = {
  DRAFT: '入力中',
  PIN_SET: '入力中（暗証番号設定済）',
  EKYC_IN_PROGRESS: '本人確認中',
  SUPPLEMENT_REQUIRED: '補完書類待ち',
  READY: '申込前',
  COMPLETED: '審査待ち',
  APPROVED: '承認済',
  REJECTED: '否認',
  CANCELLED: '取消',
};

/** The audit log's action names (what a staff member did). */
export const auditActions = [
  'SIGN_IN',
  'SIGN_IN_FAILED',
  'SIGN_OUT',
  'LIST_APPLICATIONS',
  'EXPORT_APPLICATIONS',
  'VIEW_APPLICATION',
  'VIEW_DOCUMENT',
  'APPROVE',
  'REJECT',
  'CANCEL',
  'CREATE_STAFF',
  'UNLOCK_STAFF',
  'DISABLE_STAFF',
  'ENABLE_STAFF',
  'RESET_STAFF_TOTP',
  'RESET_STAFF_PASSWORD',
  'CHANGE_PASSWORD',
  'ENROL_TOTP',
  'VIEW_AUDIT',
  'EXPORT_AUDIT',
  'CREATE_MAINTENANCE',
  'UPDATE_MAINTENANCE',
  'END_MAINTENANCE',
  'CREATE_NOTICE',
  'UPDATE_NOTICE',
  'VIEW_FUNNEL',
  'EXPORT_FUNNEL',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditActionLabels: Readonly<Record<AuditAction, string>> = {
  SIGN_IN: 'サインイン',
  SIGN_IN_FAILED: 'サインイン失敗',
  SIGN_OUT: 'サインアウト',
  LIST_APPLICATIONS: '申込一覧の検索',
  EXPORT_APPLICATIONS: '申込一覧のCSV出力',
  VIEW_APPLICATION: '申込詳細の表示',
  VIEW_DOCUMENT: '書類画像の表示',
  APPROVE: '承認',
  REJECT: '否認',
  CANCEL: '取消',
  CREATE_STAFF: '職員アカウントの作成',
  UNLOCK_STAFF: '職員アカウントのロック解除',
  DISABLE_STAFF: '職員アカウントの利用停止',
  ENABLE_STAFF: '職員アカウントの利用再開',
  RESET_STAFF_TOTP: '職員の二要素認証のリセット',
  RESET_STAFF_PASSWORD: '職員のパスワード再設定',
  CHANGE_PASSWORD: 'パスワードの変更',
  ENROL_TOTP: '二要素認証の登録',
  VIEW_AUDIT: '操作ログの表示',
  EXPORT_AUDIT: '操作ログのCSV出力',
  CREATE_MAINTENANCE: 'メンテナンスの登録',
  UPDATE_MAINTENANCE: 'メンテナンスの変更',
  END_MAINTENANCE: 'メンテナンスの終了',
  CREATE_NOTICE: 'お知らせの登録',
  UPDATE_NOTICE: 'お知らせの変更',
  VIEW_FUNNEL: 'ファネルの表示',
  EXPORT_FUNNEL: 'ファネルのCSV出力',
};
