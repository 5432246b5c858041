import type { ChangeEvent, ReactNode } from 'react';

// The second factor asked again where a member changes an authenticator or their password (issue 42,
// docs/decisions/0220-staff-passkeys.md addendum): one field, in the form of the change (useForm's
// `field('totpCode')` and `message('totpCode')`), so a wrong code is shown on it like any field error.

interface FieldProps {
  id: string;
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export function SecondFactorField({ field, message }: { field: FieldProps; message: ReactNode }) {
  const hintId = `${field.id}-hint`;
  const describedBy = [hintId, field['aria-describedby']].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={field.id}>ワンタイムパスワード（6桁）</label>
      <p id={hintId} className="hint">
        本人確認のため、認証アプリに表示されている6桁のコードを入力してください（リカバリーコードも使えます）。
      </p>
      <input {...field} aria-describedby={describedBy} inputMode="numeric" autoComplete="one-time-code" maxLength={20} />
      {message}
    </div>
  );
}
