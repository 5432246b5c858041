import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures.ts';
import { makeJpeg } from '../support/ekyc.ts';
import { uniqueAddress } from '../support/entry.ts';
import { completeApplicationByApi, createStaffByCommand, desktop, expectNoAxeViolations, firstSignIn } from '../support/admin.ts';

// Issue 32, finding 9: the work queue by keyboard. From the shell's skip link, the first result row
// is at most 5 Tab stops away: the queue's own skip link (検索結果へスキップ) passes the views, the
// filters and the sort buttons. The test counts the Tab presses and checks the screen with axe.

const dir = mkdtempSync(join(tmpdir(), 'koza-queue-keyboard-e2e-'));
const databaseUrl = `sqlite:${join(dir, 'queue.sqlite')}`;

test.use({ ...desktop, apiEnv: { DATABASE_URL: databaseUrl } });

/** What has the keyboard focus: its accessible text, enough to tell the stops apart. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

test('the first result is at most 5 Tab stops after the skip link, and the queue has no axe violation', async ({ page, server, request }) => {
  test.setTimeout(120_000);
  createStaffByCommand(databaseUrl, { bank: '0177', login: 'queue.reviewer', name: '審査 花子', role: 'REVIEWER', password: 'granite harbour window once' });
  await page.goto(`${server.origin}/admin/`);
  const { applicationNumber } = await completeApplicationByApi(request, {
    origin: server.origin,
    host: new URL(server.baseURLFor('0177')).host,
    ekycOrigin: server.ekycOrigin,
    mailAddress: uniqueAddress('queue'),
    document: await makeJpeg(page),
  });
  await firstSignIn(page, 'queue.reviewer', 'granite harbour window once', 'granite harbour window mine');
  await page.reload();
  const firstResult = page.getByRole('table').getByRole('link', { name: applicationNumber });
  await expect(firstResult).toBeVisible();
  await expectNoAxeViolations(page);

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '本文へスキップ' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  let tabs = 0;
  while (tabs < 40 && (await focused(page)) !== applicationNumber) {
    await page.keyboard.press('Tab');
    tabs += 1;
    if ((await focused(page)) === '検索結果へスキップ') await page.keyboard.press('Enter');
  }
  await expect(firstResult).toBeFocused();
  expect(tabs).toBeLessThanOrEqual(5);
  // Enter opens the case from there.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `申込詳細 ${applicationNumber}` })).toBeVisible();
});
