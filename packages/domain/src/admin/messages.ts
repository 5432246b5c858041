// Japanese texts of the staff side that the API answers and the admin app shows.

export const adminMessages = {
  signInFailed: 'ログインIDまたはパスワードが正しくありません。',
  accountLocked: 'パスワードを続けて誤ったため、アカウントがロックされています。管理者にロック解除を依頼してください。',
  totpRequired: '認証アプリに表示されている6桁のワンタイムパスワードを入力してください。',
  totpWrong: 'ワンタイムパスワードが正しくありません。',
  totpSetupRequired: '管理者は二要素認証の登録が必要です。',
  sessionEnded: 'セッションが終了しました。もう一度ログインしてください。',
  csrf: '画面を再読み込みしてから、もう一度操作してください。',
  forbidden: 'この操作を行う権限がありません。',
  notFound: 'お申込みが見つかりません。',
  notDecidable: 'このお申込みは現在の状態では承認・否認できません。',
  notCancellable: '承認済のお申込みのみ取消できます。',
  reasonRequired: '理由を入力してください。',
  reasonTooLong: '理由は500文字以内で入力してください。',
  loginIdInvalid: 'ログインIDは半角英数字と . _ - の3〜64文字で入力してください。',
  loginIdTaken: 'このログインIDは既に使われています。',
  displayNameRequired: '氏名を入力してください。',
  passwordTooShort: 'パスワードは12文字以上で入力してください。',
  passwordTooLong: 'パスワードは128文字以内で入力してください。',
  roleRequired: '権限を選択してください。',
  handoverFailed: '勘定系への受け渡しに失敗しました。時間をおいて再度お試しください。',
} as const;
