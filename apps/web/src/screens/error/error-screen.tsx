import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '@koza/domain/messages';
import { nextPage, type PageSlug } from '@koza/domain/flows';
import type { ApplicationType } from '@koza/domain/constants';
import { Screen } from '../../components/screen.tsx';
import { ButtonBar } from '../../components/button-bar.tsx';
import { Button } from '../../components/button.tsx';
import { useFlowNavigate } from '../../app/navigation.ts';
import { pageTitles } from '../../app/page-titles.ts';
import { session } from '../../lib/session.ts';
import styles from './error-screen.module.css';

// UI wording of this screen (the error texts themselves come from messages.ts).
const restartLabel = 'お申込みの最初に戻る';

/** The query value that marks a session error (SPEC.md §2.5: /error?id=1). */
export const sessionErrorId = '1';

interface ErrorScreenProps {
  /** 'error' for the general flow, 'child-error' for the child flow. */
  slug: Extract<PageSlug, 'error' | 'child-error'>;
  type: ApplicationType;
}

/**
 * /error and /child/error: the session-error text when ?id=1, otherwise the system-error text.
 * Session storage is cleared (SPEC.md §2.5), and the button returns to the start of the flow.
 */
export function ErrorScreen({ slug, type }: ErrorScreenProps) {
  const [params] = useSearchParams();
  const goTo = useFlowNavigate(slug);
  const isSessionError = params.get('id') === sessionErrorId;
  const start = nextPage(slug, type);

  useEffect(() => {
    session.clear();
  }, []);

  return (
    <Screen
      title={pageTitles[slug]}
      actions={
        start && (
          <ButtonBar>
            <Button onClick={() => goTo(start.slug)}>{restartLabel}</Button>
          </ButtonBar>
        )
      }
    >
      <p className={styles.message}>{isSessionError ? messages.sessionError : messages.systemError}</p>
    </Screen>
  );
}
