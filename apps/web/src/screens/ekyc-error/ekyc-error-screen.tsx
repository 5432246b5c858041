import { messages } from '@koza/domain/messages';
import { Screen } from '../../components/screen.tsx';
import { ButtonBar } from '../../components/button-bar.tsx';
import { Button } from '../../components/button.tsx';
import { useFlow } from '../../lib/flow.ts';
import { pageTitles } from '@koza/domain/flows';
import styles from './ekyc-error-screen.module.css';

// UI wording of this screen (the error text comes from messages.ts).
export const ekycErrorText = { retry: '本人確認をやり直す' } as const;

/**
 * /ekyc-error: the identity-check error; the button returns to eKYC preparation (the parent's
 * for a child application, SPEC.md §2.5). Session storage is kept: the applicant retries.
 */
export function EkycErrorScreen() {
  const flow = useFlow('ekyc-error');
  return (
    <Screen
      title={pageTitles['ekyc-error']}
      actions={
        <ButtonBar>
          <Button onClick={() => flow.next()}>{ekycErrorText.retry}</Button>
        </ButtonBar>
      }
    >
      <p className={styles.message} role="alert">
        {messages.ekycError}
      </p>
    </Screen>
  );
}
