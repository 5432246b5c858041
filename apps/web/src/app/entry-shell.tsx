import { lazy, Suspense, useEffect, useState } from 'react';
import type { Bank } from '@koza/domain/banks/banks';
import { pageByPath } from '@koza/domain/flows';
import { BankProvider } from '../lib/bank-context.tsx';
import { PageLoading } from '../components/spinner.tsx';
import { loadFullApp } from './full-app.ts';
import { Layout } from './layout.tsx';
import { HistoryNavigation, StaticNavigation, useAppLocation, type AppLocation } from '../lib/navigation.tsx';
import { pageElement } from './page-element.tsx';
import { LandingAnswersProvider, type LandingAnswers } from '../entry/landing-answers.tsx';
import { isEntryShellPage, preloadScreen } from './screens.tsx';

// The first chunk of the web: React, the layout and the screens an applicant lands on (/term,
// /child/before-check, /child/term, the error pages). These are prerendered per bank at build time
// (src/prerender.tsx) and hydrated; TanStack Query and the pages of the flow table come in the
// full app's chunk (app.tsx), loaded when the applicant leaves these pages, every later screen in a
// chunk of its own
// (docs/decisions/0185-react-with-prerendered-entry.md).

const FullApp = lazy(() => loadFullApp().then((m) => ({ default: m.FullApp })));

/** Where the entry shell shows a page of its own: the page of the path, when it is one of the shell's. */
export function shellPageAt(pathname: string) {
  const page = pageByPath(pathname);
  return page !== undefined && isEntryShellPage(page.slug) ? page : undefined;
}

/**
 * The shell's page, or the full app once the applicant is anywhere else. Once the full app has
 * been shown it stays (it serves the shell's pages too), so a page is never swapped for its twin
 * under the applicant's fingers.
 */
function Pages() {
  const { pathname } = useAppLocation();
  const [fullApp, setFullApp] = useState(false);
  const page = fullApp ? undefined : shellPageAt(pathname);
  useEffect(() => {
    if (page === undefined) setFullApp(true);
  }, [page]);
  if (page !== undefined) return <Layout>{pageElement(page, loadFullApp)}</Layout>;
  return (
    <Suspense
      fallback={
        <Layout>
          <PageLoading label="読み込み中" />
        </Layout>
      }
    >
      <FullApp />
    </Suspense>
  );
}

/**
 * On a page that is not the shell's (a reload, the return from the eKYC provider), fetches the full
 * app and the page's screen at once, side by side, rather than one after the other as they render.
 */
export function preloadPageAt(pathname: string): void {
  const page = pageByPath(pathname);
  if (page && isEntryShellPage(page.slug)) return;
  void loadFullApp().catch(() => undefined);
  if (page) preloadScreen(page.slug);
}

/**
 * The web in the browser, rendered or hydrating a prerendered page; `landing`: the landing modals'
 * answers the page carries (src/entry/landing-answers.tsx), when the server rendered them.
 */
export function Root({ bank, landing = null }: { bank: Bank; landing?: LandingAnswers | null }) {
  return (
    <BankProvider bank={bank}>
      <LandingAnswersProvider answers={landing}>
        <HistoryNavigation>
          <Pages />
        </HistoryNavigation>
      </LandingAnswersProvider>
    </BankProvider>
  );
}

/** One of the shell's pages as the server renders it (src/prerender.tsx), with the landing modals' answers when it has them. */
export function PrerenderedPage({ bank, location, landing }: { bank: Bank; location: AppLocation; landing: LandingAnswers | null }) {
  const page = shellPageAt(location.pathname);
  if (!page) throw new Error(`${location.pathname} is not a page of the entry shell`);
  return (
    <BankProvider bank={bank}>
      <LandingAnswersProvider answers={landing}>
        <StaticNavigation location={location}>
          <Layout>{pageElement(page, loadFullApp)}</Layout>
        </StaticNavigation>
      </LandingAnswersProvider>
    </BankProvider>
  );
}
