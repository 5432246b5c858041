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

const labels: Readonly<Partial<Record<PageSlug, string>>> = {
  term: '申込前確認・規約',
  verification: 'メールアドレス認証',
  personal: 'お客さま情報',
  workplace: 'お勤め先',
  branch: '支店選択',
  'seal-less': '印鑑レス',
  confirmation: '入力内容確認',
  pin: '暗証番号',
  'ekyc-preparation': '本人確認',
  complete: '申込完了',
  'child-before-check': '申込前確認',
  'child-term': '規約',
  'child-verification': 'メールアドレス認証',
  'child-personal': 'お子さまの情報',
  'child-parent': '親権者の情報',
  'child-branch': '支店選択',
  'child-confirmation': '入力内容確認',
  'child-pin': '暗証番号',
  'child-ekyc-preparation': '本人確認の準備',
  'child-ekyc-identification-documents': 'お子さまの本人確認書類',
  'child-ekyc-supplementary-documents': '補完書類',
  'child-parent-ekyc-preparation': '親権者の本人確認',
  'child-complete': '申込完了',
};

/** The steps of a flow's funnel: its main line without the pass-through pages, in order. */
export function funnelSteps(type: ApplicationType): FunnelStep[] {
  return flows[type].sequence.flatMap((slug) => {
    const label = labels[slug];
    return label ? [{ slug, path: pageBySlug(slug).path, label }] : [];
  });
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
