import { useState } from 'react';
import { invitationCodeLength } from '@koza/domain/constants';
import { invitationCodeSchema, normaliseCode } from '@koza/domain/fields/codes';
import { messages } from '@koza/domain/messages';
import { checkInvitationCode } from '../api/application.ts';
import { CodeField, type CodeState } from './code-field.tsx';
import { focusFirstError } from './use-step-form.ts';

// UI wording of the invitation code.
export const invitationCodeText = {
  label: '紹介コード',
  hint: `紹介コード（${invitationCodeLength}桁）をお持ちの方は入力して「適用」を押してください。`,
} as const;

export interface InvitationEntry {
  invitationCode: string;
  invitationCodeState: CodeState;
}

interface InvitationCodeFieldProps {
  value: InvitationEntry;
  onChange: (change: Partial<InvitationEntry>) => void;
  error: string | undefined;
  /** Sets or removes the field's message (a code of the wrong length, or corrected). */
  setError: (message: string | undefined) => void;
  /** Another request of the screen is running. */
  busy: boolean;
  /** The lookup started (true) or ended (false): the screen's Next waits for it. */
  onLookup: (running: boolean) => void;
  /** The lookup failed other than by "not found": the flow's error page. */
  onFail: () => void;
}

interface ApplyHandlers {
  onChange: (change: Partial<InvitationEntry>) => void;
  setError: (message: string | undefined) => void;
  onLookup: (running: boolean) => void;
  onFail: () => void;
}

/**
 * 適用 of an invitation code (the field's button, or a code of the entry link on arrival): normalised
 * and checked for its length (the message when wrong, focused), then looked up (GET /api/invitation)
 * and shown applied or not found; a failed lookup other than "not found" → onFail (the error page).
 */
export async function applyInvitationCode(input: string, { onChange, setError, onLookup, onFail }: ApplyHandlers): Promise<void> {
  const code = normaliseCode(input);
  const checked = invitationCodeSchema.safeParse(code);
  onChange({ invitationCode: code });
  if (!checked.success) {
    setError(checked.error.issues[0]?.message);
    focusFirstError();
    return;
  }
  setError(undefined);
  onLookup(true);
  try {
    const valid = await checkInvitationCode(checked.data);
    onChange({ invitationCodeState: valid ? { status: 'verified', applied: checked.data } : { status: 'notFound', applied: checked.data } });
  } catch {
    onFail();
  } finally {
    onLookup(false);
  }
}

/**
 * The invitation code (SPEC.md §4, §5, §8): typed, applied with 適用 (GET /api/invitation), cleared
 * with クリア. The general workplace step and the child's personal step.
 */
export function InvitationCodeField({ value, onChange, error, setError, busy, onLookup, onFail }: InvitationCodeFieldProps) {
  const [applying, setApplying] = useState(false);
  const apply = () =>
    applyInvitationCode(value.invitationCode, {
      onChange,
      setError,
      onFail,
      onLookup: (running) => {
        setApplying(running);
        onLookup(running);
      },
    });

  return (
    <CodeField
      label={invitationCodeText.label}
      hint={invitationCodeText.hint}
      value={value.invitationCode}
      state={value.invitationCodeState}
      maxLength={invitationCodeLength}
      error={error}
      readOnly={value.invitationCodeState.status === 'verified'}
      applying={applying}
      busy={busy || applying}
      found={messages.invitationCodeFound}
      notFound={messages.invitationCodeNotFound}
      onChange={(v) => onChange({ invitationCode: v })}
      onBlur={() => onChange({ invitationCode: normaliseCode(value.invitationCode) })}
      onApply={() => void apply()}
      onClear={() => {
        onChange({ invitationCode: '', invitationCodeState: { status: 'idle' } });
        setError(undefined);
      }}
    />
  );
}
