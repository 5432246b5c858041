import { useEffect } from 'react';
import { Screen } from '../../components/screen.tsx';
import { WaitingPanel } from '../../components/waiting-panel.tsx';
import { useFlow } from '../../lib/flow.ts';
import { pageTitles } from '@koza/domain/flows';
import { ApiCallError } from '../../api/client.ts';
import { fetchEkycStatus } from '../../api/ekyc.ts';
import { pollEkycStatus, sleep } from './ekyc-polling.ts';

// UI wording of this screen.
export const ekycCallbackText = {
  message: '本人確認書類を確認しています',
  note: '確認には少し時間がかかることがあります。画面を閉じたり、戻るボタンを押したりせずに、このままお待ちください。',
} as const;

/**
 * /ekyc-callback: the provider returns the browser here (a full page load, so no guard). Shows
 * that the identity document is being checked and polls POST /api/ekyc/status (SPEC.md §4).
 */
export function EkycCallbackScreen() {
  const flow = useFlow('ekyc-callback');

  useEffect(() => {
    const controller = new AbortController();
    void pollEkycStatus({ fetchStatus: fetchEkycStatus, sleep, signal: controller.signal }).then((result) => {
      if (!result || controller.signal.aborted) return;
      // A 401 has already sent the applicant to the session error.
      if (result.error instanceof ApiCallError && result.error.status === 401) return;
      // The callback is shared with the child flow: the flow table knows where each outcome leads.
      if (result.to === 'next') flow.next({ replace: true });
      else flow.exit(result.to, { replace: true });
    });
    return () => controller.abort();
  }, [flow]);

  return (
    <Screen title={pageTitles['ekyc-callback']}>
      <WaitingPanel message={ekycCallbackText.message} note={ekycCallbackText.note} />
    </Screen>
  );
}
