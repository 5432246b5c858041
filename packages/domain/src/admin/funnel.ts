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
 * How many reached each step, from its page's views: a step is only reached through the one before
 * it, so a step counts at most as many as its predecessor. Page views count a reload or a Back and
 * Next again and identify nobody, so a later page can have more views than an earlier one; its
 * reached count is then its predecessor's (the page says so). Never above the previous step, and
 * the drop-off computed from it is never negative.
 */
export function reachedCounts(views: readonly number[]): number[] {
  const reached: number[] = [];
  for (const [i, n] of views.entries()) reached.push(i === 0 ? n : Math.min(n, reached[i - 1] ?? 0));
  return reached;
}

/** How the funnel's counts are taken, as the screen and the CSV say it. */
export const funnelMethodText =
  '閲覧数：各ステップの画面が開かれた回数（日本時間の日別）。同じお客さまが画面を開き直すと再度数えます。個人を特定する情報は記録していません。' +
  '到達数：各ステップには前のステップを経てしか進めないため、前のステップの到達数を上限とした数です（開き直しで閲覧数が前のステップを上回っても、到達数は上回りません）。離脱率は到達数から計算します。';

/**
 * Drop-off from each step to the next, as a share of the step's count (0.25 = a quarter did not
 * reach the next step); null for the last step or a step nobody reached.
 */
export function dropOffs(counts: readonly number[]): (number | null)[] {
  return counts.map((n, i) => (i + 1 < counts.length && n > 0 ? 1 - (counts[i + 1] ?? 0) / n : null));
}

/** Longest period one funnel query covers (a year and a little more). */
export const funnelMaxDays = 400;
