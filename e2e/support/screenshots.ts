import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { screenshotDir } from '../paths.ts';

/**
 * Screenshots for people to open and read (e2e/screenshots/<name>.png), taken when
 * `E2E_SCREENSHOTS=1` (`npm run screenshots`). `npm test` skips them: a full-page shot at the
 * iPhone's scale costs about a second of a loaded 2-core machine, some 250 of them a run
 * (decision 0255), and no test asserts on them. A failing test still gets Playwright's own.
 */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS === '1';

/** The page (whole, or the viewport with `fullPage` false) as e2e/screenshots/<name>.png, when screenshots are wanted. */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!screenshotsWanted) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage });
}
