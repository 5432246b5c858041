import type { Page } from '@playwright/test';
import { getBank } from '@koza/domain/banks/banks';
import { expect, test } from '../fixtures.ts';
import { nextButton, uniqueAddress } from '../support/entry.ts';
import { fillPersonal, reachPersonal } from '../support/general-flow.ts';

// Issue 34: a field is never hidden behind the sticky button bar. On /personal, with every field
// filled but the purposes near the bottom, Next from the top of the page focuses that first error:
// the field and its message end up fully above the bar, on the two phone sizes.

/** Where the focused field, its messages (aria-describedby) and the bar are, in viewport pixels. */
function focusedAgainstBar(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    const messages = (focused?.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => (id ? document.getElementById(id) : null))
      .filter((el): el is HTMLElement => el !== null);
    const bar = document.querySelector('[data-button-bar]')?.getBoundingClientRect();
    return {
      invalid: focused?.getAttribute('aria-invalid') === 'true',
      message: messages.map((m) => m.textContent).join(' '),
      top: Math.min(...[focused, ...messages].map((el) => el?.getBoundingClientRect().top ?? -1)),
      bottom: Math.max(...[focused, ...messages].map((el) => el?.getBoundingClientRect().bottom ?? Infinity)),
      barTop: bar?.top ?? 0,
    };
  });
}

for (const viewport of [
  { width: 375, height: 667 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the first error on /personal is scrolled fully above the button bar', async ({ page, baseURLFor }) => {
      test.setTimeout(90_000);
      await reachPersonal(page, { baseURL: baseURLFor('0177'), mailAddress: uniqueAddress(`bar-${viewport.width}`) });
      await fillPersonal(page, '0177');
      await page.getByRole('checkbox', { name: getBank('0177').purposeChoices[0] }).uncheck();
      await page.evaluate(() => window.scrollTo(0, 0));
      await nextButton(page).click();
      await expect(page.getByRole('checkbox', { name: getBank('0177').purposeChoices[0] })).toBeFocused();
      await expect.poll(() => focusedAgainstBar(page)).toMatchObject({ invalid: true, message: expect.stringMatching(/\S/) as unknown as string });
      await expect
        .poll(async () => {
          const { top, bottom, barTop } = await focusedAgainstBar(page);
          return top >= 0 && bottom <= barTop;
        })
        .toBe(true);
    });
  });
}
