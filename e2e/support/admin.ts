import { spawnSync } from 'node:child_process';
import { constants, privateDecrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import jsQRModule from 'jsqr';
import { Secret, TOTP, URI } from 'otpauth';
import sharp from 'sharp';
import { nodeBin, repoRoot } from '../paths.ts';
import { applyThroughPinByApi } from './ekyc.ts';

// The back office's e2e support: the first staff accounts by the command line (npm run staff), a
// member's first sign-in (the one-time password changed, the second factor enrolled), TOTP codes
// never replayed, an accessibility check, and an application completed through the applicant API
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
  const result = spawnSync(
    nodeBin,
    [join(repoRoot, 'apps', 'api', 'src', 'main-staff.ts'), 'create', '--bank', s.bank, '--login', s.login, '--name', s.name, '--role', s.role],
    {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, STAFF_PASSWORD: s.password },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`npm run staff failed: ${result.stderr}${result.stdout}`);
}

const period = 30_000;
const totpAt = (secret: string, step: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: step * period });

/** The last time step used per secret: the API takes each step once (a replayed code is refused). */
const lastStep = new Map<string, number>();

/**
 * A code the API has not seen yet. The API takes each time step once and only a step later than the
 * last one it took (a replayed or older code is refused), within ±1 step of its clock: a secret's
 * first code is the previous step's while at least 10 s of the current step remain (so it is still
 * within the window when it arrives), which leaves the current and the next step for two more codes
 * before a test has to wait for the next period (decision 0256). After those, the next step's code as
 * soon as its period begins.
 */
export async function totpCode(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / period);
    const earliest = now - step * period <= period - 10_000 ? step - 1 : step;
    const use = Math.max(earliest, (lastStep.get(secret) ?? -Infinity) + 1);
    if (use <= step + 1) {
      lastStep.set(secret, use);
      return totpAt(secret, use);
    }
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * period - now + 100));
  }
}

/**
 * The account system's reading of a hand-over file (decision 0203): application number → PIN,
 * decrypted with the development key pair's private half (RSA-OAEP-256, the number as label).
 */
export function accountSystemPins(file: string): Record<string, string> {
  const key = readFileSync(join(repoRoot, 'apps', 'api', 'test', 'fixtures', 'account-system-dev-private-key.pem'), 'utf8');
  const [header, ...lines] = file
    .trimEnd()
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"')));
  const column = (name: string) => header!.indexOf(name);
  return Object.fromEntries(
    lines.map((values) => {
      const number = values[column('application_number')]!;
      const pin = privateDecrypt(
        { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256', oaepLabel: Buffer.from(number, 'utf8') },
        Buffer.from(values[column('pin_rsa_oaep_sha256')]!, 'base64'),
      );
      return [number, pin.toString('utf8')];
    }),
  );
}

/**
 * axe (WCAG 2.0–2.2 A/AA rules, 2.2's target size included) finds nothing on the page as it is.
 * Legacy mode runs axe in the page itself: the default opens a second, blank page in the context for
 * every check to merge per-frame results, which cost about a second of a loaded 2-core machine
 * per check (decision 0255); no screen has a cross-origin frame for it to merge.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The sign-in form: ID, password, and the code of the member's authenticator once enrolled (`secret`). */
export async function signIn(page: Page, loginId: string, password: string, secret?: string): Promise<void> {
  await page.getByLabel('ログインID').fill(loginId);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByLabel('ワンタイムパスワード（6桁）').fill(secret ? await totpCode(secret) : '');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** The forced change of a one-time password (set by `npm run staff` or an ADMIN) at the first sign-in. */
export async function changeInitialPassword(page: Page, oneTime: string, chosen: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'パスワードの変更' })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('現在のパスワード').fill(oneTime);
  await page.getByLabel(/新しいパスワード（\d+文字以上）/).fill(chosen);
  await page.getByLabel('新しいパスワード（確認）').fill(chosen);
  await page.getByRole('button', { name: '変更する' }).click();
}

/** The text of a QR code on the page, decoded from a screenshot of its image. */
async function readQrCode(image: Locator): Promise<string> {
  const { data, info } = await sharp(await image.screenshot())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // jsqr is CommonJS: its module object holds the decoder as `default` (and is it too).
  const decoded = jsQRModule.default(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  if (!decoded) throw new Error('the QR code on the page could not be read');
  return decoded.data;
}

/**
 * The second factor's enrolment (every role, at first sign-in): the key shown as text (and as a QR
 * code), a code from it, then the recovery codes shown once. Returns the secret and those codes.
 */
export async function enrolSecondFactor(page: Page, options: { axe?: boolean } = {}): Promise<{ secret: string; recoveryCodes: string[] }> {
  // After a password change (two scrypt hashes at the real cost): allow for a busy machine.
  await expect(page.getByRole('heading', { name: '二要素認証の登録' })).toBeVisible({ timeout: 20_000 });
  const key = page.getByLabel('セットアップキー');
  await expect(key).not.toHaveValue('');
  const qr = page.getByRole('img', { name: '認証アプリ登録用のQRコード' });
  await expect(qr).toBeVisible();
  if (options.axe) await expectNoAxeViolations(page);
  const secret = await key.inputValue();
  // The QR code, read from its pixels as an authenticator app's camera would, carries the same key.
  const fromQr = URI.parse(await readQrCode(qr));
  if (!(fromQr instanceof TOTP)) throw new Error(`the QR code is not a TOTP key: ${fromQr.toString().slice(0, 20)}`);
  expect({ secret: fromQr.secret.base32, issuer: fromQr.issuer, digits: fromQr.digits, period: fromQr.period }).toEqual({
    secret: secret.replace(/\s/g, '').toUpperCase(),
    issuer: 'Web口座開設 管理',
    digits: 6,
    period: 30,
  });
  await page.getByLabel('認証アプリに表示された6桁のコード').fill(await totpCode(secret));
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByRole('heading', { name: 'リカバリーコード' })).toBeVisible();
  if (options.axe) await expectNoAxeViolations(page);
  const recoveryCodes = await page.getByRole('list', { name: 'リカバリーコード' }).getByRole('listitem').allTextContents();
  await page.getByRole('button', { name: '控えました。管理画面へ進む' }).click();
  return { secret, recoveryCodes };
}

/** A member's first sign-in: the one-time password replaced by `chosen`, the second factor enrolled. */
export async function firstSignIn(
  page: Page,
  loginId: string,
  oneTime: string,
  chosen: string,
  options: { axe?: boolean } = {},
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await signIn(page, loginId, oneTime);
  await changeInitialPassword(page, oneTime, chosen);
  return enrolSecondFactor(page, options);
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
