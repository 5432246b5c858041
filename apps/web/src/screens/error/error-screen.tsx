import { useEffect } from 'react';
import { messages } from '@koza/domain/messages';
import type { PageSlug } from '@koza/domain/flows';
import { useAppLocation } from '../../lib/navigation.tsx';
import { Screen } from '../../components/screen.tsx';
import { ButtonBar } from '../../components/button-bar.tsx';
import { Button } from '../../components/button.tsx';
import { sessionErrorId, useFlow } from '../../lib/flow.ts';
import { pageTitles } from '@koza/domain/flows';
import { session } from '../../lib/session.ts';
import styles from './error-screen.module.css';

// UI wording of this screen (the error texts themselves come from messages.ts).
const restartLabel = 'お申込みの最初に戻る';

interface ErrorScreenProps {
  /** 'error' for the general flow, 'child-error' for the child flow. */
  slug: Extract<PageSlug, 'error' | 'child-error'>;
}

/**
 * /error and /child/error: the session-error text when ?id=1, otherwise the system-error text.
 * Session storage is cleared (SPEC.md §2.5), and the button returns to the start of the flow.
 */
export function ErrorScreen({ slug }: ErrorScreenProps) {
  const { search } = useAppLocation();
  const flow = useFlow(slug);
  const isSessionError = new URLSearchParams(search).get('id') === sessionErrorId;

  useEffect(() => {
    session.clear();
  }, []);

  return (
    <Screen
      title={pageTitles[slug]}
      actions={
        <ButtonBar>
          <Button onClick={() => flow.next()}>{restartLabel}</Button>
        </ButtonBar>
      }
    >
      <p className={styles.message}>{isSessionError ? messages.sessionError : messages.systemError}</p>
    </Screen>
  );
}
