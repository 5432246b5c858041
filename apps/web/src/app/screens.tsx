import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import type { ApplicationType } from '@koza/domain/constants';
import { pagesAfter, type PageSlug } from '@koza/domain/flows';
import { TermScreen } from '../screens/term/term-screen.tsx';
import { ChildBeforeCheckScreen } from '../screens/child-before-check/child-before-check-screen.tsx';
import { ErrorScreen } from '../screens/error/error-screen.tsx';
import { EntryPage } from '../entry/entry-page.tsx';
import { PageLoading } from '../components/spinner.tsx';

// The entry pages (term, child before-check, child term) and the error pages are in the first bundle; every later screen is its own
// chunk, fetched one step ahead while the applicant fills in the page before it (prefetchAfter).
const loaders = {
  verification: () => import('../screens/verification/verification-screen.tsx').then((m) => m.VerificationScreen),
  placeholder: () => import('../screens/placeholder/placeholder-screen.tsx').then((m) => m.PlaceholderScreen),
  personal: () => import('../screens/personal/personal-screen.tsx').then((m) => m.PersonalScreen),
  workplace: () => import('../screens/workplace/workplace-screen.tsx').then((m) => m.WorkplaceScreen),
  branch: () => import('../screens/branch/branch-screen.tsx').then((m) => m.BranchScreen),
  sealLess: () => import('../screens/seal-less/seal-less-screen.tsx').then((m) => m.SealLessScreen),
  confirmation: () => import('../screens/confirmation/confirmation-screen.tsx').then((m) => m.ConfirmationScreen),
  pin: () => import('../screens/pin/pin-screen.tsx').then((m) => m.PinScreen),
  ekycPreparation: () => import('../screens/ekyc-preparation/ekyc-preparation-screen.tsx').then((m) => m.EkycPreparationScreen),
  ekycCallback: () => import('../screens/ekyc-callback/ekyc-callback-screen.tsx').then((m) => m.EkycCallbackScreen),
  supplement: () => import('../screens/supplement/supplement-screen.tsx').then((m) => m.SupplementScreen),
  supplementError: () => import('../screens/supplement-error/supplement-error-screen.tsx').then((m) => m.SupplementErrorScreen),
  ekycError: () => import('../screens/ekyc-error/ekyc-error-screen.tsx').then((m) => m.EkycErrorScreen),
  redirect: () => import('../screens/redirect/redirect-screen.tsx').then((m) => m.RedirectScreen),
  complete: () => import('../screens/complete/complete-screen.tsx').then((m) => m.CompleteScreen),
  childPersonal: () => import('../screens/child-personal/child-personal-screen.tsx').then((m) => m.ChildPersonalScreen),
  childParent: () => import('../screens/child-parent/child-parent-screen.tsx').then((m) => m.ChildParentScreen),
  childEkycPreparation: () =>
    import('../screens/child-ekyc-preparation/child-ekyc-preparation-screen.tsx').then((m) => m.ChildEkycPreparationScreen),
  childIdentificationDocuments: () =>
    import('../screens/child-ekyc-identification-documents/child-ekyc-identification-documents-screen.tsx').then(
      (m) => m.ChildEkycIdentificationDocumentsScreen,
    ),
  childSupplementaryDocuments: () =>
    import('../screens/child-ekyc-supplementary-documents/child-ekyc-supplementary-documents-screen.tsx').then(
      (m) => m.ChildEkycSupplementaryDocumentsScreen,
    ),
};

const lazyScreen = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(() => load().then((component) => ({ default: component })));

const VerificationScreen = lazyScreen(loaders.verification);
const PlaceholderScreen = lazyScreen(loaders.placeholder);
const PersonalScreen = lazyScreen(loaders.personal);
const WorkplaceScreen = lazyScreen(loaders.workplace);
const BranchScreen = lazyScreen(loaders.branch);
const SealLessScreen = lazyScreen(loaders.sealLess);
const ConfirmationScreen = lazyScreen(loaders.confirmation);
const PinScreen = lazyScreen(loaders.pin);
const EkycPreparationScreen = lazyScreen(loaders.ekycPreparation);
const EkycCallbackScreen = lazyScreen(loaders.ekycCallback);
const SupplementScreen = lazyScreen(loaders.supplement);
const SupplementErrorScreen = lazyScreen(loaders.supplementError);
const EkycErrorScreen = lazyScreen(loaders.ekycError);
const RedirectScreen = lazyScreen(loaders.redirect);
const CompleteScreen = lazyScreen(loaders.complete);
const ChildPersonalScreen = lazyScreen(loaders.childPersonal);
const ChildParentScreen = lazyScreen(loaders.childParent);
const ChildEkycPreparationScreen = lazyScreen(loaders.childEkycPreparation);
const ChildIdentificationDocumentsScreen = lazyScreen(loaders.childIdentificationDocuments);
const ChildSupplementaryDocumentsScreen = lazyScreen(loaders.childSupplementaryDocuments);

/** The chunk of each page shown by a lazily loaded screen (the entry pages are in the first bundle). */
const chunkOf: Partial<Record<PageSlug, keyof typeof loaders>> = {
  verification: 'verification',
  'child-verification': 'verification',
  personal: 'personal',
  workplace: 'workplace',
  branch: 'branch',
  'child-branch': 'branch',
  'seal-less': 'sealLess',
  confirmation: 'confirmation',
  'child-confirmation': 'confirmation',
  pin: 'pin',
  'child-pin': 'pin',
  'ekyc-preparation': 'ekycPreparation',
  'child-parent-ekyc-preparation': 'ekycPreparation',
  'ekyc-callback': 'ekycCallback',
  supplement: 'supplement',
  'supplement-error': 'supplementError',
  'ekyc-error': 'ekycError',
  redirect: 'redirect',
  'child-redirect': 'redirect',
  complete: 'complete',
  'child-complete': 'complete',
  'child-personal': 'childPersonal',
  'child-parent': 'childParent',
  'child-ekyc-preparation': 'childEkycPreparation',
  'child-ekyc-identification-documents': 'childIdentificationDocuments',
  'child-ekyc-supplementary-documents': 'childSupplementaryDocuments',
};

/**
 * Fetches, once the page is up and the browser is idle, the chunks of the pages it can lead to in its
 * flow (its Next and its exits: flows.ts `pagesAfter`), one step ahead rather than every screen at once.
 */
export function prefetchAfter(slug: PageSlug, type: ApplicationType): void {
  const run = () => {
    for (const target of pagesAfter(slug, type)) {
      const chunk = chunkOf[target];
      if (chunk) loaders[chunk]().catch(() => undefined);
    }
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 3000 });
  else window.setTimeout(run, 1000);
}

/**
 * The screen of each page. Pages not listed render the PLACEHOLDER screen until their issue
 * is built; replace the placeholder by adding the real screen here. The entry page of each flow
 * is wrapped in EntryPage (entry query, landing modals); keep the wrapper when replacing it.
 */
const screens: Partial<Record<PageSlug, () => ReactElement>> = {
  term: () => (
    <EntryPage type="GENERAL">
      <TermScreen slug="term" />
    </EntryPage>
  ),
  verification: () => <VerificationScreen slug="verification" type="GENERAL" />,
  personal: () => <PersonalScreen />,
  workplace: () => <WorkplaceScreen />,
  branch: () => <BranchScreen slug="branch" />,
  'seal-less': () => <SealLessScreen />,
  confirmation: () => <ConfirmationScreen slug="confirmation" />,
  pin: () => <PinScreen slug="pin" />,
  'child-before-check': () => (
    <EntryPage type="CHILD">
      <ChildBeforeCheckScreen />
    </EntryPage>
  ),
  'child-term': () => <TermScreen slug="child-term" />,
  'child-verification': () => <VerificationScreen slug="child-verification" type="CHILD" />,
  'child-personal': () => <ChildPersonalScreen />,
  'child-parent': () => <ChildParentScreen />,
  'child-branch': () => <BranchScreen slug="child-branch" />,
  'child-confirmation': () => <ConfirmationScreen slug="child-confirmation" />,
  'child-pin': () => <PinScreen slug="child-pin" />,
  'ekyc-preparation': () => <EkycPreparationScreen slug="ekyc-preparation" />,
  'ekyc-callback': () => <EkycCallbackScreen />,
  supplement: () => <SupplementScreen />,
  redirect: () => <RedirectScreen slug="redirect" />,
  complete: () => <CompleteScreen slug="complete" />,
  'ekyc-error': () => <EkycErrorScreen />,
  'supplement-error': () => <SupplementErrorScreen />,
  error: () => <ErrorScreen slug="error" />,
  'child-error': () => <ErrorScreen slug="child-error" />,
  'child-ekyc-preparation': () => <ChildEkycPreparationScreen />,
  'child-ekyc-identification-documents': () => <ChildIdentificationDocumentsScreen />,
  'child-ekyc-supplementary-documents': () => <ChildSupplementaryDocumentsScreen />,
  'child-parent-ekyc-preparation': () => <EkycPreparationScreen slug="child-parent-ekyc-preparation" />,
  'child-redirect': () => <RedirectScreen slug="child-redirect" />,
  'child-complete': () => <CompleteScreen slug="child-complete" />,
};

export function screenFor(slug: PageSlug): ReactElement {
  const render = screens[slug];
  return <Suspense fallback={<PageLoading label="読み込み中" />}>{render ? render() : <PlaceholderScreen slug={slug} />}</Suspense>;
}
