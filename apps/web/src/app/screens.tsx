import type { ReactElement } from 'react';
import type { PageSlug } from '@koza/domain/flows';
import { TermScreen } from '../screens/term/term-screen.tsx';
import { VerificationScreen } from '../screens/verification/verification-screen.tsx';
import { ErrorScreen } from '../screens/error/error-screen.tsx';
import { PlaceholderScreen } from '../screens/placeholder/placeholder-screen.tsx';
import { EntryPage } from '../entry/entry-page.tsx';

/**
 * The screen of each page. Pages not listed render the PLACEHOLDER screen until their issue
 * is built; replace the placeholder by adding the real screen here. The entry page of each flow
 * is wrapped in EntryPage (entry query, landing modals); keep the wrapper when replacing it.
 */
const screens: Partial<Record<PageSlug, () => ReactElement>> = {
  term: () => (
    <EntryPage type="GENERAL">
      <TermScreen />
    </EntryPage>
  ),
  verification: () => <VerificationScreen slug="verification" type="GENERAL" />,
  'child-before-check': () => (
    <EntryPage type="CHILD">
      <PlaceholderScreen slug="child-before-check" />
    </EntryPage>
  ),
  'child-verification': () => <VerificationScreen slug="child-verification" type="CHILD" />,
  error: () => <ErrorScreen slug="error" type="GENERAL" />,
  'child-error': () => <ErrorScreen slug="child-error" type="CHILD" />,
};

export function screenFor(slug: PageSlug): ReactElement {
  const render = screens[slug];
  return render ? render() : <PlaceholderScreen slug={slug} />;
}
