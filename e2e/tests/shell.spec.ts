import { pageTitles } from '@koza/domain/flows';
import type { Page } from '@playwright/test';
import { getBank } from '@koza/domain/banks/banks';
import { bankCodes } from '@koza/domain/constants';
import { messages } from '@koza/domain/messages';
import { confirmationQuestions } from '@koza/domain/confirmation-questions';
import { expect, test } from '../fixtures.ts';
import { shot } from '../support/screenshots.ts';
import { expectNoAxeViolations } from '../support/admin.ts';
import { dismissNotice, onceOn } from '../support/entry.ts';
import { watchForProblems } from '../support/problems.ts';

const termHeading = pageTitles.term;

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

for (const code of bankCodes) {
  const bank = getBank(code);
  // The error pages do not depend on the bank: each is shown on one bank, the banks taking turns.

  test.describe(`${bank.name} (${code})`, () => {
    test('opening / lands on /term with the bank name, logo and footer', async ({ page, baseURLFor }) => {
      const problems = await watchForProblems(page);
      await page.goto(`${baseURLFor(code)}/`);

      await expect(page).toHaveURL(/\/term$/);
      await expect(page.getByRole('heading', { level: 1, name: termHeading })).toBeVisible();
      // The bank's notice (data/files/notifications.json) opens on landing; closing it gives focus back to the h1.
      await dismissNotice(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await expect(page.getByRole('banner').getByRole('img', { name: bank.name })).toBeVisible();
      await expect(page.getByText(bank.name, { exact: false }).first()).toBeVisible();
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByText(bank.footer.copyright)).toBeVisible();
      await expect(footer.getByText(bank.footer.companyName)).toBeVisible();
      await expect(footer.getByRole('img', { name: bank.footer.groupName })).toBeVisible();
      await expect(page).toHaveTitle(`${termHeading}｜${bank.name}`);

      // The API filled in the bank; the page did not fall back to guessing from the host.
      await expect(page.locator('meta[name="bank-code"]')).toHaveAttribute('content', code);

      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, `term-${code}`, false);
      await shot(page, `term-${code}-full`);
      expect(problems).toEqual([]);
    });

    test('/term and /child/before-check are readable in the bank’s colours before any script runs (prerendered)', async ({ browser, baseURLFor }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
      try {
        const page = await context.newPage();
        for (const [path, heading] of [
          ['/term', termHeading],
          ['/child/before-check', pageTitles['child-before-check']],
        ] as const) {
          await page.goto(`${baseURLFor(code)}${path}`);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await expect(page.getByRole('banner').getByRole('img', { name: bank.name })).toBeVisible();
          await expect(page.getByRole('contentinfo').getByText(bank.footer.copyright)).toBeVisible();
          await expect(page).toHaveTitle(`${heading}｜${bank.name}`);
          // The palette comes from the stylesheet, keyed by <html data-bank>: no script set it.
          const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
          expect(primary).toBe(bank.theme.primary);
        }
        await page.goto(`${baseURLFor(code)}/term`);
        await expect(page.getByText(confirmationQuestions.firstAccount.title)).toBeVisible();
        await shot(page, `term-${code}-without-javascript`, false);
      } finally {
        await context.close();
      }
    });

    if (onceOn(code, 0))
      test('a guarded page entered directly ends on the error page with the system error', async ({ page, baseURLFor }) => {
        const problems = await watchForProblems(page);
        await page.goto(`${baseURLFor(code)}/personal`);

        await expect(page).toHaveURL(/\/error$/);
        await expect(page.getByText(messages.systemError)).toBeVisible();
        await expect(page.getByText(messages.sessionError)).toHaveCount(0);
        await expect(page.getByRole('banner').getByRole('img', { name: bank.name })).toBeVisible();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page);
        await shot(page, `error-${code}`, false);
        expect(problems).toEqual([]);
      });

    if (onceOn(code, 1))
      test('/error?id=1 shows the session error, and the button goes back to the start', async ({ page, baseURLFor }) => {
        await page.goto(`${baseURLFor(code)}/error?id=1`);

        await expect(page.getByText(messages.sessionError)).toBeVisible();
        await expect(page.getByText(messages.systemError)).toHaveCount(0);
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: 'お申込みの最初に戻る' }).click();
        await expect(page).toHaveURL(/\/term$/);
        await expect(page.getByRole('heading', { level: 1, name: termHeading })).toBeVisible();
      });
  });
}

test('the error page clears session storage', async ({ page, baseURLFor }) => {
  await page.goto(`${baseURLFor('0177')}/term`);
  await page.evaluate(() => sessionStorage.setItem('token', 'left-over'));
  await page.goto(`${baseURLFor('0177')}/error?id=1`);
  await expect(page.getByText(messages.sessionError)).toBeVisible();
  // The page is readable from its HTML before the app starts (decision 0218); the app clears the storage when it does.
  await expect.poll(() => page.evaluate(() => sessionStorage.length)).toBe(0);
});

test('a guarded child page entered directly ends on the child error page', async ({ page, baseURLFor }) => {
  await page.goto(`${baseURLFor('0587')}/child/personal`);
  await expect(page).toHaveURL(/\/child\/error$/);
  await expect(page.getByText(messages.systemError)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an unknown path goes to /term, keeping the entry query', async ({ page, baseURLFor }) => {
  await page.goto(`${baseURLFor('0181')}/no-such-page?channel=web`);
  await expect(page).toHaveURL(/\/term\?channel=web$/);
  await expect(page.getByRole('heading', { level: 1, name: termHeading })).toBeVisible();
});

test('each bank host is served its own bank on one server', async ({ page, server }) => {
  for (const code of bankCodes) {
    await page.goto(`${server.baseURLFor(code)}/term`);
    await expect(page.getByRole('banner').getByRole('img', { name: getBank(code).name })).toBeVisible();
  }
});
