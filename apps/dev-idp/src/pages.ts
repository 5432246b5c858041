import type { DevAccount } from './accounts.ts';

// The development provider's pages, in Japanese and plain: the directory (who can sign in, with
// their passwords and current codes), the password form, the second factor's form, an error.

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; line-height: 1.6; }
label { display: block; margin-top: 1rem; font-weight: bold; }
input { font-size: 1rem; padding: .5rem; width: 100%; box-sizing: border-box; }
button { margin-top: 1.5rem; font-size: 1rem; padding: .6rem 1.4rem; background: #1b4f8a; color: #fff; border: 0; border-radius: 4px; }
.error { color: #a40000; font-weight: bold; }
.note { color: #444; font-size: .9rem; }
table { border-collapse: collapse; font-size: .9rem; } td, th { border: 1px solid #999; padding: .25rem .5rem; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

const header = (bankName: string) => `<p class="note">開発用の認証基盤（${escape(bankName)}）</p>`;
const alert = (error: string | null) => (error ? `<p class="error" role="alert">${escape(error)}</p>` : '');

export const passwordPage = (bankName: string, code: string, uid: string, error: string | null) =>
  page(
    'サインイン',
    `${header(bankName)}
<h1>サインイン</h1>
${alert(error)}
<form method="post" action="/${code}/interaction/${uid}/password">
<label for="login">ログインID</label>
<input id="login" name="login" autocomplete="username" required autofocus>
<label for="password">パスワード</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">次へ</button>
</form>`,
  );

export const otpPage = (bankName: string, code: string, uid: string, error: string | null) =>
  page(
    '確認コードの入力',
    `${header(bankName)}
<h1>確認コードの入力</h1>
${alert(error)}
<form method="post" action="/${code}/interaction/${uid}/otp">
<label for="otp">認証アプリの確認コード（6桁）</label>
<input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" required autofocus>
<button type="submit">サインイン</button>
</form>`,
  );

export const errorPage = (bankName: string, detail: string) =>
  page('エラー', `${header(bankName)}<h1>サインインできませんでした</h1><p>最初からやり直してください。</p><p class="note">${escape(detail)}</p>`);

export const directoryPage = (accounts: readonly DevAccount[], publicUrl: string, codeOf: (a: DevAccount) => string) =>
  page(
    '開発用認証基盤',
    `<h1>開発用認証基盤（職員のサインイン）</h1>
<p>管理画面の「銀行の認証基盤でログイン」から使います。職員を認証基盤の利用者ID（sub）に紐付けるのは、管理画面の職員管理です。発行者（issuer）は ${escape(publicUrl)}/&lt;銀行コード&gt; です。</p>
<table>
<thead><tr><th>銀行</th><th>ログインID</th><th>パスワード</th><th>確認コード（現在）</th><th>利用者ID（sub）</th><th>状態</th></tr></thead>
<tbody>
${accounts
  .map(
    (a) =>
      `<tr><td>${a.bankCode}</td><td>${escape(a.login)}</td><td>${escape(a.password)}</td><td>${escape(codeOf(a))}</td><td><code>${escape(a.sub)}</code></td><td>${a.disabled ? '停止' : '利用可'}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>`,
  );
