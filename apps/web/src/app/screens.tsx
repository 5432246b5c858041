import type { ReactElement } from 'react';
import type { PageSlug } from '@koza/domain/flows';
import { TermScreen } from '../screens/term/term-screen.tsx';
import { ErrorScreen } from '../screens/error/error-screen.tsx';
import { PlaceholderScreen } from '../screens/placeholder/placeholder-screen.tsx';

/**
 * The screen of each page. Pages not listed render the PLACEHOLDER screen until their issue
 * is built; replace the placeholder by adding the real screen here.
 */
const screens: Partial<Record<PageSlug, () => ReactElement>> = {
  term: () => <TermScreen />,
  error: () => <ErrorScreen slug="error" type="GENERAL" />,
  'child-error': () => <ErrorScreen slug="child-error" type="CHILD" />,
};

export function screenFor(slug: PageSlug): ReactElement {
  const render = screens[slug];
  return render ? render() : <PlaceholderScreen slug={slug} />;
}
