import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';

/**
 * The one dialog of every irreversible action (reject, cancel, publish, end a maintenance window,
 * stop an account, reset a second factor): it names what is acted on and the consequence, on the
 * native <dialog> (focus trapped, page behind inert, Escape cancels). Focus starts on the title and
 * goes back to the opener when the dialog is cancelled. `children` may hold the reason fields.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  pending = false,
  danger = true,
  error,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  danger?: boolean;
  /** A failure of the action, shown in the dialog. */
  error?: string | null;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const cancelRef = useRef(onCancel);
  useEffect(() => {
    cancelRef.current = onCancel;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    titleRef.current?.focus();
    const onEscape = (event: Event) => {
      event.preventDefault();
      cancelRef.current();
    };
    dialog.addEventListener('cancel', onEscape);
    return () => {
      dialog.removeEventListener('cancel', onEscape);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog ref={dialogRef} className="confirm-dialog" aria-labelledby={titleId}>
      <h2 id={titleId} ref={titleRef} tabIndex={-1}>
        {title}
      </h2>
      {children}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="button" className={danger ? 'danger primary' : 'primary'} onClick={onConfirm} disabled={pending}>
          {confirmLabel}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          キャンセル
        </button>
      </div>
    </dialog>
  );
}
