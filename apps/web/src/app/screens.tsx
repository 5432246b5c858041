import { createElement, lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import type { ApplicationType } from '@koza/domain/constants';
import { pagesAfter, type PageSlug } from '@koza/domain/flows';
import { TermScreen } from '../screens/term/term-screen.tsx';
import { ChildBeforeCheckScreen } from '../screens/child-before-check/child-before-check-screen.tsx';
import { ErrorScreen } from '../screens/error/error-screen.tsx';
import { EntryPage } from '../entry/entry-page.tsx';
import { PageLoading } from '../components/spinner.tsx';

/**
 * The screens of the first bundle: the entry page of each flow, wrapped in EntryPage (entry query,
 * landing modals; keep the wrapper when changing it), the child term page and the error pages.
 */
const firstBundle: Partial<Record<PageSlug, () => ReactElement>> = {
  term: () => (
    <EntryPage type="GENERAL">
      <TermScreen slug="term" />
    </EntryPage>
  ),
  'child-before-check': () => (
    <EntryPage type="CHILD">
      <ChildBeforeCheckScreen />
    </EntryPage>
  ),
  'child-term': () => <TermScreen slug="child-term" />,
  error: () => <ErrorScreen slug="error" />,
  'child-error': () => <ErrorScreen slug="child-error" />,
};

/** A screen in a chunk of its own: `load` fetches the chunk (and prefetches it), `render` shows it. */
interface LazyPage {
  load: () => Promise<unknown>;
  render: () => ReactElement;
}

/** The page's screen, loaded on its first render, with the page's props. */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, props: P): LazyPage {
  const Screen = lazy(() => load().then((component) => ({ default: component })));
  return { load, render: () => createElement(Screen, props) };
}

/**
 * Every later screen, one row per page: its chunk and its props. The lazy components, the screen of
 * each page (screenFor) and the prefetch one step ahead (prefetchAfter) all come from this table.
 * A screen shared by both flows takes its page as a prop; its chunk is fetched once.
 */
const lazyPages: Partial<Record<PageSlug, LazyPage>> = {
  verification: lazyPage(() => import('../screens/verification/verification-screen.tsx').then((m) => m.VerificationScreen), {
    slug: 'verification',
    type: 'GENERAL',
  }),
  'child-verification': lazyPage(() => import('../screens/verification/verification-screen.tsx').then((m) => m.VerificationScreen), {
    slug: 'child-verification',
    type: 'CHILD',
  }),
  personal: lazyPage(() => import('../screens/personal/personal-screen.tsx').then((m) => m.PersonalScreen), {}),
  workplace: lazyPage(() => import('../screens/workplace/workplace-screen.tsx').then((m) => m.WorkplaceScreen), {}),
  branch: lazyPage(() => import('../screens/branch/branch-screen.tsx').then((m) => m.BranchScreen), { slug: 'branch' }),
  'child-branch': lazyPage(() => import('../screens/branch/branch-screen.tsx').then((m) => m.BranchScreen), { slug: 'child-branch' }),
  'seal-less': lazyPage(() => import('../screens/seal-less/seal-less-screen.tsx').then((m) => m.SealLessScreen), {}),
  confirmation: lazyPage(() => import('../screens/confirmation/confirmation-screen.tsx').then((m) => m.ConfirmationScreen), {
    slug: 'confirmation',
  }),
  'child-confirmation': lazyPage(() => import('../screens/confirmation/confirmation-screen.tsx').then((m) => m.ConfirmationScreen), {
    slug: 'child-confirmation',
  }),
  pin: lazyPage(() => import('../screens/pin/pin-screen.tsx').then((m) => m.PinScreen), { slug: 'pin' }),
  'child-pin': lazyPage(() => import('../screens/pin/pin-screen.tsx').then((m) => m.PinScreen), { slug: 'child-pin' }),
  'ekyc-preparation': lazyPage(() => import('../screens/ekyc-preparation/ekyc-preparation-screen.tsx').then((m) => m.EkycPreparationScreen), {
    slug: 'ekyc-preparation',
  }),
  'child-parent-ekyc-preparation': lazyPage(
    () => import('../screens/ekyc-preparation/ekyc-preparation-screen.tsx').then((m) => m.EkycPreparationScreen),
    { slug: 'child-parent-ekyc-preparation' },
  ),
  'ekyc-callback': lazyPage(() => import('../screens/ekyc-callback/ekyc-callback-screen.tsx').then((m) => m.EkycCallbackScreen), {}),
  supplement: lazyPage(() => import('../screens/supplement/supplement-screen.tsx').then((m) => m.SupplementScreen), {}),
  'supplement-error': lazyPage(() => import('../screens/supplement-error/supplement-error-screen.tsx').then((m) => m.SupplementErrorScreen), {}),
  'ekyc-error': lazyPage(() => import('../screens/ekyc-error/ekyc-error-screen.tsx').then((m) => m.EkycErrorScreen), {}),
  redirect: lazyPage(() => import('../screens/redirect/redirect-screen.tsx').then((m) => m.RedirectScreen), { slug: 'redirect' }),
  'child-redirect': lazyPage(() => import('../screens/redirect/redirect-screen.tsx').then((m) => m.RedirectScreen), { slug: 'child-redirect' }),
  complete: lazyPage(() => import('../screens/complete/complete-screen.tsx').then((m) => m.CompleteScreen), { slug: 'complete' }),
  'child-complete': lazyPage(() => import('../screens/complete/complete-screen.tsx').then((m) => m.CompleteScreen), { slug: 'child-complete' }),
  'child-personal': lazyPage(() => import('../screens/child-personal/child-personal-screen.tsx').then((m) => m.ChildPersonalScreen), {}),
  'child-parent': lazyPage(() => import('../screens/child-parent/child-parent-screen.tsx').then((m) => m.ChildParentScreen), {}),
  'child-ekyc-preparation': lazyPage(
    () => import('../screens/child-ekyc-preparation/child-ekyc-preparation-screen.tsx').then((m) => m.ChildEkycPreparationScreen),
    {},
  ),
  'child-ekyc-identification-documents': lazyPage(
    () =>
      import('../screens/child-ekyc-identification-documents/child-ekyc-identification-documents-screen.tsx').then(
        (m) => m.ChildEkycIdentificationDocumentsScreen,
      ),
    {},
  ),
  'child-ekyc-supplementary-documents': lazyPage(
    () =>
      import('../screens/child-ekyc-supplementary-documents/child-ekyc-supplementary-documents-screen.tsx').then(
        (m) => m.ChildEkycSupplementaryDocumentsScreen,
      ),
    {},
  ),
};

/** Pages in neither table render the PLACEHOLDER screen until their issue is built. */
const PlaceholderScreen = lazy(() => import('../screens/placeholder/placeholder-screen.tsx').then((m) => ({ default: m.PlaceholderScreen })));

/** What the applicant does first on a page: a touch, a click or a key (docs/decisions/0171-prefetch-on-first-interaction.md). */
const firstInteraction = ['pointerdown', 'keydown'] as const;

/**
 * Fetches the chunks of the pages this page can lead to in its flow (its Next and its exits: flows.ts
 * `pagesAfter`), one step ahead rather than every screen at once: once the applicant first touches
 * or types on the page, when the browser is idle. An applicant who leaves the first page without
 * doing anything downloads no later screen. Returns the cleanup of the page's effect.
 */
export function prefetchAfter(slug: PageSlug, type: ApplicationType): () => void {
  const ahead = pagesAfter(slug, type).flatMap((target) => lazyPages[target] ?? []);
  if (ahead.length === 0) return () => undefined;
  let idle: number | undefined;
  const fetchAhead = () => {
    for (const page of ahead) page.load().catch(() => undefined);
  };
  const stopListening = () => {
    for (const type of firstInteraction) window.removeEventListener(type, start, true);
  };
  function start() {
    stopListening();
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(fetchAhead, { timeout: 1000 });
    else fetchAhead();
  }
  for (const type of firstInteraction) window.addEventListener(type, start, { capture: true, passive: true });
  return () => {
    stopListening();
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

export function screenFor(slug: PageSlug): ReactElement {
  const render = firstBundle[slug] ?? lazyPages[slug]?.render;
  return <Suspense fallback={<PageLoading label="読み込み中" />}>{render ? render() : <PlaceholderScreen slug={slug} />}</Suspense>;
}
