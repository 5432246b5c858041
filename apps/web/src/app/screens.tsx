import type { ReactElement } from 'react';
import type { PageSlug } from '@koza/domain/flows';
import { TermScreen } from '../screens/term/term-screen.tsx';
import { VerificationScreen } from '../screens/verification/verification-screen.tsx';
import { ErrorScreen } from '../screens/error/error-screen.tsx';
import { PlaceholderScreen } from '../screens/placeholder/placeholder-screen.tsx';
import { EkycPreparationScreen } from '../screens/ekyc-preparation/ekyc-preparation-screen.tsx';
import { EkycCallbackScreen } from '../screens/ekyc-callback/ekyc-callback-screen.tsx';
import { SupplementScreen } from '../screens/supplement/supplement-screen.tsx';
import { SupplementErrorScreen } from '../screens/supplement-error/supplement-error-screen.tsx';
import { EkycErrorScreen } from '../screens/ekyc-error/ekyc-error-screen.tsx';
import { RedirectScreen } from '../screens/redirect/redirect-screen.tsx';
import { CompleteScreen } from '../screens/complete/complete-screen.tsx';
import { PersonalScreen } from '../screens/personal/personal-screen.tsx';
import { WorkplaceScreen } from '../screens/workplace/workplace-screen.tsx';
import { BranchScreen } from '../screens/branch/branch-screen.tsx';
import { SealLessScreen } from '../screens/seal-less/seal-less-screen.tsx';
import { ConfirmationScreen } from '../screens/confirmation/confirmation-screen.tsx';
import { PinScreen } from '../screens/pin/pin-screen.tsx';
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
  personal: () => <PersonalScreen />,
  workplace: () => <WorkplaceScreen />,
  branch: () => <BranchScreen />,
  'seal-less': () => <SealLessScreen />,
  confirmation: () => <ConfirmationScreen />,
  pin: () => <PinScreen />,
  'child-before-check': () => (
    <EntryPage type="CHILD">
      <PlaceholderScreen slug="child-before-check" />
    </EntryPage>
  ),
  'child-verification': () => <VerificationScreen slug="child-verification" type="CHILD" />,
  'ekyc-preparation': () => <EkycPreparationScreen />,
  'ekyc-callback': () => <EkycCallbackScreen />,
  supplement: () => <SupplementScreen />,
  redirect: () => <RedirectScreen />,
  complete: () => <CompleteScreen />,
  'ekyc-error': () => <EkycErrorScreen />,
  'supplement-error': () => <SupplementErrorScreen />,
  error: () => <ErrorScreen slug="error" type="GENERAL" />,
  'child-error': () => <ErrorScreen slug="child-error" type="CHILD" />,
};

export function screenFor(slug: PageSlug): ReactElement {
  const render = screens[slug];
  return render ? render() : <PlaceholderScreen slug={slug} />;
}
