import { describe, expect, it } from 'vitest';
import type { Flow, JourneyDefinition, PageDefinition } from '../src/flows.ts';
import { childJourney, deriveJourneys, flows, generalJourney, pages, pageSaving, savesBefore } from '../src/flows.ts';
import { confirmationModel } from '../src/fields/display.ts';

// The journey is one ordered list per flow (decision 0205): a reordered copy of a list derives
// step numbers, guard, buttons and the API's order checks that follow the new order with no other edit.
// The copies set the order of a few pages among the places those pages hold, so these tests hold
// whatever order the real lists give them (a reorder of the real lists fails flows.test.ts, which
// checks SPEC.md's order, not these).

/** A copy of a journey whose pages `slugs` take the places they hold now, in the order given. */
const arrange = (journey: JourneyDefinition, slugs: readonly string[]): JourneyDefinition => {
  const moved = slugs.map((slug) => journey.pages.find((p) => p.slug === slug) as PageDefinition);
  let next = 0;
  return { ...journey, pages: journey.pages.map((p) => (slugs.includes(p.slug) ? (moved[next++] as PageDefinition) : p)) };
};

/** What must hold for any flow derived from a definition, whatever its order. */
function expectConsistent(flow: Flow, all: ReturnType<typeof deriveJourneys>['pages']) {
  // Steps rise by one along the main line.
  const steps = flow.sequence.map((s) => all[s]?.step).filter((n): n is number => n !== null && n !== undefined);
  steps.forEach((n, i) => i > 0 && expect(n).toBeGreaterThan(steps[i - 1] as number));
  // Next leads to a page that accepts the page it comes from; Back likewise.
  for (const [from, to] of Object.entries(flow.next)) {
    const guard = all[to as string]?.allowedFrom;
    if (guard) expect(guard, `${from} → ${to}`).toContain(from);
  }
  for (const [from, to] of Object.entries(flow.previous)) {
    const guard = all[to as string]?.allowedFrom;
    if (guard) expect(guard, `${from} ← ${to}`).toContain(from);
  }
  // Each save needs the saves of the main line before it, in order.
  const saved: string[] = [];
  for (const slug of flow.sequence) {
    const def = [...generalJourney.pages, ...childJourney.pages].find((p) => p.slug === slug) as PageDefinition | undefined;
    for (const call of def?.saves ?? []) {
      if (call === 'complete') continue;
      expect(flow.saveRequirements[call], call).toEqual(saved);
      saved.push(call);
    }
  }
}

describe('one journey definition', () => {
  it('derives the tables the product uses from the two lists', () => {
    const derived = deriveJourneys([generalJourney, childJourney]);
    expect(derived.flows.GENERAL?.sequence).toEqual(flows.GENERAL.sequence);
    expect(derived.flows.CHILD?.saveRequirements).toEqual(flows.CHILD.saveRequirements);
    for (const slug of flows.CHILD.pages) expect(derived.pages[slug]).toEqual(pages[slug]);
    expectConsistent(flows.GENERAL, pages);
    expectConsistent(flows.CHILD, pages);
  });

  it('follows a reorder of two child pages made in the list alone', () => {
    const derived = deriveJourneys([generalJourney, arrange(childJourney, ['child-personal', 'child-branch', 'child-parent'])]);
    const child = derived.flows.CHILD as Flow;
    const at = derived.pages;

    // Step bar: the branch is now step 2, the parent step 3, and their labels moved with them.
    expect(at['child-branch']?.step).toBe(2);
    expect(at['child-parent']?.step).toBe(3);
    expect(child.stepLabels.slice(0, 4)).toEqual(['お子さま情報', '支店選択', '親権者情報', '入力内容確認']);
    // Guard: each page is entered from its new neighbours.
    expect(at['child-branch']?.allowedFrom).toEqual(['child-personal', 'child-parent']);
    expect(at['child-parent']?.allowedFrom).toEqual(['child-branch', 'child-confirmation']);
    expect(at['child-confirmation']?.allowedFrom).toEqual(['child-parent', 'child-pin']);
    // Buttons.
    expect(child.next['child-personal']).toBe('child-branch');
    expect(child.next['child-parent']).toBe('child-confirmation');
    expect(child.previous['child-confirmation']).toBe('child-parent');
    expect(child.previous['child-branch']).toBe('child-personal');
    // The API's order checks: the parent's data now needs the branch first, the branch no longer the parent's.
    expect(child.saveRequirements.branch).toEqual(['personal', 'workplace']);
    expect(child.saveRequirements.parentPersonal).toEqual(['personal', 'workplace', 'branch']);
    expect(child.lockedAfterPin).toEqual(['personal', 'workplace', 'branch', 'parentPersonal', 'parentWorkplace']);
    // The staff funnel lists the steps in the new order.
    expect(child.funnel.map((s) => s.slug).slice(3, 6)).toEqual(['child-personal', 'child-branch', 'child-parent']);
    expectConsistent(child, at);
  });

  it('moves the PIN rule with the PIN page: nothing after it may come back', () => {
    const derived = deriveJourneys([arrange(generalJourney, ['personal', 'workplace', 'seal-less', 'branch']), childJourney]);
    const general = derived.flows.GENERAL as Flow;
    expect(derived.pages['seal-less']?.step).toBe(3);
    expect(general.stepLabels.slice(2, 4)).toEqual(['印鑑レス', '支店選択']);
    expect(derived.pages.branch?.allowedFrom).toEqual(['seal-less', 'confirmation']);
    expect(general.saveRequirements.branch).toEqual(['personal', 'workplace', 'sealLess']);
    expect(derived.pages.pin?.allowedFrom).toEqual(['confirmation']);
    expect(general.previous['ekyc-preparation']).toBeUndefined();
  });

  it.each(['GENERAL', 'CHILD'] as const)('answers "everything before page X" and "which page saves this" from the %s list', (type) => {
    const flow = flows[type];
    for (const slug of flow.sequence) {
      const first = flow.saves[slug]?.[0];
      // An applicant on a page has saved what the page's first save needs, and nothing more.
      if (first !== undefined && first !== 'complete') expect(savesBefore(slug, type), slug).toEqual(flow.saveRequirements[first]);
      for (const call of flow.saves[slug] ?? []) expect(pageSaving(type, call), call).toBe(slug);
    }
    expect(() => savesBefore('supplement-error', type)).toThrow(/not a page of the \w+ flow's main line/);
  });

  it.each(['GENERAL', 'CHILD'] as const)('shows the %s confirmation in the order of its pages', (type) => {
    const sections = confirmationModel(type, {}, {}).map((section) => flows[type].sequence.indexOf(section.slug));
    expect(sections.every((at) => at >= 0)).toBe(true);
    expect(sections).toEqual([...sections].sort((a, b) => a - b));
  });

  it('refuses a definition that names a page it does not define', () => {
    const broken: JourneyDefinition = {
      ...generalJourney,
      pages: generalJourney.pages.map((p) => (p.slug === 'supplement-error' ? { ...p, next: 'nowhere' } : p)),
    };
    expect(() => deriveJourneys([broken])).toThrow(/nowhere/);
  });
});
