import { useEffect, useRef } from 'react';
import { Screen } from '../../components/screen.tsx';
import { WaitingPanel } from '../../components/waiting-panel.tsx';
import type { PageSlug } from '@koza/domain/flows';
import { useFlow } from '../../lib/flow.ts';
import { pageTitles } from '@koza/domain/flows';
import { ApiCallError } from '../../api/client.ts';
import { completeApplication, type Completion } from '../../api/ekyc.ts';

// UI wording of this screen.
export const redirectText = {
  message: 'お申込みを確定しています',
  note: 'このままお待ちください。',
} as const;

/** The route state /complete reads: the completion call's result (SPEC.md §4). */
export interface CompleteState {
  completion: Completion;
}

/**
 * /redirect: calls POST /api/application-complete once (a ref keeps StrictMode's second effect from
 * calling again; the call is idempotent anyway) and passes the result to /complete as route state.
 * A failure goes to the flow's error page.
 */
export function RedirectScreen({ slug }: { slug: Extract<PageSlug, 'redirect' | 'child-redirect'> }) {
  const flow = useFlow(slug);
  const call = useRef<Promise<Completion> | null>(null);

  useEffect(() => {
    let active = true;
    call.current ??= completeApplication();
    call.current.then(
      (completion) => {
        if (active) flow.next({ replace: true, state: { completion } satisfies CompleteState });
      },
      (error: unknown) => {
        if (!active || (error instanceof ApiCallError && error.status === 401)) return;
        flow.toError();
      },
    );
    return () => {
      active = false;
    };
  }, [flow]);

  return (
    <Screen title={pageTitles[slug]}>
      <WaitingPanel message={redirectText.message} note={redirectText.note} />
    </Screen>
  );
}
