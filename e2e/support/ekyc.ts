import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { flows, pageTitles, type PageSlug } from '@koza/domain/flows';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiTargetOf, occupationIdByApi, saveBranchByApi, savePersonalByApi, setPinByApi, signInByApi, storeSessionInPage, type ApiCall } from './api-walk.ts';
import { saveChildPagesByApi } from './child-flow.ts';

// The eKYC pages of the app and of the simulator (apps/ekyc-sim/README.md), by role and label only.

export const ekycHeadings = {
  preparation: pageTitles['ekyc-preparation'],
  callback: pageTitles['ekyc-callback'],
  supplement: pageTitles.supplement,
  supplementError: pageTitles['supplement-error'],
  ekycError: pageTitles['ekyc-error'],
  complete: pageTitles.complete,
  simulatorPhoto: '本人確認書類と顔写真の撮影',
} as const;

export const ekycButtons = {
  proceed: '本人確認へ進む',
  retry: '本人確認をやり直す',
  library: 'ライブラリから選ぶ',
  submit: '送信する',
  questionnaire: /アンケートに回答する/,
  homePage: 'ホームページへ',
} as const;

/** The simulator's outcome picker (outside production). */
export const outcomes = {
  PASSED: '本人確認OK',
  ADDRESS_MISMATCH: '住所不一致（補完書類が必要）',
  FAILED: '本人確認NG',
} as const;
export type Outcome = keyof typeof outcomes;

const captureSteps = ['1 本人確認書類（表面）', '2 本人確認書類（裏面）', '3 本人確認書類（斜めから・厚みの確認）', '4 顔写真（自撮り）'] as const;

/** From /ekyc-preparation: 本人確認へ進む, then waits for the simulator's photo page. */
export async function openProvider(page: Page): Promise<void> {
  await page.getByRole('button', { name: ekycButtons.proceed }).click();
  await expect(page.getByRole('heading', { level: 1, name: ekycHeadings.simulatorPhoto })).toBeVisible({ timeout: 15_000 });
}

/** Takes the four photos with Chromium's fake camera (--use-fake-device-for-media-stream). */
export async function captureWithFakeCamera(page: Page): Promise<void> {
  const step = (name: string) => page.getByRole('region', { name });
  await step(captureSteps[0]).getByRole('button', { name: 'カメラを起動する' }).click();
  for (const name of captureSteps) {
    // Until the fake stream has a frame the page says the camera is not ready: press again.
    await expect(async () => {
      // The next step's camera normally starts by itself; start it when it did not.
      // Short click timeouts: a button seen a moment ago may vanish as the capture finishes, and a
      // click would otherwise wait for it for the whole budget.
      const start = step(name).getByRole('button', { name: 'カメラを起動する' });
      if (await start.isVisible()) await start.click({ timeout: 1000 }).catch(() => undefined);
      const shoot = step(name).getByRole('button', { name: '撮影する' });
      if (await shoot.isVisible()) await shoot.click({ timeout: 1000 }).catch(() => undefined);
      // Drawing and encoding a 1920×1080 frame takes seconds on a loaded 2-core machine.
      await expect(step(name).getByRole('button', { name: '撮り直す' })).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 60_000 });
  }
}

/**
 * The simulator's fastest path: the four photos chosen as files (its fallback without a camera)
 * instead of taken with the fake camera, for specs about what happens around the provider.
 */
export async function captureWithFiles(page: Page, jpeg: Buffer): Promise<void> {
  for (const step of captureSteps) {
    const title = step.replace(/^\d /, '');
    await page.getByLabel(`${title}の写真を選ぶ`).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  }
}

/** Picks the outcome and presses 送信する; returns the time of the click (ms since epoch). */
export async function submitOutcome(page: Page, outcome: Outcome): Promise<number> {
  await page.getByRole('radio', { name: outcomes[outcome] }).check();
  const clickedAt = Date.now();
  await page.getByRole('button', { name: ekycButtons.submit }).click();
  return clickedAt;
}

/** A small real JPEG drawn by the browser (the API checks images by their magic bytes). */
export async function makeJpeg(page: Page, width = 800, height = 600): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.fillStyle = '#f5f1e6';
      context.fillRect(0, 0, width, height);
      context.fillStyle = '#222';
      context.font = '32px sans-serif';
      context.fillText('電気料金領収書', 40, 80);
      context.fillText('福岡県福岡市中央区天神1-1-1', 40, 140);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
      if (!blob) throw new Error('toBlob failed');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    },
    { width, height },
  );
  return Buffer.from(base64, 'base64');
}

/**
 * A phone photo's size: 4032 × 3024 with gradients and per-pixel noise, so that the JPEG is
 * megabytes like a camera's (the web compresses it before sending). Made with sharp in Node: drawing
 * 12 megapixels in the page is slow on a loaded machine.
 */
export async function makePhotoJpeg(): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0, p = 0; p < width * height; p++, i += 3) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const noise = ((seed >> 16) % 61) - 30;
    const x = p % width;
    const y = (p / width) | 0;
    raw[i] = Math.max(0, Math.min(255, (x * 255) / width + noise));
    raw[i + 1] = Math.max(0, Math.min(255, (y * 255) / height + noise));
    raw[i + 2] = Math.max(0, Math.min(255, 160 + noise));
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A 4032 × 3024 HEIC (HEVC), made with libheif's heif-enc and kept with the API's test fixtures. */
export const photoHeic = (): Buffer => readFileSync(new URL('../../apps/api/test/fixtures/photo-4032x3024.heic', import.meta.url));

// ---- A shortcut to the eKYC preparation through the API (for the specs about eKYC outcomes) ----

type Name = { lastName: string; firstName: string; kanaLastName: string; kanaFirstName: string };

interface Applicant {
  origin: string;
  host: string;
  bankCode: string;
  mailAddress: string;
  postalNumber: string;
}

/**
 * Signs in through the development mailbox and saves every input page (personal … seal-less, in the
 * order flows.ts gives them) and the PIN 7394 through the API (as the web would). Returns the token
 * and the signed-in call for what comes next.
 */
export async function applyThroughPinByApi(
  request: APIRequestContext,
  { name = { lastName: '山田', firstName: '花子', kanaLastName: 'ﾔﾏﾀﾞ', kanaFirstName: 'ﾊﾅｺ' }, ...applicant }: Applicant & { name?: Name },
): Promise<{ token: string; call: ApiCall }> {
  const { token, call } = await signInByApi(request, { ...applicant, applicationType: 'GENERAL' });
  const saves: Partial<Record<PageSlug, () => Promise<unknown>>> = {
    personal: () => savePersonalByApi(call, { ...name, gender: 'WOMAN', birthday: '1990-06-15', mobilePhoneNumber: '090-1234-5678' }, applicant.postalNumber),
    workplace: async () =>
      call('POST', '/api/applications/workplace', {
        occupationId: await occupationIdByApi(call, '会社員'),
        occupationOther: null,
        workplaceName: '株式会社テスト商事',
        workplacePhoneNumber: '092-123-4567',
        workplaceId: null,
        invitationCode: null,
        existedAccountBranchCode: null,
        existedAccountNumber: null,
      }),
    branch: () => saveBranchByApi(call),
    'seal-less': () => call('POST', '/api/applications/seal-less', { sealLess: true }),
  };
  const { sequence } = flows.GENERAL;
  for (const slug of sequence.slice(0, sequence.indexOf('pin'))) await saves[slug]?.();
  await setPinByApi(call, '7394');
  return { token, call };
}

/**
 * A child application through the PIN by the API: the child (born on `childBirthday`; 未就学児 under 6,
 * else 学生) and the mother of support/child-flow.ts, the first branch of the child's municipality,
 * and the PIN 7394. Returns the token and the signed-in call.
 */
export async function applyChildThroughPinByApi(
  request: APIRequestContext,
  { childBirthday, ...applicant }: Applicant & { childBirthday?: string },
): Promise<{ token: string; call: ApiCall }> {
  const { token, call } = await signInByApi(request, { ...applicant, applicationType: 'CHILD' });
  await saveChildPagesByApi({ call, bankCode: applicant.bankCode, postalNumber: applicant.postalNumber, childBirthday }, 'child-pin');
  await setPinByApi(call, '7394');
  return { token, call };
}

/**
 * The application through the PIN by the API (applyThroughPinByApi), the token in the page's session
 * storage, then /ekyc-preparation entered the way the guard allows without a history (from
 * /ekyc-error's retry button).
 */
export async function reachPreparationByApi(
  page: Page,
  { baseURL, bankCode, mailAddress, postalNumber }: { baseURL: string; bankCode: string; mailAddress: string; postalNumber: string },
): Promise<void> {
  const { token } = await applyThroughPinByApi(page.context().request, { ...apiTargetOf(baseURL), bankCode, mailAddress, postalNumber });
  await storeSessionInPage(page, { baseURL, token, bankCode, applicationType: 'GENERAL' });
  await page.getByRole('button', { name: ekycButtons.retry }).click();
  await expect(page.getByRole('heading', { level: 1, name: ekycHeadings.preparation })).toBeVisible();
}
