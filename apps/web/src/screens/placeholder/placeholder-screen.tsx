import type { PageSlug } from '@koza/domain/flows';
import { Screen } from '../../components/screen.tsx';
import { pageTitles } from '../../app/page-titles.ts';

/**
 * PLACEHOLDER: stands in for every screen whose issue has not been built yet, so the routes,
 * the guard and the step bar can be exercised end to end. Each later issue replaces its
 * entry in src/app/screens.tsx with the real screen and this component disappears.
 */
export function PlaceholderScreen({ slug }: { slug: PageSlug }) {
  return (
    <Screen title={pageTitles[slug]}>
      <p>このページは準備中です。</p>
    </Screen>
  );
}
