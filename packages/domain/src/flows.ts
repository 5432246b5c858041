import type { ApplicationType, DocumentType } from './constants.ts';

// The general and child journeys as data (SPEC.md §2.1, §2.2, §2.6, §4). The router, the navigation
// guard, the step bar, the Back/Next buttons and the API's order checks all read these tables.
//
// Choices recorded here (where SPEC.md leaves room):
// - Slugs are unique across both flows: child pages are prefixed 'child-'. Two pages are shared by
//   both flows because the spec gives them one route: /ekyc-callback (the external eKYC service
//   returns there; for a child application it is the parent's eKYC) and /ekyc-error (its button
//   returns to the parent variant for a child application).
// - "Other child pages follow the same rule in their sequence" (§2.6) is read as: a page may be
//   entered from the page before it (Next) and from the page after it (Back), except that the PIN
//   page is entered only from confirmation (after the PIN nothing before it can change, DECISIONS.md §5)
//   and child eKYC preparation is entered only from the PIN page or by Back from the card photo page.
// - /child/confirmation: the spec says that, as coded, its previous page is /child/pin and its next
//   page /child/branch, which inverts the flow order. The guard is unaffected (its allowed
//   predecessors are {branch, pin} under either reading); for the buttons we follow the flow order
//   (Back → /child/branch, Next → /child/pin), like the general /confirmation, and treat the
//   inversion as a defect of the original not to be reproduced.
// - Pages with no guard (allowedFrom null): the entry pages (/term, /child/before-check), the return
//   from the external eKYC service (/ekyc-callback: a full page load, so there is no navigation
//   state), and the error pages (an error page must always be reachable, or a failed guard would loop).
// - /redirect is entered from /ekyc-callback or /supplement; /complete only from /redirect (the
//   completion result travels as route state). /child/redirect is entered from /ekyc-callback.
// - The step bar on /ekyc-callback shows the eKYC preparation step (SPEC.md §2.1): step 7 general,
//   step 12 child (the parent's eKYC); /supplement also shows step 7.
// - The child card photo page spans steps 7 (camera) and 8 (confirm); the supplementary document
//   page spans 9 (select), 10 (camera) and 11 (confirm): SPEC.md §2.2 numbers only 7 and 9 and
//   describes the select / camera / confirm states of §2.5.

export const pageSlugs = [
  // general
  'term',
  'verification',
  'personal',
  'workplace',
  'branch',
  'seal-less',
  'confirmation',
  'pin',
  'ekyc-preparation',
  'ekyc-callback',
  'supplement',
  'redirect',
  'complete',
  'error',
  'ekyc-error',
  'supplement-error',
  // child
  'child-before-check',
  'child-term',
  'child-verification',
  'child-personal',
  'child-parent',
  'child-branch',
  'child-confirmation',
  'child-pin',
  'child-ekyc-preparation',
  'child-ekyc-identification-documents',
  'child-ekyc-supplementary-documents',
  'child-parent-ekyc-preparation',
  'child-redirect',
  'child-complete',
  'child-error',
  // outside both journeys
  'status',
] as const;
export type PageSlug = (typeof pageSlugs)[number];

export interface FlowPage {
  slug: PageSlug;
  path: string;
  /** The flows this page belongs to (two for the shared eKYC callback and eKYC error pages). */
  flows: readonly ApplicationType[];
  /** Own step number in the step bar, or null (see stepFor for pages that show another page's step). */
  step: number | null;
  /** Step numbers of the page's states, when one page covers several steps. */
  subSteps?: Readonly<Record<string, number>>;
  /** Pages from which this page may be entered (navigation state `previous`); null: no guard. */
  allowedFrom: readonly PageSlug[] | null;
  /**
   * The named rule of a page outside both journeys (お申込み状況の確認, decision 0192): it belongs to no
   * flow (`flows` is empty), is entered from the bank's pages and links at any time (never guarded),
   * shows no step and has no Next, Back or exits; its page views carry no application type.
   */
  outsideJourney?: true;
}

const G: readonly ApplicationType[] = ['GENERAL'];
const C: readonly ApplicationType[] = ['CHILD'];
const both: readonly ApplicationType[] = ['GENERAL', 'CHILD'];

export const pages: Readonly<Record<PageSlug, FlowPage>> = {
  term: { slug: 'term', path: '/term', flows: G, step: null, allowedFrom: null },
  verification: { slug: 'verification', path: '/verification', flows: G, step: null, allowedFrom: ['term', 'personal'] },
  personal: { slug: 'personal', path: '/personal', flows: G, step: 1, allowedFrom: ['verification', 'workplace'] },
  workplace: { slug: 'workplace', path: '/workplace', flows: G, step: 2, allowedFrom: ['personal', 'branch'] },
  branch: { slug: 'branch', path: '/branch', flows: G, step: 3, allowedFrom: ['workplace', 'seal-less'] },
  'seal-less': { slug: 'seal-less', path: '/seal-less', flows: G, step: 4, allowedFrom: ['branch', 'confirmation'] },
  confirmation: { slug: 'confirmation', path: '/confirmation', flows: G, step: 5, allowedFrom: ['seal-less', 'pin'] },
  pin: { slug: 'pin', path: '/pin', flows: G, step: 6, allowedFrom: ['confirmation'] },
  'ekyc-preparation': {
    slug: 'ekyc-preparation',
    path: '/ekyc-preparation',
    flows: G,
    step: 7,
    allowedFrom: ['pin', 'ekyc-error'],
  },
  'ekyc-callback': { slug: 'ekyc-callback', path: '/ekyc-callback', flows: both, step: null, allowedFrom: null },
  supplement: { slug: 'supplement', path: '/supplement', flows: G, step: null, allowedFrom: ['ekyc-callback', 'supplement-error'] },
  redirect: { slug: 'redirect', path: '/redirect', flows: G, step: null, allowedFrom: ['ekyc-callback', 'supplement'] },
  complete: { slug: 'complete', path: '/complete', flows: G, step: null, allowedFrom: ['redirect'] },
  error: { slug: 'error', path: '/error', flows: G, step: null, allowedFrom: null },
  'ekyc-error': { slug: 'ekyc-error', path: '/ekyc-error', flows: both, step: null, allowedFrom: null },
  'supplement-error': { slug: 'supplement-error', path: '/supplement-error', flows: G, step: null, allowedFrom: null },

  'child-before-check': { slug: 'child-before-check', path: '/child/before-check', flows: C, step: null, allowedFrom: null },
  'child-term': {
    slug: 'child-term',
    path: '/child/term',
    flows: C,
    step: null,
    allowedFrom: ['child-before-check', 'child-verification'],
  },
  'child-verification': {
    slug: 'child-verification',
    path: '/child/verification',
    flows: C,
    step: null,
    allowedFrom: ['child-term', 'child-personal'],
  },
  'child-personal': {
    slug: 'child-personal',
    path: '/child/personal',
    flows: C,
    step: 1,
    allowedFrom: ['child-verification', 'child-parent'],
  },
  'child-parent': { slug: 'child-parent', path: '/child/parent', flows: C, step: 2, allowedFrom: ['child-personal', 'child-branch'] },
  'child-branch': {
    slug: 'child-branch',
    path: '/child/branch',
    flows: C,
    step: 3,
    allowedFrom: ['child-parent', 'child-confirmation'],
  },
  'child-confirmation': {
    slug: 'child-confirmation',
    path: '/child/confirmation',
    flows: C,
    step: 4,
    allowedFrom: ['child-branch', 'child-pin'],
  },
  'child-pin': { slug: 'child-pin', path: '/child/pin', flows: C, step: 5, allowedFrom: ['child-confirmation'] },
  'child-ekyc-preparation': {
    slug: 'child-ekyc-preparation',
    path: '/child/ekyc-preparation',
    flows: C,
    step: 6,
    allowedFrom: ['child-pin', 'child-ekyc-identification-documents'],
  },
  'child-ekyc-identification-documents': {
    slug: 'child-ekyc-identification-documents',
    path: '/child/ekyc-identification-documents',
    flows: C,
    step: 7,
    subSteps: { camera: 7, confirm: 8 },
    allowedFrom: ['child-ekyc-preparation', 'child-ekyc-supplementary-documents'],
  },
  'child-ekyc-supplementary-documents': {
    slug: 'child-ekyc-supplementary-documents',
    path: '/child/ekyc-supplementary-documents',
    flows: C,
    step: 9,
    subSteps: { select: 9, camera: 10, confirm: 11 },
    allowedFrom: ['child-ekyc-identification-documents', 'child-parent-ekyc-preparation'],
  },
  'child-parent-ekyc-preparation': {
    slug: 'child-parent-ekyc-preparation',
    path: '/child/parent-ekyc-preparation',
    flows: C,
    step: 12,
    allowedFrom: ['child-ekyc-supplementary-documents', 'ekyc-error'],
  },
  'child-redirect': { slug: 'child-redirect', path: '/child/redirect', flows: C, step: null, allowedFrom: ['ekyc-callback'] },
  'child-complete': { slug: 'child-complete', path: '/child/complete', flows: C, step: null, allowedFrom: ['child-redirect'] },
  'child-error': { slug: 'child-error', path: '/child/error', flows: C, step: null, allowedFrom: null },

  status: { slug: 'status', path: '/status', flows: [], step: null, allowedFrom: null, outsideJourney: true },
};

export interface Flow {
  type: ApplicationType;
  stepCount: number;
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
}

/** Outcomes that leave a page somewhere other than its Next (the error page is the flow's errorPage). */
export type FlowExit = 'ekycFailed' | 'supplementRequired' | 'uploadFailed';

const generalSequence: readonly PageSlug[] = [
  'term',
  'verification',
  'personal',
  'workplace',
  'branch',
  'seal-less',
  'confirmation',
  'pin',
  'ekyc-preparation',
  'ekyc-callback',
  'redirect',
  'complete',
];

const childSequence: readonly PageSlug[] = [
  'child-before-check',
  'child-term',
  'child-verification',
  'child-personal',
  'child-parent',
  'child-branch',
  'child-confirmation',
  'child-pin',
  'child-ekyc-preparation',
  'child-ekyc-identification-documents',
  'child-ekyc-supplementary-documents',
  'child-parent-ekyc-preparation',
  'ekyc-callback',
  'child-redirect',
  'child-complete',
];

const nextAlong = (sequence: readonly PageSlug[]): Partial<Record<PageSlug, PageSlug>> => {
  const out: Partial<Record<PageSlug, PageSlug>> = {};
  for (let i = 0; i + 1 < sequence.length; i++) out[sequence[i] as PageSlug] = sequence[i + 1] as PageSlug;
  return out;
};

/**
 * Back targets: the page before, when that page lets this one come back (its guard lists this
 * page) or is the flow's entry page. So there is no Back after the PIN or from the eKYC return.
 */
const previousAlong = (sequence: readonly PageSlug[]): Partial<Record<PageSlug, PageSlug>> => {
  const out: Partial<Record<PageSlug, PageSlug>> = {};
  for (let i = 1; i < sequence.length; i++) {
    const here = sequence[i] as PageSlug;
    const before = sequence[i - 1] as PageSlug;
    const guard = pages[before].allowedFrom;
    if (i === 1 || (guard !== null && guard.includes(here))) out[here] = before;
  }
  return out;
};

export const flows: Readonly<Record<ApplicationType, Flow>> = {
  GENERAL: {
    type: 'GENERAL',
    stepCount: 7,
    entry: 'term',
    errorPage: 'error',
    sequence: generalSequence,
    pages: [...generalSequence, 'supplement', 'error', 'ekyc-error', 'supplement-error'],
    next: {
      ...nextAlong(generalSequence),
      // ekyc-callback goes to /supplement instead when a current-address document is needed.
      supplement: 'redirect',
      error: 'term',
      'ekyc-error': 'ekyc-preparation',
      'supplement-error': 'supplement',
    },
    previous: previousAlong(generalSequence),
    stepAlias: { 'ekyc-callback': 'ekyc-preparation', supplement: 'ekyc-preparation' },
    exits: {
      'ekyc-preparation': { ekycFailed: 'ekyc-error' },
      'ekyc-callback': { ekycFailed: 'ekyc-error', supplementRequired: 'supplement' },
      supplement: { uploadFailed: 'supplement-error' },
    },
  },
  CHILD: {
    type: 'CHILD',
    stepCount: 12,
    entry: 'child-before-check',
    errorPage: 'child-error',
    sequence: childSequence,
    pages: [...childSequence, 'child-error', 'ekyc-error'],
    next: {
      ...nextAlong(childSequence),
      'child-error': 'child-before-check',
      'ekyc-error': 'child-parent-ekyc-preparation',
    },
    previous: previousAlong(childSequence),
    stepAlias: { 'ekyc-callback': 'child-parent-ekyc-preparation' },
    exits: {
      // SPEC.md §4 and §8: a failed upload of the child's documents goes to /child/error.
      'child-ekyc-identification-documents': { uploadFailed: 'child-error' },
      'child-ekyc-supplementary-documents': { uploadFailed: 'child-error' },
      'child-parent-ekyc-preparation': { ekycFailed: 'ekyc-error' },
      'ekyc-callback': { ekycFailed: 'ekyc-error' },
    },
  },
};

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
// API order checks (DECISIONS.md §5): which saved steps each save call needs first.

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

/** The save call behind an uploaded document type. */
export const documentSaveCall: Readonly<Record<DocumentType, SavedStep>> = {
  INDIVIDUAL_NUMBER_CARD: 'identificationDocument',
  CERTIFICATE_RESIDENCE: 'supplementaryDocument',
  MATERNITY_HANDBOOK: 'supplementaryDocument',
  CURRENT_ADDRESS_DOCUMENT: 'currentAddressDocument',
};

const gPre = ['personal', 'workplace', 'branch', 'sealLess'] as const;
const cPre = ['personal', 'workplace', 'parentPersonal', 'parentWorkplace', 'branch'] as const;

/**
 * Saved steps each call requires, per application type; a call absent from a type's table does
 * not belong to that flow (the child flow has no seal-less screen and no current-address upload;
 * the general flow has no parent and no child documents).
 *
 * Conditions beyond "saved" are the service's to check, as DECISIONS.md §5 says:
 * - currentAddressDocument: eKYC ended with supplementRequired.
 * - complete: eKYC at status 4 (banker processing), and currentAddressDocument when one was required.
 * The child's workplace is posted right after the child's personal data (SPEC.md §2.5).
 */
export const saveRequirements: Readonly<Record<ApplicationType, Readonly<Partial<Record<SaveCall, readonly SavedStep[]>>>>> = {
  GENERAL: {
    personal: [],
    workplace: ['personal'],
    branch: ['personal', 'workplace'],
    sealLess: ['personal', 'workplace', 'branch'],
    pin: [...gPre],
    ekyc: [...gPre, 'pin'],
    currentAddressDocument: [...gPre, 'pin', 'ekyc'],
    complete: [...gPre, 'pin', 'ekyc'],
  },
  CHILD: {
    personal: [],
    workplace: ['personal'],
    parentPersonal: ['personal', 'workplace'],
    parentWorkplace: ['personal', 'workplace', 'parentPersonal'],
    branch: ['personal', 'workplace', 'parentPersonal', 'parentWorkplace'],
    pin: [...cPre],
    identificationDocument: [...cPre, 'pin'],
    supplementaryDocument: [...cPre, 'pin', 'identificationDocument'],
    ekyc: [...cPre, 'pin', 'identificationDocument', 'supplementaryDocument'],
    complete: [...cPre, 'pin', 'identificationDocument', 'supplementaryDocument', 'ekyc'],
  },
};

/** Saves refused once the PIN is set (the PIN modal says inputs cannot be corrected afterwards). */
export const lockedAfterPin: Readonly<Record<ApplicationType, readonly SavedStep[]>> = {
  GENERAL: [...gPre],
  CHILD: [...cPre],
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
