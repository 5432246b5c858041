import type { Page } from '@playwright/test';

/** Collects what would tell us the page is broken: script errors, console errors, CSP violations. */
export async function watchForProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // GET /api/maintenance answers 404 when there is no maintenance (SPEC.md §7): the normal case,
    // which Chromium still logs as a failed resource load.
    if (message.type() === 'error' && !message.location().url.endsWith('/api/maintenance')) {
      problems.push(`console: ${message.text()}`);
    }
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return problems;
}
