// Looks at the simulator's pages (not a test): starts the simulator on a free port with an
// in-memory database, a local "bank" that receives the webhook and the returning browser, creates
// one session per method through the API, drives each page in Chromium at 390×844 with the fake
// camera, and saves /work/main/screenshots/ekyc-sim-*.png.
//
//   node apps/ekyc-sim/scripts/screenshot.ts
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../src/app.ts';
import { loadConfig, repoRoot } from '../src/config.ts';

const outDir = join(repoRoot, 'screenshots');

// The few page globals used inside page functions (this script is type-checked without the DOM
// library; string expressions would need 'unsafe-eval', which the pages' CSP rightly refuses).
interface PageGlobals {
  document: {
    documentElement: { scrollWidth: number; clientWidth: number };
    querySelector(selector: string): { videoWidth: number } | null;
  };
}

mkdirSync(outDir, { recursive: true });

// The bank's side: a return page and a webhook receiver.
const webhooks: string[] = [];
const bank = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    if (req.url === '/callback') {
      webhooks.push(`${req.headers['x-signature']} ${body}`);
      res.writeHead(204).end();
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>bank</title><h1>銀行の画面に戻りました</h1>');
    }
  });
});
await new Promise<void>((resolve) => bank.listen(0, '127.0.0.1', resolve));
const bankUrl = `http://127.0.0.1:${(bank.address() as AddressInfo).port}`;

const port = 3100 + Math.floor(Math.random() * 800) + 100;
const config = loadConfig({ NODE_ENV: 'development', PORT: String(port), SIM_DATABASE: ':memory:', LOG_LEVEL: 'warn' });
const app = buildApp({ config });
await app.listen({ port, host: '127.0.0.1' });

async function createSession(method: 'PHOTO_ID_AND_FACE' | 'JPKI'): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': config.apiKey },
    body: JSON.stringify({
      reference: `shot-${method}`,
      returnUrl: `${bankUrl}/ekyc/return`,
      callbackUrl: `${bankUrl}/callback`,
      method,
      applicant: { name: '福岡 花子', birthday: '1992-07-15', address: '福岡県福岡市中央区天神二丁目1番1号 天神ハイツ1203号室' },
    }),
  });
  if (response.status !== 201) throw new Error(`create session: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ],
});
const problems: string[] = [];
try {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ja-JP',
    permissions: ['camera'],
  });
  const page = await context.newPage();
  let expectErrors = false;
  page.on('console', (message) => {
    if (message.type() === 'error' && !expectErrors) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const shot = async (name: string, fullPage = true) => {
    const overflow = await page.evaluate(() => {
      const root = (globalThis as unknown as PageGlobals).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    if (overflow > 0) problems.push(`${name}: ${overflow}px horizontal overflow`);
    await page.screenshot({ path: join(outDir, `ekyc-sim-${name}.png`), fullPage });
    console.log(`saved ekyc-sim-${name}.png`);
  };

  // Photo ID + face
  await page.goto(await createSession('PHOTO_ID_AND_FACE'));
  await shot('photo-1-start');
  const region = (name: string) => page.getByRole('region', { name });
  await region('1 本人確認書類（表面）').getByRole('button', { name: 'カメラを起動する' }).click();
  const videoReady = (id: string | null) =>
    page.waitForFunction((stepId) => ((globalThis as unknown as PageGlobals).document.querySelector(`#step-${stepId} video`)?.videoWidth ?? 0) > 0, id);
  await videoReady('front');
  await page.waitForTimeout(300);
  await shot('photo-2-camera', false);
  for (const name of ['1 本人確認書類（表面）', '2 本人確認書類（裏面）', '3 本人確認書類（斜めから・厚みの確認）', '4 顔写真（自撮り）']) {
    const step = region(name);
    const shoot = step.getByRole('button', { name: '撮影する' });
    await shoot.waitFor();
    await videoReady(await step.getAttribute('data-step'));
    await page.waitForTimeout(400); // let the smooth scroll settle
    if (name.startsWith('4')) await shot('photo-3-face-camera', false);
    await shoot.click();
    await step.getByRole('button', { name: '撮り直す' }).waitFor();
  }
  await shot('photo-4-captured');
  await page.getByRole('radio', { name: '住所不一致（補完書類が必要）' }).check();
  await page.getByRole('button', { name: '送信する' }).click();
  await page.waitForURL(`${bankUrl}/ekyc/return`);
  console.log(`photo: returned to ${page.url()}`);

  // No camera (getUserMedia missing or refused): every step falls back to a file input with `capture`.
  const noCamera = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'ja-JP' });
  await noCamera.addInitScript('Object.defineProperty(navigator, "mediaDevices", { value: undefined })');
  const fallback = await noCamera.newPage();
  await fallback.goto(await createSession('PHOTO_ID_AND_FACE'));
  const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await fallback.getByLabel('本人確認書類（表面）の写真を選ぶ').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: tinyPng });
  await fallback.screenshot({ path: join(outDir, 'ekyc-sim-photo-5-file-fallback.png'), fullPage: true });
  console.log('saved ekyc-sim-photo-5-file-fallback.png');
  for (const label of ['本人確認書類（裏面）', '本人確認書類（斜めから・厚みの確認）', '顔写真（自撮り）']) {
    await fallback.getByLabel(`${label}の写真を選ぶ`).setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: tinyPng });
  }
  await fallback.getByRole('button', { name: '送信する' }).click();
  await fallback.waitForURL(`${bankUrl}/ekyc/return`);
  console.log(`file fallback: returned to ${fallback.url()}`);
  await noCamera.close();

  // JPKI
  await page.goto(await createSession('JPKI'));
  await shot('jpki-1-start');
  await page.getByLabel('署名用パスワード').fill('ABC123');
  await page.getByRole('button', { name: 'アプリで読み取る' }).click();
  await page.getByRole('heading', { name: '読み取った内容の確認' }).waitFor();
  await shot('jpki-2-confirm');
  await page.getByRole('button', { name: '送信する' }).click();
  await page.waitForURL(`${bankUrl}/ekyc/return`);
  console.log(`jpki: returned to ${page.url()}`);

  // Errors (the not-found page answers 404, which Chromium reports on the console)
  expectErrors = true;
  await page.goto(`http://localhost:${port}/s/unknown?t=nope`);
  await shot('error-not-found');
  await page.goto(`http://localhost:${port}/`);
  await shot('home');

  await new Promise((r) => setTimeout(r, 500));
  console.log(`webhooks received:\n  ${webhooks.join('\n  ')}`);
  await context.close();
} finally {
  await browser.close();
  await app.close();
  bank.close();
}
if (problems.length > 0) {
  console.error(`problems:\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
}
