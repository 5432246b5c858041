import { describe, expect, it } from 'vitest';
import type { PageSlug, SavedStep } from '../src/flows.ts';
import {
  pagesAfter,
  fallbackPath,
  flowFor,
  flows,
  isAllowedEntry,
  isSaveCallOf,
  lockedAfterPin,
  missingSteps,
  nextPage,
  pageByPath,
  pageSlugs,
  pages,
  previousPage,
  backButtonPage,
  exitPage,
  saveRequirements,
  stepCount,
  stepFor,
} from '../src/flows.ts';

describe('routes', () => {
  it('has the general routes of SPEC.md §2.1', () => {
    const general = Object.values(pages)
      .filter((p) => p.flows.includes('GENERAL'))
      .map((p) => p.path)
      .sort();
    expect(general).toEqual(
      [
        '/term',
        '/verification',
        '/personal',
        '/workplace',
        '/branch',
        '/seal-less',
        '/confirmation',
        '/pin',
        '/ekyc-preparation',
        '/ekyc-callback',
        '/supplement',
        '/redirect',
        '/complete',
        '/error',
        '/ekyc-error',
        '/supplement-error',
      ].sort(),
    );
    expect(fallbackPath).toBe('/term');
    expect(pageByPath('/')).toBeUndefined();
  });

  it('has the child routes of SPEC.md §2.2', () => {
    const child = Object.values(pages)
      .filter((p) => p.path.startsWith('/child/'))
      .map((p) => p.path);
    expect(child).toEqual([
      '/child/before-check',
      '/child/term',
      '/child/verification',
      '/child/personal',
      '/child/parent',
      '/child/branch',
      '/child/confirmation',
      '/child/pin',
      '/child/ekyc-preparation',
      '/child/ekyc-identification-documents',
      '/child/ekyc-supplementary-documents',
      '/child/parent-ekyc-preparation',
      '/child/redirect',
      '/child/complete',
      '/child/error',
    ]);
  });

  it('keys every page by its own slug, with a unique path', () => {
    for (const slug of pageSlugs) expect(pages[slug].slug).toBe(slug);
    expect(new Set(Object.values(pages).map((p) => p.path)).size).toBe(pageSlugs.length);
  });

  it('finds pages by path, ignoring a query, hash or trailing slash', () => {
    expect(pageByPath('/child/parent')?.slug).toBe('child-parent');
    expect(pageByPath('/error?id=1')?.slug).toBe('error');
    expect(pageByPath('/seal-less/')?.slug).toBe('seal-less');
    expect(pageByPath('/ekyc-callback#x')?.slug).toBe('ekyc-callback');
    expect(pageByPath('/nowhere')).toBeUndefined();
  });
});

describe('steps', () => {
  it('numbers 7 general and 12 child steps', () => {
    expect(stepCount('GENERAL')).toBe(7);
    expect(stepCount('CHILD')).toBe(12);
  });

  it('gives the general pages steps 1 to 7 in flow order', () => {
    const numbered = flows.GENERAL.sequence.filter((s) => pages[s].step !== null);
    expect(numbered).toEqual(['personal', 'workplace', 'branch', 'seal-less', 'confirmation', 'pin', 'ekyc-preparation']);
    expect(numbered.map((s) => pages[s].step)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('labels the step bar as SPEC.md §2.1 and §2.2 do, one label per step', () => {
    expect(flows.GENERAL.stepLabels).toEqual(['お客さま情報', 'お勤め先', '支店選択', '印鑑レス', '入力内容確認', '暗証番号', '本人確認']);
    expect(flows.CHILD.stepLabels).toEqual([
      'お子さま情報',
      '親権者情報',
      '支店選択',
      '入力内容確認',
      '暗証番号',
      '本人確認準備',
      'カード撮影',
      '撮影内容確認',
      '補完書類選択',
      '補完書類撮影',
      '補完書類確認',
      '親権者本人確認',
    ]);
    for (const type of ['GENERAL', 'CHILD'] as const) expect(flows[type].stepLabels).toHaveLength(stepCount(type));
  });

  it('puts each label on the step of the page (or page state) that declares it', () => {
    const labelOn = (type: 'GENERAL' | 'CHILD', slug: PageSlug, state?: string) => flows[type].stepLabels[(stepFor(slug, type, state) ?? 0) - 1];
    expect(labelOn('GENERAL', 'branch')).toBe('支店選択');
    expect(labelOn('GENERAL', 'ekyc-preparation')).toBe('本人確認');
    expect(labelOn('GENERAL', 'supplement')).toBe('本人確認');
    expect(labelOn('CHILD', 'child-parent')).toBe('親権者情報');
    expect(labelOn('CHILD', 'child-ekyc-identification-documents', 'confirm')).toBe('撮影内容確認');
    expect(labelOn('CHILD', 'child-ekyc-supplementary-documents', 'select')).toBe('補完書類選択');
    expect(labelOn('CHILD', 'child-parent-ekyc-preparation')).toBe('親権者本人確認');
    // The eKYC return shows the eKYC preparation's step, so its label (step 12 of the child flow).
    expect(labelOn('CHILD', 'ekyc-callback')).toBe('親権者本人確認');
  });

  it('covers the child steps 1 to 12, with sub-steps for the document pages', () => {
    const covered = new Set<number>();
    for (const slug of flows.CHILD.pages) {
      const p = pages[slug];
      if (p.step !== null && p.flows.includes('CHILD')) covered.add(p.step);
      for (const n of Object.values(p.subSteps ?? {})) covered.add(n);
    }
    expect([...covered].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(
      (['child-personal', 'child-parent', 'child-branch', 'child-confirmation', 'child-pin', 'child-ekyc-preparation'] as const).map((s) => pages[s].step),
    ).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pages['child-ekyc-identification-documents'].subSteps).toEqual({ camera: 7, confirm: 8 });
    expect(pages['child-ekyc-supplementary-documents'].subSteps).toEqual({ select: 9, camera: 10, confirm: 11 });
    expect(pages['child-parent-ekyc-preparation'].step).toBe(12);
  });

  it('shows the eKYC preparation step on the eKYC callback (the parent one for a child)', () => {
    expect(stepFor('ekyc-callback', 'GENERAL')).toBe(7);
    expect(stepFor('ekyc-callback', 'CHILD')).toBe(12);
    expect(stepFor('supplement', 'GENERAL')).toBe(7);
    expect(stepFor('term', 'GENERAL')).toBeNull();
    expect(stepFor('child-pin', 'CHILD')).toBe(5);
  });

  it('shows the step of the current state on the child document pages, the first step otherwise', () => {
    expect(stepFor('child-ekyc-identification-documents', 'CHILD')).toBe(7);
    expect(stepFor('child-ekyc-identification-documents', 'CHILD', 'confirm')).toBe(8);
    expect(stepFor('child-ekyc-supplementary-documents', 'CHILD', 'select')).toBe(9);
    expect(stepFor('child-ekyc-supplementary-documents', 'CHILD', 'camera')).toBe(10);
    expect(stepFor('child-ekyc-supplementary-documents', 'CHILD', 'confirm')).toBe(11);
    expect(stepFor('child-ekyc-supplementary-documents', 'CHILD', 'unknown')).toBe(9);
    expect(stepFor('child-pin', 'CHILD', 'confirm')).toBe(5);
  });
});

describe('navigation guard (SPEC.md §2.6)', () => {
  const table: [PageSlug, PageSlug[]][] = [
    ['verification', ['term', 'personal']],
    ['personal', ['verification', 'workplace']],
    ['workplace', ['personal', 'branch']],
    ['branch', ['workplace', 'seal-less']],
    ['seal-less', ['branch', 'confirmation']],
    ['confirmation', ['seal-less', 'pin']],
    ['pin', ['confirmation']],
    ['ekyc-preparation', ['pin', 'ekyc-error']],
    ['supplement', ['ekyc-callback', 'supplement-error']],
    ['child-term', ['child-before-check', 'child-verification']],
    // SPEC.md §2.6, and from the amended ordinance on the eKYC preparation, whose children's documents the chip gives (decision 0248).
    ['child-parent-ekyc-preparation', ['child-ekyc-supplementary-documents', 'child-ekyc-preparation', 'ekyc-error']],
    // "Other child pages follow the same rule in their sequence".
    ['child-verification', ['child-term', 'child-personal']],
    ['child-personal', ['child-verification', 'child-parent']],
    ['child-parent', ['child-personal', 'child-branch']],
    ['child-branch', ['child-parent', 'child-confirmation']],
    ['child-confirmation', ['child-branch', 'child-pin']],
    ['child-pin', ['child-confirmation']],
    ['child-ekyc-preparation', ['child-pin', 'child-ekyc-identification-documents']],
    ['child-ekyc-identification-documents', ['child-ekyc-preparation', 'child-ekyc-supplementary-documents']],
    ['child-ekyc-supplementary-documents', ['child-ekyc-identification-documents', 'child-parent-ekyc-preparation']],
    ['redirect', ['ekyc-callback', 'supplement']],
    ['complete', ['redirect']],
    ['child-redirect', ['ekyc-callback']],
    ['child-complete', ['child-redirect']],
  ];

  it.each(table)('%s is entered only from %j', (slug, allowed) => {
    expect(pages[slug].allowedFrom).toEqual(allowed);
    for (const from of pageSlugs) expect(isAllowedEntry(slug, from), `${slug} from ${from}`).toBe(allowed.includes(from));
    expect(isAllowedEntry(slug, undefined)).toBe(false);
    expect(isAllowedEntry(slug, null)).toBe(false);
    expect(isAllowedEntry(slug, '')).toBe(false);
  });

  it('guards every page except entries, error pages, the eKYC return and the pages outside both journeys', () => {
    const unguarded = pageSlugs.filter((s) => pages[s].allowedFrom === null);
    expect(unguarded.sort()).toEqual(
      ['term', 'child-before-check', 'ekyc-callback', 'error', 'ekyc-error', 'supplement-error', 'child-error', 'status'].sort(),
    );
    expect(pageSlugs.filter((s) => pages[s].outsideJourney)).toEqual(['status']);
    expect(pages.status).toMatchObject({ path: '/status', flows: [], step: null });
    expect(isAllowedEntry('status', undefined)).toBe(true);
    expect(flows.GENERAL.pages).not.toContain('status');
    expect(flows.CHILD.pages).not.toContain('status');
    expect(table.length + unguarded.length).toBe(pageSlugs.length);
    expect(isAllowedEntry('error', undefined)).toBe(true);
  });

  it('accepts a route path as the previous page, as the confirmation passes it', () => {
    expect(isAllowedEntry('verification', '/term')).toBe(true);
    expect(isAllowedEntry('child-term', '/child/before-check')).toBe(true);
    expect(isAllowedEntry('verification', '/pin')).toBe(false);
    expect(isAllowedEntry('verification', '/unknown')).toBe(false);
  });
});

describe('sequences and buttons', () => {
  it('follows the general order of SPEC.md §4', () => {
    expect(flowFor('GENERAL').sequence.map((s) => pages[s].path)).toEqual([
      '/term',
      '/verification',
      '/personal',
      '/workplace',
      '/branch',
      '/seal-less',
      '/confirmation',
      '/pin',
      '/ekyc-preparation',
      '/ekyc-callback',
      '/redirect',
      '/complete',
    ]);
  });

  it('follows the child order of SPEC.md §4', () => {
    expect(flowFor('CHILD').sequence.map((s) => pages[s].path)).toEqual([
      '/child/before-check',
      '/child/term',
      '/child/verification',
      '/child/personal',
      '/child/parent',
      '/child/branch',
      '/child/confirmation',
      '/child/pin',
      '/child/ekyc-preparation',
      '/child/ekyc-identification-documents',
      '/child/ekyc-supplementary-documents',
      '/child/parent-ekyc-preparation',
      '/ekyc-callback',
      '/child/redirect',
      '/child/complete',
    ]);
  });

  it('lets every Next and Back target accept the page it comes from', () => {
    for (const type of ['GENERAL', 'CHILD'] as const) {
      const flow = flowFor(type);
      for (const slug of flow.pages) {
        const next = nextPage(slug, type);
        if (next) expect(isAllowedEntry(next.slug, slug), `${type} ${slug} → ${next.slug}`).toBe(true);
        const prev = previousPage(slug, type);
        if (prev) expect(isAllowedEntry(prev.slug, slug), `${type} ${slug} ← ${prev.slug}`).toBe(true);
        expect(pages[slug].flows).toContain(type);
      }
    }
  });

  it('lets every exit, Back button and correction target accept the page it comes from (the table checks itself)', () => {
    let moves = 0;
    for (const type of ['GENERAL', 'CHILD'] as const) {
      const flow = flowFor(type);
      for (const slug of flow.pages) {
        for (const [exit, to] of Object.entries(flow.exits[slug] ?? {})) {
          expect(isAllowedEntry(to, slug), `${type} ${slug} → ${exit} → ${to}`).toBe(true);
          expect(flow.pages, `${type} ${slug} → ${exit}`).toContain(to);
          moves++;
        }
        const back = backButtonPage(slug, type);
        if (back) {
          expect(isAllowedEntry(back.slug, slug), `${type} ${slug} ← ${back.slug}`).toBe(true);
          moves++;
        }
        // 修正する on the confirmation enters a step before it as if coming back from the page after it.
        const after = flow.next[slug];
        const confirmationStep = pages[type === 'GENERAL' ? 'confirmation' : 'child-confirmation'].step ?? 0;
        const step = pages[slug].step;
        if (step !== null && step < confirmationStep && after) expect(isAllowedEntry(slug, after), `${type} ${slug} from ${after}`).toBe(true);
        const next = nextPage(slug, type);
        if (next) expect(flow.pages, `${type} ${slug} → ${next.slug}`).toContain(next.slug);
      }
    }
    expect(moves).toBeGreaterThanOrEqual(18);
  });

  it('gives step 1 no Back button and every later numbered step before the PIN one', () => {
    expect(backButtonPage('personal', 'GENERAL')).toBeUndefined();
    expect(backButtonPage('child-personal', 'CHILD')).toBeUndefined();
    expect(backButtonPage('workplace', 'GENERAL')?.slug).toBe('personal');
    expect(backButtonPage('pin', 'GENERAL')?.slug).toBe('confirmation');
    expect(backButtonPage('child-parent', 'CHILD')?.slug).toBe('child-personal');
    expect(backButtonPage('ekyc-preparation', 'GENERAL')).toBeUndefined();
  });

  it('sends the eKYC and upload outcomes where each flow expects', () => {
    expect(exitPage('ekyc-callback', 'GENERAL', 'supplementRequired')?.slug).toBe('supplement');
    expect(exitPage('ekyc-callback', 'CHILD', 'supplementRequired')).toBeUndefined();
    expect(exitPage('ekyc-callback', 'CHILD', 'ekycFailed')?.slug).toBe('ekyc-error');
    expect(exitPage('ekyc-preparation', 'GENERAL', 'ekycFailed')?.slug).toBe('ekyc-error');
    expect(exitPage('child-parent-ekyc-preparation', 'CHILD', 'ekycFailed')?.slug).toBe('ekyc-error');
    expect(exitPage('child-ekyc-preparation', 'CHILD', 'documentsByChip')?.slug).toBe('child-parent-ekyc-preparation');
    expect(exitPage('supplement', 'GENERAL', 'uploadFailed')?.slug).toBe('supplement-error');
  });

  it('follows the flow order at /child/confirmation, not the inverted order of the original code', () => {
    expect(previousPage('child-confirmation', 'CHILD')?.path).toBe('/child/branch');
    expect(nextPage('child-confirmation', 'CHILD')?.path).toBe('/child/pin');
  });

  it('has no Back after the PIN or from the eKYC return', () => {
    expect(previousPage('ekyc-preparation', 'GENERAL')).toBeUndefined();
    expect(previousPage('ekyc-callback', 'GENERAL')).toBeUndefined();
    expect(previousPage('child-ekyc-preparation', 'CHILD')).toBeUndefined();
    expect(previousPage('ekyc-callback', 'CHILD')).toBeUndefined();
    expect(previousPage('pin', 'GENERAL')?.slug).toBe('confirmation');
    expect(previousPage('verification', 'GENERAL')?.slug).toBe('term');
    expect(previousPage('child-term', 'CHILD')?.slug).toBe('child-before-check');
  });

  it('sends the shared and error pages where each flow expects', () => {
    expect(nextPage('ekyc-callback', 'GENERAL')?.slug).toBe('redirect');
    expect(nextPage('ekyc-callback', 'CHILD')?.slug).toBe('child-redirect');
    expect(nextPage('ekyc-error', 'GENERAL')?.slug).toBe('ekyc-preparation');
    expect(nextPage('ekyc-error', 'CHILD')?.slug).toBe('child-parent-ekyc-preparation');
    expect(nextPage('supplement-error', 'GENERAL')?.slug).toBe('supplement');
    expect(nextPage('supplement', 'GENERAL')?.slug).toBe('redirect');
    expect(nextPage('error', 'GENERAL')?.slug).toBe('term');
    expect(nextPage('child-error', 'CHILD')?.slug).toBe('child-before-check');
    expect(nextPage('complete', 'GENERAL')).toBeUndefined();
    expect(flowFor('GENERAL').errorPage).toBe('error');
    expect(flowFor('CHILD').errorPage).toBe('child-error');
  });
});

describe('API order checks', () => {
  it('makes each general save need the ones before it', () => {
    expect(saveRequirements.GENERAL).toEqual({
      personal: [],
      workplace: ['personal'],
      branch: ['personal', 'workplace'],
      sealLess: ['personal', 'workplace', 'branch'],
      pin: ['personal', 'workplace', 'branch', 'sealLess'],
      ekyc: ['personal', 'workplace', 'branch', 'sealLess', 'pin'],
      currentAddressDocument: ['personal', 'workplace', 'branch', 'sealLess', 'pin', 'ekyc'],
      complete: ['personal', 'workplace', 'branch', 'sealLess', 'pin', 'ekyc'],
    });
  });

  it('makes each child save need the ones before it', () => {
    const base: SavedStep[] = ['personal', 'workplace', 'parentPersonal', 'parentWorkplace', 'branch'];
    expect(saveRequirements.CHILD).toEqual({
      personal: [],
      workplace: ['personal'],
      parentPersonal: ['personal', 'workplace'],
      parentWorkplace: ['personal', 'workplace', 'parentPersonal'],
      branch: base.slice(0, 4),
      pin: base,
      identificationDocument: [...base, 'pin'],
      supplementaryDocument: [...base, 'pin', 'identificationDocument'],
      ekyc: [...base, 'pin', 'identificationDocument', 'supplementaryDocument'],
      complete: [...base, 'pin', 'identificationDocument', 'supplementaryDocument', 'ekyc'],
    });
  });

  it('reports what is missing, in flow order', () => {
    expect(missingSteps('GENERAL', 'pin', ['personal', 'branch'])).toEqual(['workplace', 'sealLess']);
    expect(missingSteps('GENERAL', 'workplace', ['personal'])).toEqual([]);
    expect(missingSteps('CHILD', 'branch', new Set<SavedStep>(['personal', 'workplace', 'parentPersonal']))).toEqual(['parentWorkplace']);
  });

  it('knows which calls belong to which flow', () => {
    expect(isSaveCallOf('GENERAL', 'sealLess')).toBe(true);
    expect(isSaveCallOf('CHILD', 'sealLess')).toBe(false);
    expect(isSaveCallOf('GENERAL', 'parentPersonal')).toBe(false);
    expect(() => missingSteps('GENERAL', 'parentPersonal', [])).toThrow();
  });

  it('locks the data saves once the PIN is set', () => {
    expect(lockedAfterPin.GENERAL).toEqual(['personal', 'workplace', 'branch', 'sealLess']);
    expect(lockedAfterPin.CHILD).toEqual(['personal', 'workplace', 'parentPersonal', 'parentWorkplace', 'branch']);
  });
});

describe('pages one step ahead (what the web prefetches)', () => {
  it('is the Next page, then the exits', () => {
    expect(pagesAfter('personal', 'GENERAL')).toEqual(['workplace']);
    expect(pagesAfter('supplement', 'GENERAL')).toContain('supplement-error');
    expect(pagesAfter('child-ekyc-identification-documents', 'CHILD')).toEqual(['child-ekyc-supplementary-documents', 'child-error']);
  });

  it('leads every page of both flows only to pages of the same flow', () => {
    for (const type of ['GENERAL', 'CHILD'] as const) {
      for (const slug of flows[type].pages) for (const next of pagesAfter(slug, type)) expect(flows[type].pages).toContain(next);
    }
  });
});
