import { statusText } from './application-status.ts';
import type { ApplicationType, DocumentType } from './constants.ts';

// The general and child journeys (SPEC.md §2.1, §2.2, §2.6, §4) as ONE definition: for each flow,
// one ordered list of its pages (docs/decisions/0205-one-journey-definition.md). Everything else is
// derived from these lists: the step numbers and the step bar (each step's label is declared on its
// page, stepLabel, so the labels move with the pages), the navigation guard's allowed
// predecessors, the Next and Back targets, the API's order checks (which saves each save needs),
// the pages locked after the PIN, the page titles and the funnel's steps. Reordering two pages of a
// flow is one edit in its list.
//
// Choices recorded here (where SPEC.md leaves room):
// - Slugs are unique across both flows: child pages are prefixed 'child-'. Two pages are shared by
//   both flows because the spec gives them one route: /ekyc-callback (the external eKYC service
//   returns there; for a child application it is the parent's eKYC) and /ekyc-error (its button
//   returns to the parent variant for a child application).
// - "Other child pages follow the same rule in their sequence" (§2.6) is read as: a page may be
//   entered from the page before it (Next) and from the page after it (Back) — the entry rule
//   'neighbours'. The exceptions are named rules on the page that needs them (EntryRule below).
// - /child/confirmation: the spec says that, as coded, its previous page is /child/pin and its next
//   page /child/branch, which inverts the flow order. The guard is unaffected (its allowed
//   predecessors are {branch, pin} under either reading); for the buttons we follow the flow order
//   (Back → the page before it in the list, Next → /child/pin), like the general /confirmation, and
//   treat the inversion as a defect of the original not to be reproduced.
// - The step bar on /ekyc-callback shows the eKYC preparation step (SPEC.md §2.1): step 7 general,
//   step 12 child (the parent's eKYC); /supplement also shows step 7.
// - The child card photo page spans steps 7 (camera) and 8 (confirm); the supplementary document
//   page spans 9 (select), 10 (camera) and 11 (confirm): SPEC.md §2.2 numbers only 7 and 9 and
//   describes the select / camera / confirm states of §2.5.

/** Outcomes that leave a page somewhere other than its Next (the error page is the flow's errorPage). */
export type FlowExit = 'ekycFailed' | 'supplementRequired' | 'uploadFailed' | 'documentsByChip';

export const savedSteps = [
  'personal',
  'workplace',
  'parentPersonal',
  'parentWorkplace',
  'branch',
  'sealLess',
  'pin',
  'identificationDocument',
  'supplementaryDocument',
  'ekyc',
  'currentAddressDocument',
] as const;
/** A step the server records as saved. */
export type SavedStep = (typeof savedSteps)[number];
/** A call that saves a step, or completes the application. */
export type SaveCall = SavedStep | 'complete';

/**
 * How a page may be entered (the navigation guard, SPEC.md §2.6):
 * - 'neighbours' (the default): from the page before it (Next) and the page after it (Back);
 * - 'forward': only from the page before it, never back from the page after. The PIN page (after the
 *   PIN nothing before it can change, DECISIONS.md §5), the eKYC preparation pages (the external
 *   service's return cannot come back to them) and the redirect before the receipt;
 * - 'open': no guard. The entry pages, the return from the external eKYC service (a full page load,
 *   so there is no navigation state) and the error pages (an error page must always be reachable, or
 *   a failed guard would loop).
 * Whatever the rule, a page is also entered from the pages whose Next or exits lead to it (a retry
 * from an error page, the supplement asked for on the eKYC return).
 */
export type EntryRule = 'neighbours' | 'forward' | 'open';

/** One page of a flow, in the flow's order. */
export interface PageDefinition {
  slug: string;
  path: string;
  /** The page's h1 (UI wording). */
  title: string;
  /** The step's name in the staff funnel; absent for the pages that only pass the applicant on. */
  funnelLabel?: string;
  /**
   * Takes a step of the step bar, under this label (the bar's text, SPEC.md §2.1, §2.2). A record
   * names the page's states, in order, each a step of its own with its label.
   */
  stepLabel?: string | Readonly<Record<string, string>>;
  /** Shows the step of the nearest page before it that has a stepLabel (the eKYC return, the supplement). */
  showsStepBefore?: true;
  entry?: EntryRule;
  /** Off the main line: reached by an exit of another page, not by Next. */
  side?: true;
  /** Where Next leads from a side page (default: the next main-line page after it in the list). */
  next?: string;
  /** Moves other than Next and Back, by outcome. */
  exits?: Readonly<Partial<Record<FlowExit, string>>>;
  /** The save calls the page makes, in order (each needs every save before it on the main line). */
  saves?: readonly SaveCall[];
}

export interface JourneyDefinition {
  type: ApplicationType;
  /** Where load and save failures go (SPEC.md §8). */
  errorPage: string;
  /** Every page of the flow, in order; the first is the flow's entry. */
  pages: readonly PageDefinition[];
}

// The two pages both flows share (one route each, SPEC.md §2.1, §2.2).
const ekycCallback = {
  slug: 'ekyc-callback',
  path: '/ekyc-callback',
  title: '本人確認中',
  showsStepBefore: true,
  entry: 'open',
} as const satisfies PageDefinition;
const ekycError = { slug: 'ekyc-error', path: '/ekyc-error', title: '本人確認エラー', entry: 'open', side: true } as const satisfies PageDefinition;

export const generalJourney = {
  type: 'GENERAL',
  errorPage: 'error',
  pages: [
    { slug: 'term', path: '/term', title: 'お申込み前のご確認', funnelLabel: '申込前確認・規約', entry: 'open' },
    { slug: 'verification', path: '/verification', title: 'メールアドレスの登録', funnelLabel: 'メールアドレス認証' },
    { slug: 'personal', path: '/personal', title: 'お客さま情報の入力', funnelLabel: 'お客さま情報', stepLabel: 'お客さま情報', saves: ['personal'] },
    { slug: 'workplace', path: '/workplace', title: 'お勤め先の入力', funnelLabel: 'お勤め先', stepLabel: 'お勤め先', saves: ['workplace'] },
    { slug: 'branch', path: '/branch', title: 'お取引支店の選択', funnelLabel: '支店選択', stepLabel: '支店選択', saves: ['branch'] },
    { slug: 'seal-less', path: '/seal-less', title: '印鑑レス口座の選択', funnelLabel: '印鑑レス', stepLabel: '印鑑レス', saves: ['sealLess'] },
    { slug: 'confirmation', path: '/confirmation', title: '入力内容の確認', funnelLabel: '入力内容確認', stepLabel: '入力内容確認' },
    { slug: 'pin', path: '/pin', title: 'キャッシュカード暗証番号の設定', funnelLabel: '暗証番号', stepLabel: '暗証番号', entry: 'forward', saves: ['pin'] },
    {
      slug: 'ekyc-preparation',
      path: '/ekyc-preparation',
      title: '本人確認の準備',
      funnelLabel: '本人確認',
      stepLabel: '本人確認',
      entry: 'forward',
      exits: { ekycFailed: 'ekyc-error' },
      saves: ['ekyc'],
    },
    { ...ekycCallback, exits: { ekycFailed: 'ekyc-error', supplementRequired: 'supplement' } },
    {
      slug: 'supplement',
      path: '/supplement',
      title: '現住所確認書類のアップロード',
      side: true,
      showsStepBefore: true,
      exits: { uploadFailed: 'supplement-error' },
      saves: ['currentAddressDocument'],
    },
    { slug: 'redirect', path: '/redirect', title: 'お申込み手続き中', entry: 'forward', saves: ['complete'] },
    { slug: 'complete', path: '/complete', title: 'お申込み完了', funnelLabel: '申込完了' },
    { slug: 'error', path: '/error', title: 'エラー', entry: 'open', side: true, next: 'term' },
    { ...ekycError, next: 'ekyc-preparation' },
    { slug: 'supplement-error', path: '/supplement-error', title: 'アップロードエラー', entry: 'open', side: true, next: 'supplement' },
  ],
} as const satisfies JourneyDefinition;

export const childJourney = {
  type: 'CHILD',
  errorPage: 'child-error',
  pages: [
    { slug: 'child-before-check', path: '/child/before-check', title: 'お申込み前のご確認', funnelLabel: '申込前確認', entry: 'open' },
    { slug: 'child-term', path: '/child/term', title: 'ご利用条件の確認', funnelLabel: '規約' },
    { slug: 'child-verification', path: '/child/verification', title: 'メールアドレスの登録', funnelLabel: 'メールアドレス認証' },
    {
      slug: 'child-personal',
      path: '/child/personal',
      title: 'お子さまの情報の入力',
      funnelLabel: 'お子さまの情報',
      stepLabel: 'お子さま情報',
      // The child's workplace is posted right after the child's personal data (SPEC.md §2.5).
      saves: ['personal', 'workplace'],
    },
    {
      slug: 'child-parent',
      path: '/child/parent',
      title: '親権者さまの情報の入力',
      funnelLabel: '親権者の情報',
      stepLabel: '親権者情報',
      saves: ['parentPersonal', 'parentWorkplace'],
    },
    { slug: 'child-branch', path: '/child/branch', title: 'お取引支店の選択', funnelLabel: '支店選択', stepLabel: '支店選択', saves: ['branch'] },
    { slug: 'child-confirmation', path: '/child/confirmation', title: '入力内容の確認', funnelLabel: '入力内容確認', stepLabel: '入力内容確認' },
    {
      slug: 'child-pin',
      path: '/child/pin',
      title: 'キャッシュカード暗証番号の設定',
      funnelLabel: '暗証番号',
      stepLabel: '暗証番号',
      entry: 'forward',
      saves: ['pin'],
    },
    {
      slug: 'child-ekyc-preparation',
      path: '/child/ekyc-preparation',
      title: '本人確認の準備',
      funnelLabel: '本人確認の準備',
      stepLabel: '本人確認準備',
      // From the amended ordinance (2027-04-01) on, the child's documents are no longer photographed:
      // the provider reads the IC chip of the child's own card in the parent's session, so the
      // parent's eKYC preparation follows at once (decision 0248; a deviation from SPEC.md §2.6).
      exits: { documentsByChip: 'child-parent-ekyc-preparation' },
    },
    {
      slug: 'child-ekyc-identification-documents',
      path: '/child/ekyc-identification-documents',
      title: 'マイナンバーカードの撮影',
      funnelLabel: 'お子さまの本人確認書類',
      stepLabel: { camera: 'カード撮影', confirm: '撮影内容確認' },
      // SPEC.md §4 and §8: a failed upload of the child's documents goes to /child/error.
      exits: { uploadFailed: 'child-error' },
      saves: ['identificationDocument'],
    },
    {
      slug: 'child-ekyc-supplementary-documents',
      path: '/child/ekyc-supplementary-documents',
      title: '補完書類の撮影',
      funnelLabel: '補完書類',
      stepLabel: { select: '補完書類選択', camera: '補完書類撮影', confirm: '補完書類確認' },
      exits: { uploadFailed: 'child-error' },
      saves: ['supplementaryDocument'],
    },
    {
      slug: 'child-parent-ekyc-preparation',
      path: '/child/parent-ekyc-preparation',
      title: '親権者さまの本人確認の準備',
      funnelLabel: '親権者の本人確認',
      stepLabel: '親権者本人確認',
      entry: 'forward',
      exits: { ekycFailed: 'ekyc-error' },
      saves: ['ekyc'],
    },
    { ...ekycCallback, exits: { ekycFailed: 'ekyc-error' } },
    { slug: 'child-redirect', path: '/child/redirect', title: 'お申込み手続き中', entry: 'forward', saves: ['complete'] },
    { slug: 'child-complete', path: '/child/complete', title: 'お申込み完了', funnelLabel: '申込完了' },
    { slug: 'child-error', path: '/child/error', title: 'エラー', entry: 'open', side: true, next: 'child-before-check' },
    { ...ekycError, next: 'child-parent-ekyc-preparation' },
  ],
} as const satisfies JourneyDefinition;

/**
 * The page outside both journeys (お申込み状況の確認, decision 0192): it belongs to no flow, is entered
 * from the bank's pages and links at any time (never guarded), shows no step and has no Next, Back or
 * exits; its page views carry no application type.
 */
const outsideJourneyPages = [{ slug: 'status', path: '/status', title: statusText.title }] as const;

export type PageSlug =
  (typeof generalJourney.pages)[number]['slug'] | (typeof childJourney.pages)[number]['slug'] | (typeof outsideJourneyPages)[number]['slug'];

export interface FlowPage {
  slug: PageSlug;
  path: string;
  title: string;
  /** The flows this page belongs to (two for the shared eKYC callback and eKYC error pages). */
  flows: readonly ApplicationType[];
  /** Own step number in the step bar, or null (see stepFor for pages that show another page's step). */
  step: number | null;
  /** Step numbers of the page's states, when one page covers several steps. */
  subSteps?: Readonly<Record<string, number>>;
  /** Pages from which this page may be entered (navigation state `previous`); null: no guard. */
  allowedFrom: readonly PageSlug[] | null;
  /** The page outside both journeys (decision 0192). */
  outsideJourney?: true;
}

export interface Flow {
  type: ApplicationType;
  stepCount: number;
  /** The step bar's labels, one per step in step order, as the pages declare them (stepLabel). */
  stepLabels: readonly string[];
  /** The page the header and unknown paths lead to. */
  entry: PageSlug;
  /** Where load and save failures go (SPEC.md §8). */
  errorPage: PageSlug;
  /** The main line in order (SPEC.md §4). */
  sequence: readonly PageSlug[];
  /** Every page of the flow, the main line first. */
  pages: readonly PageSlug[];
  /** Next button targets (the main line, plus side pages). */
  next: Readonly<Partial<Record<PageSlug, PageSlug>>>;
  /** Back button targets; a page without one has no Back button. */
  previous: Readonly<Partial<Record<PageSlug, PageSlug>>>;
  /** Pages that show another page's step in the step bar. */
  stepAlias: Readonly<Partial<Record<PageSlug, PageSlug>>>;
  /** Moves other than Next and Back, by outcome (an eKYC failure, a supplement required …). */
  exits: Readonly<Partial<Record<PageSlug, Readonly<Partial<Record<FlowExit, PageSlug>>>>>>;
  /** The save calls each page makes, in order (its `saves`). */
  saves: Readonly<Partial<Record<PageSlug, readonly SaveCall[]>>>;
  /** Saved steps each save call of the flow needs first (the API's order checks, DECISIONS.md §5). */
  saveRequirements: Readonly<Partial<Record<SaveCall, readonly SavedStep[]>>>;
  /** Saves refused once the PIN is set (the PIN modal says inputs cannot be corrected afterwards). */
  lockedAfterPin: readonly SavedStep[];
  /** The main line's steps as the staff funnel names them. */
  funnel: readonly { slug: PageSlug; label: string }[];
}

/** Everything derived from a set of journey definitions (exported so that a test can derive a reordered copy). */
export interface DerivedJourneys {
  pages: Readonly<Record<string, FlowPage>>;
  flows: Readonly<Partial<Record<ApplicationType, Flow>>>;
}

/** The API's order checks: each save needs every main-line save before it; what the PIN locks. */
function saveOrderOf(defs: readonly PageDefinition[]): { saveRequirements: Partial<Record<SaveCall, SavedStep[]>>; lockedAfterPin: SavedStep[] } {
  const saveRequirements: Partial<Record<SaveCall, SavedStep[]>> = {};
  const savedBefore: SavedStep[] = [];
  for (const def of defs) {
    for (const call of def.saves ?? []) {
      saveRequirements[call] = [...savedBefore];
      if (!def.side && call !== 'complete') savedBefore.push(call);
    }
  }
  const pinAt = savedBefore.indexOf('pin');
  return { saveRequirements, lockedAfterPin: pinAt < 0 ? [] : savedBefore.slice(0, pinAt) };
}

/** Fills each page's guard (where it may be entered from) and each flow's Back targets. */
function guardAndBack(
  flows: Partial<Record<ApplicationType, Flow>>,
  pages: Record<string, FlowPage & { entryRules: Set<EntryRule> }>,
  sources: ReadonlyMap<string, ReadonlySet<string>>,
): void {
  type Slug = PageSlug;
  // The guard: from the page before on the main line; from the page after unless the rule is
  // 'forward'; from the pages whose Next or exits lead here; nothing for an 'open' page.
  for (const flow of Object.values(flows)) {
    flow.sequence.forEach((slug, i) => {
      const page = pages[slug];
      if (!page) return;
      const before = flow.sequence[i - 1];
      const after = flow.sequence[i + 1];
      if (before) (page.allowedFrom as Slug[]).push(before);
      if (after && !page.entryRules.has('forward')) (page.allowedFrom as Slug[]).push(after);
    });
  }
  for (const page of Object.values(pages)) {
    for (const from of sources.get(page.slug) ?? []) if (!page.allowedFrom?.includes(from as Slug)) (page.allowedFrom as Slug[]).push(from as Slug);
    if (page.entryRules.size > 1) throw new Error(`${page.slug} has different entry rules in different flows`);
    if (page.entryRules.has('open')) page.allowedFrom = null;
  }

  // Back: the page before, when that page lets this one come back, or it is the flow's entry page.
  // So there is no Back after the PIN or from the eKYC return.
  for (const flow of Object.values(flows)) {
    const previous: Partial<Record<Slug, Slug>> = {};
    flow.sequence.forEach((here, i) => {
      const before = flow.sequence[i - 1];
      if (!before) return;
      const guard = pages[before]?.allowedFrom;
      if (i === 1 || (guard && guard.includes(here))) previous[here] = before;
    });
    flow.previous = previous;
  }
}

/**
 * Derives the pages and flows from the definitions. Throws when a definition names a page it does
 * not define, or a shared page is given different routes, titles or entry rules.
 */
export function deriveJourneys(
  journeys: readonly JourneyDefinition[],
  extraPages: readonly { slug: string; path: string; title: string }[] = [],
): DerivedJourneys {
  type Slug = PageSlug;
  const pages: Record<string, FlowPage & { entryRules: Set<EntryRule> }> = {};
  const sources = new Map<string, Set<string>>(); // page → pages whose Next or exits lead to it
  const addSource = (to: string, from: string) => sources.set(to, (sources.get(to) ?? new Set()).add(from));
  const flows: Partial<Record<ApplicationType, Flow>> = {};

  for (const journey of journeys) {
    const defs = journey.pages;
    const known = new Set(defs.map((d) => d.slug));
    const check = (slug: string | undefined, where: string) => {
      if (slug !== undefined && !known.has(slug)) throw new Error(`${journey.type}: ${where} names ${slug}, which is not a page of the flow`);
      return slug as Slug | undefined;
    };
    check(journey.errorPage, 'errorPage');
    const main = defs.filter((d) => !d.side);
    let step = 0;
    const stepOf = new Map<string, number>();
    const stepLabels: string[] = [];
    for (const def of defs) {
      const here = pages[def.slug];
      if (here && (here.path !== def.path || here.title !== def.title)) throw new Error(`${def.slug} is defined twice with different routes or titles`);
      const page = here ?? { slug: def.slug as Slug, path: def.path, title: def.title, flows: [], step: null, allowedFrom: [], entryRules: new Set() };
      (page.flows as ApplicationType[]).push(journey.type);
      page.entryRules.add(def.entry ?? 'neighbours');
      if (def.stepLabel !== undefined) {
        const states = typeof def.stepLabel === 'string' ? [] : Object.entries(def.stepLabel);
        page.step = step + 1;
        if (states.length) page.subSteps = Object.fromEntries(states.map(([state], i) => [state, step + 1 + i]));
        stepLabels.push(...(typeof def.stepLabel === 'string' ? [def.stepLabel] : states.map(([, label]) => label)));
        step += Math.max(1, states.length);
        stepOf.set(def.slug, page.step);
      }
      pages[def.slug] = page;
    }

    const next: Partial<Record<Slug, Slug>> = {};
    const exits: Partial<Record<Slug, Partial<Record<FlowExit, Slug>>>> = {};
    const stepAlias: Partial<Record<Slug, Slug>> = {};
    defs.forEach((def, index) => {
      const slug = def.slug as Slug;
      const target = def.side
        ? (check(def.next, `${def.slug}.next`) ?? (defs.slice(index + 1).find((d) => !d.side)?.slug as Slug | undefined))
        : (main[main.indexOf(def) + 1]?.slug as Slug | undefined);
      if (def.side && def.next === undefined && target !== undefined) addSource(target, slug);
      if (def.side && def.next !== undefined) addSource(def.next, slug);
      if (target) next[slug] = target;
      if (def.exits) {
        const out: Partial<Record<FlowExit, Slug>> = {};
        for (const [exit, to] of Object.entries(def.exits) as [FlowExit, string][]) {
          out[exit] = check(to, `${def.slug}.exits.${exit}`) as Slug;
          addSource(to, slug);
        }
        exits[slug] = out;
      }
      if (def.showsStepBefore) {
        const before = defs.slice(0, index).findLast((d) => d.stepLabel !== undefined);
        if (before) stepAlias[slug] = before.slug as Slug;
      }
    });

    const { saveRequirements, lockedAfterPin } = saveOrderOf(defs);

    flows[journey.type] = {
      type: journey.type,
      stepCount: step,
      stepLabels,
      entry: defs[0]?.slug as Slug,
      errorPage: journey.errorPage as Slug,
      sequence: main.map((d) => d.slug as Slug),
      pages: [...main, ...defs.filter((d) => d.side)].map((d) => d.slug as Slug),
      next,
      previous: {},
      stepAlias,
      exits,
      saves: Object.fromEntries(defs.flatMap((d) => (d.saves ? [[d.slug, d.saves]] : []))),
      saveRequirements,
      lockedAfterPin,
      funnel: main.flatMap((d) => (d.funnelLabel ? [{ slug: d.slug as Slug, label: d.funnelLabel }] : [])),
    };
  }

  guardAndBack(flows, pages, sources);

  const out: Record<string, FlowPage> = {};
  for (const { entryRules: _rules, ...page } of Object.values(pages)) out[page.slug] = page;
  for (const extra of extraPages)
    out[extra.slug] = { slug: extra.slug as Slug, path: extra.path, title: extra.title, flows: [], step: null, allowedFrom: null, outsideJourney: true };
  return { pages: out, flows };
}

const derived = deriveJourneys([generalJourney, childJourney], outsideJourneyPages);

/** Every page, keyed by slug. */
export const pages = derived.pages as Readonly<Record<PageSlug, FlowPage>>;
/** Every page slug: the general flow's, the child flow's, then the pages outside both. */
export const pageSlugs: readonly PageSlug[] = Object.keys(pages) as PageSlug[];
export const flows = derived.flows as Readonly<Record<ApplicationType, Flow>>;
/** The h1 of every page. */
export const pageTitles: Readonly<Record<PageSlug, string>> = Object.fromEntries(Object.values(pages).map((p) => [p.slug, p.title])) as Record<
  PageSlug,
  string
>;

/** '/' and any unknown path lead to /term (SPEC.md §2.1). */
export const fallbackPath = '/term';

const byPath: ReadonlyMap<string, FlowPage> = new Map(Object.values(pages).map((p) => [p.path, p]));

export const flowFor = (type: ApplicationType): Flow => flows[type];
export const stepCount = (type: ApplicationType): number => flows[type].stepCount;
export const pageBySlug = (slug: PageSlug): FlowPage => pages[slug];

/** The page at a route path (a trailing slash, query or hash is ignored); undefined for unknown paths. */
export function pageByPath(path: string): FlowPage | undefined {
  let p = path.split(/[?#]/, 1)[0] ?? '';
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return byPath.get(p);
}

/**
 * Whether a page may be entered given the navigation state `previous` (a slug, or a route path as
 * the pre-application confirmation passes it). A page without a guard accepts anything.
 */
export function isAllowedEntry(slug: PageSlug, previous: string | null | undefined): boolean {
  if (pages[slug].outsideJourney) return true;
  const allowed = pages[slug].allowedFrom;
  if (allowed === null) return true;
  if (!previous) return false;
  const prevSlug = previous.startsWith('/') ? pageByPath(previous)?.slug : previous;
  return prevSlug !== undefined && (allowed as readonly string[]).includes(prevSlug);
}

export const nextPage = (slug: PageSlug, type: ApplicationType): FlowPage | undefined => {
  const next = flows[type].next[slug];
  return next ? pages[next] : undefined;
};

export const previousPage = (slug: PageSlug, type: ApplicationType): FlowPage | undefined => {
  const prev = flows[type].previous[slug];
  return prev ? pages[prev] : undefined;
};

/** Where an outcome leaves a page, or undefined when the page has no such exit in the flow. */
export const exitPage = (slug: PageSlug, type: ApplicationType, exit: FlowExit): FlowPage | undefined => {
  const to = flows[type].exits[slug]?.[exit];
  return to ? pages[to] : undefined;
};

/**
 * The pages a page can lead to in a flow, in order: its Next, then its exits (what the web fetches one
 * step ahead while the applicant fills the page in).
 */
export function pagesAfter(slug: PageSlug, type: ApplicationType): PageSlug[] {
  const out = [flows[type].next[slug], ...Object.values(flows[type].exits[slug] ?? {})].filter((s): s is PageSlug => s !== undefined);
  return [...new Set(out)];
}

/**
 * The Back button's target: the previous page when it is a numbered step. The pages before step 1
 * (term, verification) are re-entered only by the browser's Back, so step 1 shows no Back button.
 */
export const backButtonPage = (slug: PageSlug, type: ApplicationType): FlowPage | undefined => {
  const prev = previousPage(slug, type);
  return prev && prev.step !== null ? prev : undefined;
};

/**
 * The step the step bar shows on a page (1-based), or null when the page shows no step bar. A page
 * that spans several steps (the child's document pages) shows the step of its current state
 * (`subState`, a key of its subSteps); without a known state, its first step.
 */
export function stepFor(slug: PageSlug, type: ApplicationType, subState?: string | null): number | null {
  const alias = flows[type].stepAlias[slug];
  const page = pages[alias ?? slug];
  const sub = subState ? page.subSteps?.[subState] : undefined;
  return sub ?? page.step;
}

// ---------------------------------------------------------------------------------------------
// API order checks (DECISIONS.md §5), derived from the pages' saves.

/** The save call behind an uploaded document type. */
export const documentSaveCall: Readonly<Record<DocumentType, SavedStep>> = {
  INDIVIDUAL_NUMBER_CARD: 'identificationDocument',
  CERTIFICATE_RESIDENCE: 'supplementaryDocument',
  MATERNITY_HANDBOOK: 'supplementaryDocument',
  CURRENT_ADDRESS_DOCUMENT: 'currentAddressDocument',
};

/**
 * Saved steps each call requires, per application type; a call absent from a type's table does
 * not belong to that flow (the child flow has no seal-less screen and no current-address upload;
 * the general flow has no parent and no child documents).
 *
 * Conditions beyond "saved" are the service's to check, as DECISIONS.md §5 says:
 * - currentAddressDocument: eKYC ended with supplementRequired.
 * - complete: eKYC at status 4 (banker processing), and currentAddressDocument when one was required.
 */
export const saveRequirements: Readonly<Record<ApplicationType, Readonly<Partial<Record<SaveCall, readonly SavedStep[]>>>>> = {
  GENERAL: flows.GENERAL.saveRequirements,
  CHILD: flows.CHILD.saveRequirements,
};

/** Saves refused once the PIN is set (the PIN modal says inputs cannot be corrected afterwards). */
export const lockedAfterPin: Readonly<Record<ApplicationType, readonly SavedStep[]>> = {
  GENERAL: flows.GENERAL.lockedAfterPin,
  CHILD: flows.CHILD.lockedAfterPin,
};

/** Whether a call belongs to the flow of an application type. */
export const isSaveCallOf = (type: ApplicationType, call: SaveCall): boolean => saveRequirements[type][call] !== undefined;

/**
 * The steps a call still needs, in flow order; empty means the call may proceed. Throws for a call
 * that does not belong to the flow (check isSaveCallOf first).
 */
export function missingSteps(type: ApplicationType, call: SaveCall, saved: Iterable<SavedStep>): SavedStep[] {
  const required = saveRequirements[type][call];
  if (required === undefined) throw new Error(`${call} is not a save call of the ${type} flow`);
  const have = new Set(saved);
  return required.filter((s) => !have.has(s));
}

/** The page of a flow that makes a save call; undefined when the call is not one of the flow's. */
export function pageSaving(type: ApplicationType, call: SaveCall): PageSlug | undefined {
  const { pages, saves } = flows[type];
  return pages.find((slug) => saves[slug]?.includes(call));
}

/**
 * The save calls of the main-line pages before a page, in the flow's order: what an applicant who
 * stands on the page has saved. Tests and tools say "everything before page X" with it, so a
 * reordered flow moves them too. Throws for a page off the flow's main line.
 */
export function savesBefore(slug: PageSlug, type: ApplicationType): SaveCall[] {
  const { sequence, saves } = flows[type];
  const at = sequence.indexOf(slug);
  if (at < 0) throw new Error(`${slug} is not a page of the ${type} flow's main line (flows.ts)`);
  return sequence.slice(0, at).flatMap((page) => saves[page] ?? []);
}
