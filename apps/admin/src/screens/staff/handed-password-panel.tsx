import type { HandedPassword } from './member-change-dialog.tsx';

/** The one-time password, shown once to the ADMIN who made it take effect, for the member in person. */
export function HandedPasswordPanel({ handed, onClose }: { handed: HandedPassword; onClose: () => void }) {
  return (
    <section aria-labelledby="handed-password" className="notice">
      <h2 id="handed-password">
        {handed.member.loginId}（{handed.member.displayName}）の初期パスワード
      </h2>
      <p>
        この画面に一度だけ表示されます。ご本人に対面で伝えてください（メール・チャットで送らないでください）。1回だけ使え、次回ログイン時にご本人が変更します。
      </p>
      <p>
        <code aria-label="初期パスワード">{handed.password}</code>
      </p>
      <button type="button" className="secondary" onClick={onClose}>
        伝えたので閉じる
      </button>
    </section>
  );
}
