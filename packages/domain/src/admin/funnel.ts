// The conversion funnel of the staff side (docs/decisions/0162-funnel-from-daily-page-views.md): the
// pages of each flow's main line in order, as staff name them. Pages that only pass the applicant on
// (the eKYC return, the redirect before the receipt) are left out: they say nothing about giving up.

import type { ApplicationType } from '../constants.ts';
import { flows, pageBySlug } from '../flows.ts';
import type { PageSlug } from '../flows.ts';

export interface FunnelStep {
  slug: PageSlug;
  path: string;
  label: string;
}

/** The steps of a flow's funnel: its main line without the pass-through pages, in order (labels from the journey definition). */
export function funnelSteps(type: ApplicationType): FunnelStep[] {
  return flows[type].funnel.map(({ slug, label }) => ({ slug, path: pageBySlug(slug).path, label }));
}

/**
 * Drop-off from each step to the next, as a share of the step's count (0.25 = a quarter did not
 * reach the next step); null for the last step or a step nobody reached.
 */
export function dropOffs(counts: readonly number[]): (number | null)[] {
  return counts.map((n, i) => (i + 1 < counts.length && n > 0 ? 1 - (counts[i + 1] ?? 0) / n : null));
}

/** Longest period one funnel query covers (a year and a little more). */
export const funnelMaxDays = 400;
