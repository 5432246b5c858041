import type { z } from 'zod';
import type { staffListSchema } from '@koza/domain/api/admin';
import { roleLabels } from '@koza/domain/admin/roles';

export type Member = z.infer<typeof staffListSchema>['items'][number];

/**
 * The changes an ADMIN can make to another member, each asked for again (in the one dialog) before it
 * is made. Where the bank has had two ADMINs, a new account, a role, a reset, the stop of an ADMIN, a
 * restart, lifting an ADMIN's sign-in limit and a link to the bank's identity provider wait for a
 * different ADMIN's confirmation (decisions 0233, 0253).
 */
export const memberChanges = {
  confirm: {
    button: '確認',
    question:
      'の確認待ちの変更（作成・権限変更・リセット・利用停止）を確認しますか？確認すると変更が有効になります。初期パスワードが必要な場合は、この画面に一度だけ表示されます。',
    confirm: '確認する',
    done: 'の変更を確認しました。',
  },
  disable: {
    button: '利用停止',
    question: 'を利用停止しますか？ログイン中の場合はログアウトされ、承認申請・取消申請は取り下げられます。管理者の利用停止は別の管理者の確認後に行われます。',
    confirm: '利用停止する',
    done: 'を利用停止しました。',
  },
  enable: {
    button: '利用再開',
    question:
      'の利用を再開しますか？以前のパスワード・二要素認証・パスキーは使えなくなり、新しい初期パスワードがシステムにより作成されて一度だけ表示されます（管理者が2名以上いる場合は、確認した別の管理者の画面）。本人は次回ログイン時にパスワードと二要素認証を登録し直します。',
    confirm: '利用を再開する',
    done: 'の利用を再開しました。',
  },
  unlock: {
    button: 'ログイン制限を解除',
    question: 'のログイン制限を解除しますか？管理者のログイン制限の解除は、別の管理者の確認後に行われます。',
    confirm: '解除する',
    done: 'のログイン制限を解除しました。',
  },
  'totp-reset': {
    button: '二要素認証をリセット',
    question: 'の二要素認証をリセットしますか？次回ログイン時に認証アプリの登録からやり直します。管理者が2名以上いる場合は、別の管理者の確認後に行われます。',
    confirm: 'リセットする',
    done: 'の二要素認証をリセットしました。',
  },
  password: {
    button: 'パスワード再設定',
    question:
      'のパスワードを再設定しますか？新しい初期パスワードはシステムが作成し、再設定を行った管理者の画面に一度だけ表示されます（管理者が2名以上いる場合は、確認した別の管理者の画面）。1回だけ使え、次回ログイン時に本人が変更します。',
    confirm: '再設定する',
    done: 'のパスワードを再設定しました。',
  },
  role: {
    button: '権限変更',
    question: 'の新しい権限を選んでください。管理者が2名以上いる場合は、別の管理者の確認後に変わります。ログイン中の場合はログアウトされます。',
    confirm: '権限を変更する',
    done: 'の権限変更を受け付けました。',
  },
  'oidc-link': {
    button: '認証基盤に紐付け',
    question:
      'を、銀行の認証基盤の利用者ID（sub）に紐付けます。認証基盤の管理画面に表示される利用者IDを入力してください（メールアドレスや氏名ではありません）。管理者が2名以上いる場合は、別の管理者の確認後に有効になります。権限は紐付けても変わりません。',
    confirm: '紐付ける',
    done: 'を認証基盤に紐付けました。',
  },
  'oidc-unlink': {
    button: '認証基盤の紐付けを解除',
    question:
      'と認証基盤の紐付けを解除しますか？認証基盤からはログインできなくなり、ログイン中の場合はログアウトされます。管理者の解除は別の管理者の確認後に行われます。',
    confirm: '解除する',
    done: 'と認証基盤の紐付けを解除しました。',
  },
  'sessions/end': {
    button: 'ログインを終了',
    question: 'のログイン中のセッションをすべて終了しますか？',
    confirm: '終了する',
    done: 'のセッションを終了しました。',
  },
} as const;
export type MemberChange = keyof typeof memberChanges;

/** What waits for a second ADMIN, in words; null when nothing waits. */
export function waitingText(s: Member): string | null {
  const parts = [
    s.pendingRole ? `権限変更（${roleLabels[s.pendingRole]}へ）` : null,
    s.pendingPasswordReset ? 'パスワード再設定' : null,
    s.pendingSecondFactorReset ? '二要素認証のリセット' : null,
    s.pendingDisable ? '利用停止' : null,
    s.pendingEnable ? '利用再開' : null,
    s.pendingUnlock ? 'ログイン制限の解除' : null,
    s.pendingOidcSubject ? `認証基盤の紐付け（${s.pendingOidcSubject}）` : null,
    s.pendingOidcUnlink ? '認証基盤の紐付け解除' : null,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : `${parts.join('・')}の確認待ち（依頼：${s.changedBy.join('、')}）`;
}
