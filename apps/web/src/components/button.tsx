import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.tsx';
import styles from './button.module.css';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary';
  /** While a request runs the button is disabled and shows a spinner, so it cannot submit twice. */
  pending?: boolean;
}

export function Button({ variant = 'primary', pending = false, disabled, type = 'button', className, children, ...rest }: ButtonProps) {
  const classes = [styles.button, styles[variant], className].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || pending} aria-busy={pending || undefined}>
      {pending && <Spinner />}
      <span>{children}</span>
    </button>
  );
}

interface LinkButtonProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  variant?: 'primary' | 'secondary';
}

/** A link that looks like a button: for actions that leave the service (e.g. back to the bank's introduction page). */
export function LinkButton({ variant = 'primary', className, children, ...rest }: LinkButtonProps) {
  const classes = [styles.button, styles[variant], className].filter(Boolean).join(' ');
  return (
    <a {...rest} className={classes}>
      <span>{children}</span>
    </a>
  );
}
