import { PasswordForm } from './forced-password.tsx';

/** Every member: their own password (the current one and the second factor asked again; other sessions end, this one stays). */
export function PasswordScreen() {
  return (
    <>
      <h1>パスワード変更</h1>
      <PasswordForm secondFactor />
    </>
  );
}
