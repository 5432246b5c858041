// Numbers of the staff side (docs/decisions/0111-staff-authentication.md).

export const staffAuth = {
  /** A staff session ends after this long without a call. */
  idleMinutes: 30,
  /** …and at the latest this long after sign-in. */
  absoluteHours: 12,
  passwordMinLength: 12,
  /** One-time recovery codes given at second-factor enrolment. */
  recoveryCodes: 10,
  passwordMaxLength: 128,
} as const;

/**
 * Sign-in throttling (docs/decisions/0202-staff-sign-in-throttling.md): failed attempts counted in the
 * database per source address, per account and address, and per account from addresses it never
 * signed in from. Up to `free` failures within `windowMs` cost nothing; each one more doubles the
 * wait after the last failure, from `firstDelayMs` up to `maxDelayMs` (429 with Retry-After). Nothing
 * locks an account: the counts fade by themselves as failures leave the window.
 */
export interface ThrottleRule {
  free: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export const staffThrottle = {
  /** Any login id from one address (password spraying, guessing from one place). */
  address: { free: 10, windowMs: 3_600_000, firstDelayMs: 30_000, maxDelayMs: 900_000 },
  /** One login id from one address. */
  accountAddress: { free: 5, windowMs: 3_600_000, firstDelayMs: 30_000, maxDelayMs: 900_000 },
  /** One login id from addresses it has not signed in from in `knownAddressDays` (a distributed guess). */
  account: { free: 20, windowMs: 86_400_000, firstDelayMs: 60_000, maxDelayMs: 3_600_000 },
  knownAddressDays: 90,
} as const satisfies Record<string, ThrottleRule | number>;

/** The wait a rule imposes after `failures` failures within its window, the last at `lastAt` (0: none). */
export function throttleWaitMs(rule: ThrottleRule, failures: number, lastAt: number, now: number): number {
  if (failures < rule.free) return 0;
  const delay = Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(30, failures - rule.free));
  return Math.max(0, lastAt + delay - now);
}

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
  'SIGN_IN_THROTTLED',
  'SIGN_OUT',
  'REFUSED',
  'LIST_APPLICATIONS',
  'EXPORT_APPLICATIONS',
  'VIEW_APPLICATION',
  'VIEW_DOCUMENT',
  'PROPOSE_APPROVAL',
  'APPROVE',
  'REJECT',
  'TAKE_APPLICATION',
  'RELEASE_APPLICATION',
  'PROPOSE_CANCEL',
  'CANCEL',
  'WITHDRAW_PROPOSAL',
  'CREATE_STAFF',
  'CONFIRM_STAFF',
  'LEAVE_FOUR_EYES',
  'CHANGE_STAFF_ROLE',
  'UNLOCK_STAFF',
  'DISABLE_STAFF',
  'ENABLE_STAFF',
  'RESET_STAFF_TOTP',
  'RESET_STAFF_PASSWORD',
  'CHANGE_PASSWORD',
  'ENROL_TOTP',
  'USE_RECOVERY_CODE',
  'REAUTH_FAILED',
  'REGISTER_PASSKEY',
  'DELETE_PASSKEY',
  'END_STAFF_SESSIONS',
  'LINK_STAFF_PROVIDER',
  'UNLINK_STAFF_PROVIDER',
  'PROVIDER_LOGOUT',
  'BREAK_GLASS',
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
  SIGN_IN_THROTTLED: 'サインインの一時制限',
  SIGN_OUT: 'サインアウト',
  REFUSED: '拒否された操作',
  LIST_APPLICATIONS: '申込一覧の検索',
  EXPORT_APPLICATIONS: '申込一覧のCSV出力',
  VIEW_APPLICATION: '申込詳細の表示',
  VIEW_DOCUMENT: '書類画像の表示',
  PROPOSE_APPROVAL: '承認申請',
  APPROVE: '承認',
  TAKE_APPLICATION: '担当の設定',
  RELEASE_APPLICATION: '担当の解除',
  REJECT: '否認',
  PROPOSE_CANCEL: '取消申請',
  CANCEL: '取消（確定）',
  WITHDRAW_PROPOSAL: '申請の取下げ（申請者の停止・権限変更・リセット）',
  CREATE_STAFF: '職員アカウントの作成',
  CONFIRM_STAFF: '職員アカウント・権限変更の確認',
  LEAVE_FOUR_EYES: '管理者1名体制への切替（コマンドライン）',
  CHANGE_STAFF_ROLE: '職員の権限変更',
  UNLOCK_STAFF: '職員アカウントのロック解除',
  DISABLE_STAFF: '職員アカウントの利用停止',
  ENABLE_STAFF: '職員アカウントの利用再開',
  RESET_STAFF_TOTP: '職員の二要素認証のリセット',
  RESET_STAFF_PASSWORD: '職員のパスワード再設定',
  CHANGE_PASSWORD: 'パスワードの変更',
  ENROL_TOTP: '二要素認証の登録',
  USE_RECOVERY_CODE: 'リカバリーコードの使用',
  REAUTH_FAILED: '本人再確認の失敗（パスキー・パスワードの変更時）',
  REGISTER_PASSKEY: 'パスキーの登録',
  DELETE_PASSKEY: 'パスキーの削除',
  END_STAFF_SESSIONS: '職員のセッション終了',
  LINK_STAFF_PROVIDER: '職員と認証基盤の利用者IDの紐付け',
  UNLINK_STAFF_PROVIDER: '職員と認証基盤の紐付けの解除',
  PROVIDER_LOGOUT: '認証基盤からのログアウト通知（セッション終了）',
  BREAK_GLASS: '緊急時のローカルログインの開始・終了（コマンドライン）',
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
