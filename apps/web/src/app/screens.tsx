import { createElement, lazy, Suspense, useEffect, type ComponentType, type ReactElement } from 'react';
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
const firstBundle = {
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
} satisfies Partial<Record<PageSlug, () => ReactElement>>;
type FirstBundlePage = keyof typeof firstBundle;
const inFirstBundle = (slug: PageSlug): slug is FirstBundlePage => Object.hasOwn(firstBundle, slug);

/** The pages of the entry shell (entry-shell.tsx): prerendered, shown without the full app. */
export const isEntryShellPage = (slug: PageSlug): boolean => inFirstBundle(slug);

/** A screen in a chunk of its own: `load` fetches the chunk (and prefetches it), `render` shows it. */
interface LazyPage {
  load: () => Promise<unknown>;
  render: () => ReactElement;
}

/** One lazy component per chunk loader: the pages that share a screen share its component. */
const lazyComponents = new Map<() => Promise<unknown>, ComponentType<never>>();

/** The page's screen, loaded on its first render, with the page's props. */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, props: P): LazyPage {
  let Screen = lazyComponents.get(load) as ComponentType<P> | undefined;
  if (Screen === undefined) {
    Screen = lazy(() => load().then((component) => ({ default: component })));
    lazyComponents.set(load, Screen as ComponentType<never>);
  }
  const component = Screen;
  return { load, render: () => createElement(component, props) };
}

/** The chunks of the screens both flows show, each page with its own props. */
const shared = {
  verification: () => import('../screens/verification/verification-screen.tsx').then((m) => m.VerificationScreen),
  branch: () => import('../screens/branch/branch-screen.tsx').then((m) => m.BranchScreen),
  confirmation: () => import('../screens/confirmation/confirmation-screen.tsx').then((m) => m.ConfirmationScreen),
  pin: () => import('../screens/pin/pin-screen.tsx').then((m) => m.PinScreen),
  ekycPreparation: () => import('../screens/ekyc-preparation/ekyc-preparation-screen.tsx').then((m) => m.EkycPreparationScreen),
  redirect: () => import('../screens/redirect/redirect-screen.tsx').then((m) => m.RedirectScreen),
  complete: () => import('../screens/complete/complete-screen.tsx').then((m) => m.CompleteScreen),
};

/**
 * Every later screen, one row per page: its chunk and its props. The lazy components, the screen of
 * each page (screenFor) and the prefetch one step ahead (prefetchAfter) all come from this table.
 * A screen shared by both flows takes its page as a prop; its chunk and lazy component are one.
 */
/** Every other page of the journey definition: a page without a screen does not compile. */
const lazyPages: Readonly<Record<Exclude<PageSlug, FirstBundlePage>, LazyPage>> = {
  verification: lazyPage(shared.verification, { slug: 'verification', type: 'GENERAL' }),
  'child-verification': lazyPage(shared.verification, { slug: 'child-verification', type: 'CHILD' }),
  personal: lazyPage(() => import('../screens/personal/personal-screen.tsx').then((m) => m.PersonalScreen), {}),
  workplace: lazyPage(() => import('../screens/workplace/workplace-screen.tsx').then((m) => m.WorkplaceScreen), {}),
  branch: lazyPage(shared.branch, { slug: 'branch' }),
  'child-branch': lazyPage(shared.branch, { slug: 'child-branch' }),
  'seal-less': lazyPage(() => import('../screens/seal-less/seal-less-screen.tsx').then((m) => m.SealLessScreen), {}),
  confirmation: lazyPage(shared.confirmation, { slug: 'confirmation' }),
  'child-confirmation': lazyPage(shared.confirmation, { slug: 'child-confirmation' }),
  pin: lazyPage(shared.pin, { slug: 'pin' }),
  'child-pin': lazyPage(shared.pin, { slug: 'child-pin' }),
  'ekyc-preparation': lazyPage(shared.ekycPreparation, { slug: 'ekyc-preparation' }),
  'child-parent-ekyc-preparation': lazyPage(shared.ekycPreparation, { slug: 'child-parent-ekyc-preparation' }),
  'ekyc-callback': lazyPage(() => import('../screens/ekyc-callback/ekyc-callback-screen.tsx').then((m) => m.EkycCallbackScreen), {}),
  supplement: lazyPage(() => import('../screens/supplement/supplement-screen.tsx').then((m) => m.SupplementScreen), {}),
  'supplement-error': lazyPage(() => import('../screens/supplement-error/supplement-error-screen.tsx').then((m) => m.SupplementErrorScreen), {}),
  'ekyc-error': lazyPage(() => import('../screens/ekyc-error/ekyc-error-screen.tsx').then((m) => m.EkycErrorScreen), {}),
  redirect: lazyPage(shared.redirect, { slug: 'redirect' }),
  'child-redirect': lazyPage(shared.redirect, { slug: 'child-redirect' }),
  complete: lazyPage(shared.complete, { slug: 'complete' }),
  'child-complete': lazyPage(shared.complete, { slug: 'child-complete' }),
  status: lazyPage(() => import('../screens/status/status-screen.tsx').then((m) => m.StatusScreen), {}),
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

/** What the applicant does first on a page: a touch, a click or a key (docs/decisions/0171-prefetch-on-first-interaction.md). */
const firstInteraction = ['pointerdown', 'keydown'] as const;

/**
 * Fetches the chunks of the pages this page can lead to in its flow (its Next and its exits: flows.ts
 * `pagesAfter`), one step ahead rather than every screen at once: once the applicant first touches
 * or types on the page, when the browser is idle. An applicant who leaves the first page without
 * doing anything downloads no later screen. `alsoAhead` loads what those screens need besides their
 * chunks: the entry shell passes the full app's loader (full-app.ts), which this module does not
 * import, since the full app imports it (no import cycle, decision 0251). Returns the cleanup of the
 * page's effect.
 */
export function prefetchAfter(slug: PageSlug, type: ApplicationType, alsoAhead?: () => Promise<unknown>): () => void {
  const ahead = pagesAfter(slug, type).flatMap((target) => (inFirstBundle(target) ? [] : [lazyPages[target]]));
  if (ahead.length === 0) return () => undefined;
  let idle: number | undefined;
  const fetchAhead = () => {
    // In the entry shell a later screen needs the full app too (the shell has only its own pages).
    alsoAhead?.().catch(() => undefined);
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

/** Fetches a page's chunk ahead of its first render (a failure shows when it renders). */
export function preloadScreen(slug: PageSlug): void {
  if (!inFirstBundle(slug)) lazyPages[slug].load().catch(() => undefined);
}

/**
 * Marks the moment a page's screen is on screen and answers input (rendered, or hydrated from the
 * prerendered HTML): `koza:shown:<slug>` in the Performance timeline, which the bench reads to count
 * the JavaScript a page needed until then (scripts/bench/web.ts).
 */
function MarkShown({ slug }: { slug: PageSlug }) {
  useEffect(() => {
    if (performance.getEntriesByName(`koza:shown:${slug}`).length === 0) performance.mark(`koza:shown:${slug}`);
  }, [slug]);
  return null;
}

export function screenFor(slug: PageSlug): ReactElement {
  const render = inFirstBundle(slug) ? firstBundle[slug] : lazyPages[slug].render;
  // Keyed by the page: two pages showing the same screen never share its state.
  return (
    <Suspense key={slug} fallback={<PageLoading label="読み込み中" />}>
      {render()}
      <MarkShown slug={slug} />
    </Suspense>
  );
}
