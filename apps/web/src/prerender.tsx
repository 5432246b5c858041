import { renderToString } from 'react-dom/server';
import { allBanks } from '@koza/domain/banks/banks';
import type { BankCode } from '@koza/domain/constants';
import type { Bank } from '@koza/domain/banks/banks';
import { flows, pageBySlug, type PageSlug } from '@koza/domain/flows';
import { PrerenderedPage } from './app/entry-shell.tsx';
import { landingPaths } from './api/entry.ts';
import { pageTitles } from '@koza/domain/flows';
import { sessionErrorId } from './lib/flow.ts';
import { getBank } from '@koza/domain/banks/banks';
import { entryStartScript } from '@koza/domain/entry-start';
import { landingAnswersBlock, type LandingAnswers } from './entry/landing-answers.tsx';

// The build's server entry (vite.config.ts, prerender plugin): the pages an applicant lands on
// from outside, rendered to HTML once per bank with React's server renderer. The API sends the
// file of the request's bank and path; the browser hydrates it (main.tsx). The build also keeps
// this module (dist/prerendered/render.js, self-contained) for the API, which renders the entry
// pages with the bank's live maintenance window and notices when it answers them
// (renderEntryPage and pageDocument; docs/decisions/0216-landing-modal-in-the-first-html.md).

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
   * None when the page carries the answers (`answers`).
   */
  preloads: string[];
  /** The landing modals' answers the page was rendered with, carried in the page for hydration. */
  answers?: LandingAnswers;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** @public The built index.html with the page in #root, its bank, title and answers filled in (the build's prerender and the API). */
export function pageDocument(template: string, page: PrerenderedPageHtml): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error('index.html has no empty <div id="root"></div>');
  // crossorigin (anonymous: same-origin credentials) is what the page's own fetch() asks for, so the
  // browser hands the preloaded answer to it.
  const preloads = page.preloads.map((href) => `<link rel="preload" as="fetch" href="${escapeHtml(href)}" crossorigin>`).join('');
  const answers = page.answers ? landingAnswersBlock(page.answers) : '';
  return startsAfterFirstPaint(template)
    .replace('</head>', `${preloads}</head>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(root, `<div id="root" data-prerendered="${escapeHtml(page.search)}">${page.body}</div>${answers}`)
    .replaceAll('%BANK_CODE%', page.bankCode)
    .replaceAll('%BANK_NAME%', escapeHtml(getBank(page.bankCode).name));
}

/**
 * The template with its entry module and module preloads taken out of <head> and started by the
 * inline script of @koza/domain/entry-start after the first paint (decision 0218). A template
 * without them (the development server's) is left as it is.
 */
function startsAfterFirstPaint(template: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
  if (!entry) return template;
  const preloads: string[] = [];
  const withoutScripts = template.replace(entry[0], '').replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_, href: string) => {
    preloads.push(href);
    return '';
  });
  const start = `<script data-entry="${escapeHtml(entry[1]!)}" data-preload="${escapeHtml(preloads.join(' '))}">${entryStartScript}</script>`;
  return withoutScripts.replace('</body>', `${start}</body>`);
}

/** The landing pages of each flow and its error page, with the session-error variant (SPEC.md §2.5). */
function landingPages(): { slug: PageSlug; search: string; landing: boolean }[] {
  return Object.values(flows).flatMap((flow) => [
    { slug: flow.entry, search: '', landing: true },
    { slug: flow.errorPage, search: '', landing: false },
    { slug: flow.errorPage, search: `?id=${sessionErrorId}`, landing: false },
  ]);
}

function renderPage(bank: Bank, slug: PageSlug, search: string, answers: LandingAnswers | null): string {
  const path = pageBySlug(slug).path;
  return renderToString(<PrerenderedPage bank={bank} location={{ pathname: path, search, state: null, key: 'default' }} landing={answers} />);
}

export function renderLandingPages(): PrerenderedPageHtml[] {
  return allBanks.flatMap((bank) =>
    landingPages().map(({ slug, search, landing }) => {
      const path = pageBySlug(slug).path;
      const body = renderPage(bank, slug, search, null);
      const preloads = landing ? [landingPaths.maintenance, landingPaths.notifications(bank.code)] : [];
      return { bankCode: bank.code, path, search, title: `${pageTitles[slug]}｜${bank.name}`, body, preloads };
    }),
  );
}

/** @public The paths of the flows' entry pages, which show the landing modals (read by the API: apps/api/src/plugins/entry-pages.ts). */
export const entryPaths: readonly string[] = Object.values(flows).map((flow) => pageBySlug(flow.entry).path);

/**
 * @public (the API calls it from the built module: apps/api/src/plugins/entry-pages.ts)
 * An entry page (/term, /child/before-check) of a bank as the API sends it, rendered with the
 * landing modals' answers the API read (put into the built index.html by `pageDocument`, with those
 * answers for hydration); undefined for a path that is no entry page.
 */
export function renderEntryPage(bankCode: BankCode, path: string, answers: LandingAnswers): PrerenderedPageHtml | undefined {
  const flow = Object.values(flows).find((f) => pageBySlug(f.entry).path === path);
  if (!flow) return undefined;
  const bank = getBank(bankCode);
  const body = renderPage(bank, flow.entry, '', answers);
  return { bankCode, path, search: '', title: `${pageTitles[flow.entry]}｜${bank.name}`, body, preloads: [], answers };
}
