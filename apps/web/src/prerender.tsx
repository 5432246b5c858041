import { renderToString } from 'react-dom/server';
import { allBanks } from '@koza/domain/banks/banks';
import type { BankCode } from '@koza/domain/constants';
import { flows, pageBySlug, type PageSlug } from '@koza/domain/flows';
import { PrerenderedPage } from './app/entry-shell.tsx';
import { landingPaths } from './api/entry.ts';
import { pageTitles } from '@koza/domain/flows';
import { sessionErrorId } from './lib/flow.ts';

// The build's server entry (vite.config.ts, prerender plugin): the pages an applicant lands on
// from outside, rendered to HTML once per bank with React's server renderer. The API sends the
// file of the request's bank and path; the browser hydrates it (main.tsx).

export interface PrerenderedPageHtml {
  bankCode: BankCode;
  path: string;
  /** The query this rendering is for ('' for any other query; '?id=1' for the session error). */
  search: string;
  title: string;
  /** The rendered app, the contents of #root. */
  body: string;
  /**
   * What the page will ask the API for as soon as it has hydrated (the landing modals' maintenance
   * window and the bank's notices): preloaded from the HTML, so the answers are there when asked.
   */
  preloads: string[];
}

/** The landing pages of each flow and its error page, with the session-error variant (SPEC.md §2.5). */
function landingPages(): { slug: PageSlug; search: string; landing: boolean }[] {
  return Object.values(flows).flatMap((flow) => [
    { slug: flow.entry, search: '', landing: true },
    { slug: flow.errorPage, search: '', landing: false },
    { slug: flow.errorPage, search: `?id=${sessionErrorId}`, landing: false },
  ]);
}

export function renderLandingPages(): PrerenderedPageHtml[] {
  return allBanks.flatMap((bank) =>
    landingPages().map(({ slug, search, landing }) => {
      const path = pageBySlug(slug).path;
      const body = renderToString(<PrerenderedPage bank={bank} location={{ pathname: path, search, state: null, key: 'default' }} />);
      const preloads = landing ? [landingPaths.maintenance, landingPaths.notifications(bank.code)] : [];
      return { bankCode: bank.code, path, search, title: `${pageTitles[slug]}｜${bank.name}`, body, preloads };
    }),
  );
}
