import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { getBank } from '@koza/domain/banks/banks';
import { bankCodes, type BankCode } from '@koza/domain/constants';
import { messages } from '@koza/domain/messages';
import type { compressImage as CompressImage } from '../../apps/web/src/lib/image-compression.ts';
import { expect, test } from '../fixtures.ts';
import { shot } from '../support/screenshots.ts';
import { repoRoot } from '../paths.ts';
import { uniqueAddress } from '../support/entry.ts';
import { generalFlowData } from '../support/general-flow.ts';
import {
  captureWithFiles,
  ekycButtons,
  ekycHeadings,
  makeJpeg,
  makePhotoJpeg,
  openProvider,
  photoHeic,
  reachPreparationByApi,
  submitOutcome,
} from '../support/ekyc.ts';

// Step 7 to the receipt against the real API and the real eKYC simulator pages (fake camera).
/**
 * Every test starts at step 7 through the API: the walk through every screen to the receipt, with the
 * fake camera, is applicant-experience.spec.ts's (each bank); here the photos are chosen as files.
 */
async function toPreparation(page: Page, bankCode: BankCode, baseURL: string, label: string): Promise<void> {
  const mailAddress = uniqueAddress(`${label}-${bankCode}`);
  await reachPreparationByApi(page, { baseURL, bankCode, mailAddress, postalNumber: generalFlowData[bankCode].postalNumber });
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The receipt: a number and a time in Japan time (2026年11月22日 13:05). */
async function expectReceipt(page: Page, bankCode: BankCode): Promise<string> {
  const bank = getBank(bankCode);
  await expect(h1(page, ekycHeadings.complete)).toBeVisible();
  const number = page.getByRole('definition').first();
  await expect(number).toHaveText(/\S+/);
  await expect(page.getByRole('definition').nth(1)).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日 \d{1,2}:\d{2}$/);
  await expect(page.getByRole('link', { name: new RegExp(bank.contact.phoneNumber) })).toHaveAttribute(
    'href',
    `tel:${bank.contact.phoneNumber.replaceAll('-', '')}`,
  );
  await expect(page.getByText(bank.contact.centreName)).toBeVisible();
  const questionnaire = page.getByRole('link', { name: ekycButtons.questionnaire });
  await expect(questionnaire).toHaveAttribute('href', bank.links.questionnaire);
  await expect(questionnaire).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: ekycButtons.homePage })).toHaveAttribute('href', bank.links.homePage);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  return (await number.textContent()) ?? '';
}

test.describe('eKYC to completion', () => {
  test.describe.configure({ timeout: 120_000 });

  // PASSED is walked once (0177) and FAILED once (0587): neither depends on the bank. Every bank's
  // receipt (its centre, phone and links) is checked after its ADDRESS_MISMATCH completion, each bank
  // with its own kind of upload.
  test('0177: PASSED goes through /ekyc-callback to /complete with a receipt number', async ({ page, baseURLFor }) => {
    const bankCode: BankCode = '0177';
    const baseURL = baseURLFor(bankCode);
    await toPreparation(page, bankCode, baseURL, 'ekyc-ok');
    for (const doc of ['運転免許証', 'マイナンバーカード', '住民基本台帳カード', '運転経歴証明書']) {
      await expect(page.getByRole('listitem').filter({ hasText: doc }).first()).toBeVisible();
    }
    await expect(page.getByText(messages.addressMatchToast)).toBeVisible();
    await shot(page, `ekyc-preparation-${bankCode}`);

    await openProvider(page);
    await captureWithFiles(page, await makeJpeg(page));

    // Hold the status answers until the waiting screen has been looked at.
    let release = () => {};
    const looked = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/ekyc/status', async (route) => {
      await looked;
      await route.continue();
    });
    const clickedAt = await submitOutcome(page, 'PASSED');
    await expect(h1(page, ekycHeadings.callback)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '本人確認書類を確認しています' })).toBeVisible();
    await shot(page, `ekyc-callback-${bankCode}`);
    release();
    await expect(h1(page, ekycHeadings.complete)).toBeVisible({ timeout: 30_000 });
    const elapsed = Date.now() - clickedAt;
    console.log(`[ekyc] ${bankCode}: simulator 送信する (PASSED) → /complete visible in ${elapsed} ms`);
    const number = await expectReceipt(page, bankCode);
    expect(number).not.toBe('');
    await shot(page, `complete-${bankCode}`);

    // A reload keeps the history entry's state: the receipt is still there.
    await page.reload();
    await expect(page.getByRole('definition').first()).toHaveText(number);
  });

  for (const bankCode of bankCodes)
    test(`${bankCode}: ADDRESS_MISMATCH asks for a current-address document, then completes`, async ({ page, baseURLFor }) => {
      const baseURL = baseURLFor(bankCode);
      await toPreparation(page, bankCode, baseURL, 'ekyc-mm');
      await openProvider(page);
      await captureWithFiles(page, await makeJpeg(page));
      await submitOutcome(page, 'ADDRESS_MISMATCH');

      await expect(h1(page, ekycHeadings.supplement)).toBeVisible({ timeout: 30_000 });
      const submit = page.getByRole('button', { name: ekycButtons.submit });
      await expect(submit).toBeDisabled();
      const jpeg = await makeJpeg(page);

      if (bankCode === '0587') {
        // One failed upload: /supplement-error, then back to /supplement.
        await page.route('**/api/documents', (route) => route.fulfill({ status: 500, body: '' }), { times: 1 });
        await page.getByLabel(ekycButtons.library).setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: jpeg });
        await submit.click();
        await expect(h1(page, ekycHeadings.supplementError)).toBeVisible();
        await expect(page.getByText(messages.uploadError)).toBeVisible();
        await shot(page, `supplement-error-${bankCode}`);
        await page.getByRole('button', { name: 'もう一度アップロードする' }).click();
        await expect(h1(page, ekycHeadings.supplement)).toBeVisible();
      }

      // The server decodes and re-encodes every upload (issue 12): a phone photo's size as a JPEG
      // (the web compresses it first) on one bank, an iPhone HEIC as is on another.
      const chosen =
        bankCode === '0177'
          ? { name: 'IMG_0001.JPG', mimeType: 'image/jpeg', buffer: await makePhotoJpeg() }
          : bankCode === '0181'
            ? { name: 'IMG_0002.HEIC', mimeType: 'image/heic', buffer: photoHeic() }
            : { name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: jpeg };
      if (bankCode === '0177') expect(chosen.buffer.length).toBeGreaterThan(1024 * 1024);
      await page.getByLabel(ekycButtons.library).setInputFiles(chosen);
      // Chromium cannot draw a HEIC, and the 12 MP preview is slow to draw: the preview is checked for the small JPEG.
      if (chosen.name === 'receipt.jpg') await expect(page.getByRole('img', { name: '選択した現住所確認書類の写真' })).toBeVisible();
      await expect(submit).toBeEnabled();
      await shot(page, `supplement-${bankCode}`);
      await submit.click();
      // The user sees 送信しています while the server decodes and re-encodes a 12-megapixel photo.
      await expect(h1(page, ekycHeadings.complete)).toBeVisible({ timeout: 30_000 });
      await expectReceipt(page, bankCode);
    });

  test('0587: FAILED shows the eKYC error, and a retry that passes completes', async ({ page, baseURLFor }) => {
    const bankCode: BankCode = '0587';
    const baseURL = baseURLFor(bankCode);
    await toPreparation(page, bankCode, baseURL, 'ekyc-ng');
    await openProvider(page);
    await captureWithFiles(page, await makeJpeg(page));
    await submitOutcome(page, 'FAILED');

    await expect(h1(page, ekycHeadings.ekycError)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(messages.ekycError)).toBeVisible();
    await shot(page, `ekyc-error-${bankCode}`);
    await page.getByRole('button', { name: ekycButtons.retry }).click();
    await expect(h1(page, ekycHeadings.preparation)).toBeVisible();

    await openProvider(page);
    await captureWithFiles(page, await makeJpeg(page));
    await submitOutcome(page, 'PASSED');
    await expectReceipt(page, bankCode);
  });
});

for (const noiseAmplitude of [60, 255])
  test(`image compression in Chromium: a 4032×3024 photo-like image (noise ±${noiseAmplitude / 2})`, async ({ page }) => {
    // The real lib/image-compression.ts, bundled for the page.
    const { build } = await import('rolldown');
    const output = await build({
      input: join(repoRoot, 'apps', 'web', 'src', 'lib', 'image-compression.ts'),
      output: { format: 'iife', name: 'ImageCompression' },
      write: false,
    });
    const code = output.output[0].code;
    // A blank page (no CSP): only the browser's decoding and encoding matter here.
    await page.setContent('<!doctype html><title>compression</title>');
    await page.addScriptTag({ content: code });
    const result = await page.evaluate(async (noiseAmplitude) => {
      const width = 4032;
      const height = 3024;
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      const image = context.createImageData(width, height);
      const data = image.data;
      let seed = 12345;
      const random = () => {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        return seed / 0x7fffffff;
      };
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          const noise = () => (random() - 0.5) * noiseAmplitude;
          data[i] = (x / width) * 200 + 30 + noise();
          data[i + 1] = (y / height) * 180 + 40 + noise();
          data[i + 2] = ((x + y) / (width + height)) * 160 + 60 + noise();
          data[i + 3] = 255;
        }
      }
      context.putImageData(image, 0, 0);
      const original = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
      const { compressImage } = (globalThis as unknown as { ImageCompression: { compressImage: typeof CompressImage } }).ImageCompression;
      const started = performance.now();
      const out = await compressImage(original);
      return {
        before: original.size,
        after: out.blob.size,
        passes: out.passes,
        quality: out.quality,
        width: out.width,
        height: out.height,
        ms: Math.round(performance.now() - started),
      };
    }, noiseAmplitude);
    console.log(
      `[compression] 4032×3024 JPEG, gradients + per-channel noise ±${noiseAmplitude / 2}: ${result.before} bytes → ${result.after} bytes at ${result.width}×${result.height}, ` +
        `${result.passes} pass(es), final quality ${result.quality}, ${result.ms} ms`,
    );
    expect(result.before).toBeGreaterThan(1024 * 1024);
    expect(result.after).toBeLessThanOrEqual(1024 * 1024);
    expect(Math.max(result.width ?? 0, result.height ?? 0)).toBeLessThanOrEqual(1920);
    expect(Math.min(result.width ?? 0, result.height ?? 0)).toBeLessThanOrEqual(1080);
  });
