import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { Secret, TOTP } from 'otpauth';
import { nodeBin, repoRoot } from '../paths.ts';
import { applyThroughPinByApi } from './ekyc.ts';

// The back office's e2e support: the first staff accounts by the command line (npm run staff),
// TOTP codes, an accessibility check, and an application completed through the applicant API
// (faster than the applicant UI, which general-flow.spec.ts already covers end to end).

export const desktop = {
  viewport: { width: 1366, height: 900 },
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
};

/** `npm run staff -- create …` against the worker's database (the password through STAFF_PASSWORD). */
export function createStaffByCommand(databaseUrl: string, s: { bank: string; login: string; name: string; role: string; password: string }): void {
  const result = spawnSync(nodeBin, [join(repoRoot, 'apps', 'api', 'src', 'main-staff.ts'), 'create', '--bank', s.bank, '--login', s.login, '--name', s.name, '--role', s.role], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, STAFF_PASSWORD: s.password },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run staff failed: ${result.stderr}${result.stdout}`);
}

/** A TOTP code one step ahead (the step of the enrolment code cannot be used again). */
export const totpCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

/** axe (WCAG 2.x A/AA rules) finds nothing on the page as it is. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export async function signIn(page: Page, loginId: string, password: string): Promise<void> {
  await page.getByLabel('ログインID').fill(loginId);
  await page.getByLabel('パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
}


/**
 * An applicant of `host` goes through the applicant API to the receipt: personal … seal-less, PIN
 * 7394, eKYC at the simulator with an address mismatch (so a current-address document is uploaded:
 * the application has an image for staff to open), then completion. Returns the receipt number.
 */
export async function completeApplicationByApi(
  request: APIRequestContext,
  { origin, host, ekycOrigin, mailAddress, document }: { origin: string; host: string; ekycOrigin: string; mailAddress: string; document: Buffer },
): Promise<{ applicationNumber: string }> {
  const { token, call } = await applyThroughPinByApi(request, {
    origin,
    host,
    bankCode: '0177',
    mailAddress,
    postalNumber: '8100001',
    // Searched for by kana in the back office (しんさ).
    name: { lastName: '審査', firstName: '花子', kanaLastName: 'ｼﾝｻ', kanaFirstName: 'ﾊﾅｺ' },
  });

  const { url } = (await call('POST', '/api/ekyc', { supplement: false })) as { url: string };
  const sessionId = decodeURIComponent(/\/s\/([^/?]+)/.exec(url)![1]!);
  const simulated = await request.fetch(`${ekycOrigin}/v1/sessions/${encodeURIComponent(sessionId)}/simulate`, {
    method: 'POST',
    headers: { 'x-api-key': 'dev-ekyc-api-key' }, // the development key the worker's API and simulator share
    data: { outcome: 'ADDRESS_MISMATCH' },
  });
  if (!simulated.ok()) throw new Error(`simulate answered ${simulated.status()}`);
  await expect.poll(async () => ((await call('POST', '/api/ekyc/status')) as { status: number }).status).toBe(4);

  const uploaded = await request.fetch(`${origin}/api/documents`, {
    method: 'POST',
    headers: { host, authorization: `Bearer ${token}` },
    multipart: { type: 'CURRENT_ADDRESS_DOCUMENT', image: { name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: document } },
  });
  if (!uploaded.ok()) throw new Error(`POST /api/documents answered ${uploaded.status()}: ${await uploaded.text()}`);
  const completed = (await call('POST', '/api/application-complete')) as { applicationNumber: string };
  return { applicationNumber: completed.applicationNumber };
}
