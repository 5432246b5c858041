import { messages } from '@koza/domain/messages';
import { Screen } from '../../components/screen.tsx';
import { ButtonBar } from '../../components/button-bar.tsx';
import { Button } from '../../components/button.tsx';
import { useFlow } from '../../lib/flow.ts';
import { pageTitles } from '@koza/domain/flows';
import styles from './supplement-error-screen.module.css';

// UI wording of this screen (the error text comes from messages.ts).
export const supplementErrorText = { retry: 'もう一度アップロードする' } as const;

/** /supplement-error: the upload error of the current-address document; the button returns to /supplement. */
export function SupplementErrorScreen() {
  const flow = useFlow('supplement-error');
  return (
    <Screen
      title={pageTitles['supplement-error']}
      actions={
        <ButtonBar>
          <Button onClick={() => flow.next()}>{supplementErrorText.retry}</Button>
        </ButtonBar>
      }
    >
      <p className={styles.message} role="alert">
        {messages.uploadError}
      </p>
    </Screen>
  );
}
