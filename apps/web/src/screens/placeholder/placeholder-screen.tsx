import { useQuery } from '@tanstack/react-query';
import type { PageSlug } from '@koza/domain/flows';
import { getApplications } from '../../api/application.ts';
import { Screen } from '../../components/screen.tsx';
import { pageTitles } from '@koza/domain/flows';
import { session } from '../../lib/session.ts';

/**
 * PLACEHOLDER: stands in for every screen whose issue has not been built yet, so the routes,
 * the guard and the step bar can be exercised end to end. Each later issue replaces its
 * entry in src/app/screens.tsx with the real screen and this component disappears.
 *
 * With a session token it loads the saved application (GET /api/applications), as the real
 * screens after /verification will to prefill their forms: an expired session thus ends on the
 * session error (/error?id=1) here too.
 */
export function PlaceholderScreen({ slug }: { slug: PageSlug }) {
  const hasToken = session.getToken() !== null;
  useQuery({
    queryKey: ['applications'],
    queryFn: ({ signal }) => getApplications(signal),
    enabled: hasToken,
    staleTime: 0,
  });
  return (
    <Screen title={pageTitles[slug]}>
      <p>このページは準備中です。</p>
    </Screen>
  );
}
