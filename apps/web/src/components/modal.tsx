import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { useRenderedInBrowser } from '../lib/hydration.ts';
import styles from './modal.module.css';

interface ModalProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom of the modal. */
  actions?: ReactNode;
  /**
   * Called when the user asks to close (Escape). Leave it out for modals that must not be
   * dismissed that way (maintenance): Escape is then ignored.
   */
  onClose?: () => void;
  /** Narrow variant (max 320 px), e.g. the address chooser. */
  narrow?: boolean;
}

/** Whether the dialog is shown as a modal (top layer) rather than open in the page's flow. */
function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    return dialog.open;
  }
}

/**
 * A modal on the native <dialog>: showModal() traps focus, makes the page behind inert and
 * shows ::backdrop. Focus goes to the title so the screen reader starts there.
 *
 * Rendered open on the server (the landing modals, docs/decisions/0216-landing-modal-in-the-first-html.md),
 * the dialog carries `open` in the HTML, so it paints before any script (styled like the modal);
 * once the page runs, it becomes the modal. React never changes that attribute afterwards.
 */
export function Modal({ open, title, children, actions, onClose, narrow = false }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const inBrowser = useRenderedInBrowser();
  const [openInHtml] = useState(() => open && !inBrowser);
  // Until the first effect: the dialog may have been closed already by its own form (method="dialog")
  // before the page's script ran, which is the applicant's close.
  const painted = useRef(openInHtml);
  const closedBeforeScript = useEffectEvent(() => onClose?.());

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const wasPainted = painted.current;
    painted.current = false;
    if (open && wasPainted && !dialog.open) {
      closedBeforeScript();
      return undefined;
    }
    if (open && !isModal(dialog)) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (dialog.open) dialog.close();
      dialog.showModal();
      titleRef.current?.focus();
      return () => {
        if (dialog.open) dialog.close();
        // Give focus back to what opened the modal, if it is still on the page.
        if (opener?.isConnected) opener.focus();
      };
    }
    if (!open && dialog.open) dialog.close();
    return undefined;
  }, [open]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // 'cancel' fires on Escape; the dialog stays open unless the owner closes it.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onClose?.();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, [onClose]);

  return (
    // suppressHydrationWarning: this element's own attributes only; `open` is the one the browser
    // itself removes when the applicant closes the painted dialog before the script runs.
    <dialog
      ref={dialogRef}
      open={openInHtml || undefined}
      suppressHydrationWarning
      className={`${styles.dialog} ${narrow ? styles.narrow : ''}`}
      aria-labelledby={titleId}
    >
      {open && (
        <div className={styles.body}>
          <h2 id={titleId} ref={titleRef} tabIndex={-1} className={styles.title}>
            {title}
          </h2>
          {children}
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
      )}
    </dialog>
  );
}
