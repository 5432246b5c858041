import type { Page } from '@playwright/test';

// Layout shifts an applicant sees, as Chromium reports them (PerformanceObserver 'layout-shift'):
// only those without recent input (hadRecentInput false: not the page answering a tap or a key within
// 500 ms), each with the path of the screen it happened on and the nodes that moved.

/** One layout shift without recent input. */
export interface Shift {
  /** The screen's path (location.pathname) when the shift was reported. */
  path: string;
  value: number;
  /** The nodes that moved, as a short selector each, e.g. `main > div._screen > div._content > aside._box`. */
  nodes: string[];
}

/** The sum of a screen's shifts, with what moved. */
export interface StepShift {
  path: string;
  total: number;
  nodes: string[];
}

/**
 * Starts collecting the layout shifts of every document the page opens (navigations included): an
 * observer installed before the page's own scripts, reporting through a binding that outlives the
 * document. Returns the list it fills.
 */
export async function collectLayoutShifts(page: Page): Promise<Shift[]> {
  const shifts: Shift[] = [];
  await page.exposeBinding('__kozaLayoutShift', (_source, shift: Shift) => {
    shifts.push(shift);
  });
  await page.addInitScript(() => {
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] };
    const report = (window as unknown as { __kozaLayoutShift: (s: unknown) => void }).__kozaLayoutShift;
    const describe = (node: Node | null | undefined): string => {
      if (!node) return '(removed node)';
      const parts: string[] = [];
      for (
        let el: Element | null = node instanceof Element ? node : node.parentElement;
        el && el !== document.body && parts.length < 4;
        el = el.parentElement
      ) {
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        parts.unshift(`${el.tagName.toLowerCase()}${cls}`);
      }
      return parts.join(' > ') || node.nodeName.toLowerCase();
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        report({
          path: location.pathname,
          value: entry.value,
          nodes: (entry.sources ?? []).map(
            (s) =>
              `${describe(s.node)} (top ${Math.round(s.previousRect.top)}→${Math.round(s.currentRect.top)}, height ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)})`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return shifts;
}

/** The shifts summed per screen, in the order the screens were first shifted. */
export function shiftsByStep(shifts: readonly Shift[]): StepShift[] {
  const steps = new Map<string, StepShift>();
  for (const shift of shifts) {
    const step = steps.get(shift.path) ?? { path: shift.path, total: 0, nodes: [] };
    step.total += shift.value;
    for (const node of shift.nodes) if (!step.nodes.includes(node)) step.nodes.push(node);
    steps.set(shift.path, step);
  }
  return [...steps.values()];
}

/** What an applicant would call a jump: more than this on one screen (Lighthouse's CLS of a step). */
export const maxShiftPerStep = 0.02;

/** The screens whose shifts add up to more than maxShiftPerStep, each with its total and the nodes that moved. */
export function stepsOverBudget(shifts: readonly Shift[]): string[] {
  return shiftsByStep(shifts)
    .filter((s) => s.total > maxShiftPerStep)
    .map((s) => `${s.path}: ${s.total.toFixed(3)} (${s.nodes.join('; ')})`);
}
