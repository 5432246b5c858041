import { createContext, useContext, type ReactNode } from 'react';
import type { Maintenance } from '../api/entry.ts';

// The landing modals' two answers (the bank's maintenance window and notices, SPEC.md §2.4) as the
// server read them when it rendered the page: the modal is in the first HTML, and the same answers
// travel with it as JSON (a data block, not a script: CSP allows it), so hydration renders exactly
// what the server did and TanStack Query starts with them instead of asking again
// (docs/decisions/0216-landing-modal-in-the-first-html.md).

export interface LandingAnswers {
  /** The active maintenance window, or null when there is none. */
  maintenance: Maintenance | null;
  /** The notices of the target (the bank's code or the entry channel); null while maintenance is active (not asked). */
  notices: { target: string; list: string[] } | null;
}

/** The id of the data block in the page. */
export const landingAnswersId = 'landing-answers';

/** The data block the server puts after #root: JSON with `<` escaped, so no text can end the element. */
export function landingAnswersBlock(answers: LandingAnswers): string {
  const json = JSON.stringify(answers)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${landingAnswersId}">${json}</script>`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** The answers of the page's data block, checked; null when the page carries none (or a broken one). */
export function readLandingAnswers(doc: Document): LandingAnswers | null {
  const text = doc.getElementById(landingAnswersId)?.textContent;
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(data)) return null;
  const { maintenance, notices } = data;
  const maintenanceOk = maintenance === null || (isRecord(maintenance) && typeof maintenance.startedAt === 'string' && typeof maintenance.endedAt === 'string');
  const noticesOk = notices === null || (isRecord(notices) && typeof notices.target === 'string' && isStringList(notices.list));
  if (!maintenanceOk || !noticesOk) return null;
  return data as unknown as LandingAnswers;
}

const ServerAnswers = createContext<LandingAnswers | null>(null);

/** Gives the entry page the answers the server rendered it with (on the server, and to the browser's hydration). */
export function LandingAnswersProvider({ answers, children }: { answers: LandingAnswers | null; children: ReactNode }) {
  return <ServerAnswers value={answers}>{children}</ServerAnswers>;
}

export const useServerLandingAnswers = (): LandingAnswers | null => useContext(ServerAnswers);
