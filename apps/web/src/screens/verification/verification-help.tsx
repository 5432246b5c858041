import { Button } from '../../components/button.tsx';
import { ExternalLink } from '../../components/external-link.tsx';
import { verificationText } from './verification-text.ts';
import styles from './verification-screen.module.css';

interface VerificationHelpProps {
  /** The bank's mail domain, to allow in a spam filter. */
  domain: string;
  mailHelp: string;
  /** The resend button, on the code step only. */
  resend: { pending: boolean; disabled: boolean; onClick: () => void } | undefined;
}

/** 'Mail not arriving?' (SPEC.md §2.5): the usual causes, a resend on the code step, the bank's help page. */
export function VerificationHelp({ domain, mailHelp, resend }: VerificationHelpProps) {
  return (
    <details className={styles.help}>
      <summary className={styles.helpSummary}>{verificationText.helpTitle}</summary>
      <div className={styles.helpBody}>
        <ul>
          <li>{verificationText.helpSpam}</li>
          <li>{verificationText.helpDomain(domain)}</li>
          <li>{verificationText.helpAddress}</li>
          <li>{verificationText.helpResend}</li>
        </ul>
        {resend && (
          <Button variant="secondary" pending={resend.pending} disabled={resend.disabled} onClick={resend.onClick}>
            {verificationText.resend}
          </Button>
        )}
        <p>
          <ExternalLink href={mailHelp}>{verificationText.helpMore}</ExternalLink>
        </p>
      </div>
    </details>
  );
}
