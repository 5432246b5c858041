import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { isChannelId } from '@koza/domain/api/entry';
import type { BankCode } from '@koza/domain/constants';
import { entryChannel } from '@koza/domain/fields/code-format';
import type { Clock } from '../adapters/clock.ts';
import type { Db } from '../db/database.ts';
import { activeMaintenance } from '../services/platform/maintenance.ts';
import { activeNotices } from '../services/applicant/notifications.ts';

// The entry pages (/term, /child/before-check) with the landing modals in the first HTML
// (SPEC.md §2.4; docs/decisions/0216-landing-modal-in-the-first-html.md): the bank's maintenance
// window and notices are read from the database (the same two indexed reads as GET /api/maintenance
// and GET /api/notifications/…) at most once a second per bank and notice target on each instance,
// so a change published on any instance (or a window starting by the clock) is in the pages of every
// instance within a second; the page is rendered by the web's own server module
// (apps/web/src/prerender.tsx, built into dist/prerendered/render.js) with those answers. The
// rendered page is kept per bank, page and answers: the same answers are rendered once.

/** What the page was rendered with (apps/web/src/entry/landing-answers.tsx). */
export interface LandingAnswers {
  maintenance: { startedAt: string; endedAt: string } | null;
  notices: { target: string; list: string[] } | null;
}

/** An entry page as the web's server module renders it (PrerenderedPageHtml of apps/web/src/prerender.tsx). */
interface RenderedPage {
  answers?: LandingAnswers;
}

/** The web's server module (apps/web/src/prerender.tsx). */
interface RenderModule {
  entryPaths: readonly string[];
  renderEntryPage(bankCode: BankCode, path: string, answers: LandingAnswers): RenderedPage | undefined;
  pageDocument(template: string, page: RenderedPage): string;
}

/** At most this many renderings are kept (3 banks × 2 pages × the few answers live at a time, and channels). */
const keptRenderings = 64;

/** How long the answers read for a bank and target serve the pages of this instance. */
export const landingAnswersTtlMs = 1_000;

/** At most this many bank and target pairs are remembered (the banks, and the channels in recent links). */
const keptAnswerSets = 256;

/** The answers the landing modals need for this bank and query: maintenance, else the notices of the channel or the bank. */
export async function landingAnswers(db: Db, bankCode: BankCode, query: string, now: Date): Promise<LandingAnswers> {
  const channel = entryChannel(new URLSearchParams(query).get('channel') ?? '');
  const target = channel ?? bankCode;
  const [maintenance, list] = await Promise.all([
    activeMaintenance(db, bankCode, now),
    isChannelId(target) ? activeNotices(db, target, bankCode, now) : Promise.resolve([]),
  ]);
  return maintenance ? { maintenance, notices: null } : { maintenance: null, notices: { target, list } };
}

export function entryPageRenderer(root: string, deps: { db: Db; clock: Clock }) {
  const moduleFile = join(root, 'prerendered', 'render.js');
  let loaded: { mtimeMs: number; module: Promise<RenderModule> } | null = null;
  const kept = new Map<string, RenderedPage>();
  const recent = new Map<string, { readAt: number; answers: Promise<LandingAnswers> }>();

  /** The answers for the bank and query, read again once they are a second old (concurrent requests share one read). */
  function answersFor(bankCode: BankCode, query: string): Promise<LandingAnswers> {
    const now = deps.clock.now();
    const key = `${bankCode} ${entryChannel(new URLSearchParams(query).get('channel') ?? '') ?? ''}`;
    const known = recent.get(key);
    if (known && now.getTime() - known.readAt < landingAnswersTtlMs && now.getTime() >= known.readAt) return known.answers;
    const answers = landingAnswers(deps.db, bankCode, query, now);
    if (recent.size >= keptAnswerSets) recent.clear();
    const entry = { readAt: now.getTime(), answers };
    recent.set(key, entry);
    // A failed read is not kept: the next request reads again.
    answers.catch(() => {
      if (recent.get(key) === entry) recent.delete(key);
    });
    return answers;
  }

  /** The server module of the current build (re-imported when the web is rebuilt); null when the build has none. */
  async function renderModule(): Promise<RenderModule | null> {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(moduleFile)).mtimeMs;
    } catch {
      return null;
    }
    if (!loaded || loaded.mtimeMs !== mtimeMs) {
      kept.clear();
      loaded = { mtimeMs, module: import(`${pathToFileURL(moduleFile).href}?v=${mtimeMs}`) as Promise<RenderModule> };
    }
    return loaded.module;
  }

  /**
   * The entry page at `path` for the bank, rendered with the live answers; undefined when `path` is
   * no entry page, the build has no server module, or reading or rendering fails (logged): the
   * caller then sends the page prerendered at build time, whose script asks for the answers itself.
   */
  return async function entryPage(bankCode: BankCode, path: string, query: string, template: string, log: FastifyBaseLogger) {
    try {
      const render = await renderModule();
      if (!render?.entryPaths.includes(path)) return undefined;
      const answers = await answersFor(bankCode, query);
      // The rendering depends on what the modals show, not on the notices' target (a channel of the
      // query, which anyone can vary): that only goes into the page's data block, per request.
      const key = `${bankCode} ${path} ${JSON.stringify([answers.maintenance, answers.notices?.list ?? null])}`;
      let page = kept.get(key);
      if (page === undefined) {
        page = render.renderEntryPage(bankCode, path, answers);
        if (page === undefined) return undefined;
        if (kept.size >= keptRenderings) kept.clear();
        kept.set(key, page);
      }
      return render.pageDocument(template, { ...page, answers });
    } catch (err) {
      log.warn({ err, path }, 'entry page not rendered with live answers; sending the prerendered page');
      return undefined;
    }
  };
}
