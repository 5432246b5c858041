import type { Page } from '@playwright/test';

// Checks of what a phone user sees, measured in the page (DESIGN.md): tap targets and line breaks.

export const minTouchTarget = 44;

/** A tappable thing smaller than 44 px high: what it is and its size. */
export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Every visible tappable element of the page (links, buttons, selects, text inputs, summaries, and
 * the label of each checkbox and radio, which is what the thumb presses) lower than 44 px.
 */
export async function smallTapTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const out: { what: string; width: number; height: number }[] = [];
    const seen = new Set<Element>();
    const candidates = document.querySelectorAll<HTMLElement>('a[href], button, select, textarea, summary, [role="button"], input:not([type="hidden"])');
    for (const element of candidates) {
      let target: HTMLElement = element;
      if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
        target = element.closest('label') ?? (element.id ? document.querySelector<HTMLElement>(`label[for="${element.id}"]`) : null) ?? element;
      }
      if (seen.has(target)) continue;
      seen.add(target);
      const style = getComputedStyle(target);
      const rect = target.getBoundingClientRect();
      // Not shown (display none, hidden, visually-hidden file inputs behind a label): not a target.
      if (style.visibility === 'hidden' || rect.width <= 1 || rect.height <= 1) continue;
      if (target.closest('[inert], [aria-hidden="true"]')) continue;
      if (rect.height < min) {
        const name = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 30);
        out.push({ what: `${target.tagName.toLowerCase()} "${name}"`, width: Math.round(rect.width), height: Math.round(rect.height) });
      }
    }
    return out;
  }, minTouchTarget);
}

/**
 * Dates, times, time ranges and phone numbers on the page that are broken across two lines
 * (e.g. 「1月3」 at the end of one line and 「日」 at the start of the next).
 */
export async function tokensBrokenAcrossLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pattern =
      /\d{4}年\d{1,2}月\d{1,2}日|\d{1,2}月\d{1,2}日|(?:明治|大正|昭和|平成|令和)(?:元|\d{1,2})年|\d{1,2}:\d{2}(?:[〜~～－-]\d{1,2}:\d{2})?|0\d{1,4}-\d{1,4}-\d{3,4}/gu;
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(pattern)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

/** Whether two boxes overlap (touching edges do not count). */
export const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
