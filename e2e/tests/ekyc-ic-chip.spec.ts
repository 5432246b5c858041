import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { expectNoAxeViolations } from '../support/admin.ts';
import { childButtons, childHeadings, h1, reachChildDocumentsByApi } from '../support/child-documents.ts';
import { ekycButtons, ekycHeadings, makeJpeg, reachPreparationByApi, submitOutcome } from '../support/ekyc.ts';
import { uniqueAddress } from '../support/entry.ts';
import { generalFlowData } from '../support/general-flow.ts';
import { branchSearchLabel } from '@koza/domain/confirmation-questions';
import { messages } from '@koza/domain/messages';

/** What the child's eKYC preparation says after the amended ordinance (as the parent reads it). */
const chipWords = {
  card: 'お子さまのマイナンバーカード（ICチップ付き・顔写真付き）',
  photos: 'お子さまの住民票の写し',
  question: /ICチップ付きのマイナンバーカード/,
  parentLead: /お子さまのマイナンバーカードのICチップの読み取り/,
};

// Issue 33, item 4 (decision 0242): after the cut-over the provider offers both methods the ordinance
// keeps. An applicant without the signing password chooses, on the provider's own page, IC-chip
// reading with a face photo; the applicant screens stay as SPEC.md describes them. Both flows to
// their completion page. This file's worker runs an API whose cut-over is in the past. Issue 40
// (decision 0248): the child flow reads the child's own IC-chip card at the provider instead of
// photos of the child's documents, and a child without one is sent to a branch.

test.use({ apiEnv: { EKYC_JPKI_CUTOVER: '2020-04-01' } });

/** On the provider's JPKI page: IC-chip reading instead, the card's PIN, then the face photo and 送信する. */
async function passWithIcChip(page: Page, jpeg: Buffer): Promise<void> {
  await expect(h1(page, 'マイナンバーカードで本人確認')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 2, name: '署名用パスワードがわからない場合' })).toBeVisible();
  await page.getByRole('button', { name: 'ICチップと顔写真で本人確認する' }).click();
  await expect(h1(page, 'ICチップの読み取り')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('カードの暗証番号').fill('1234');
  await page.getByRole('button', { name: 'ICチップを読み取る' }).click();
  await expect(h1(page, '顔写真の撮影')).toBeVisible();
  await expect(page.getByLabel('本人確認書類（表面）の写真を選ぶ')).toHaveCount(0);
  await page.getByLabel('顔写真（自撮り）の写真を選ぶ').setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expectNoAxeViolations(page);
  await submitOutcome(page, 'PASSED');
}

test('general flow: IC-chip reading with a face photo, chosen at the provider, completes', async ({ page, baseURLFor }) => {
  test.setTimeout(90_000);
  const bankCode = '0177';
  await reachPreparationByApi(page, {
    baseURL: baseURLFor(bankCode),
    bankCode,
    mailAddress: uniqueAddress(`ic-chip-${bankCode}`),
    postalNumber: generalFlowData[bankCode].postalNumber,
  });
  const jpeg = await makeJpeg(page);
  await page.getByRole('button', { name: ekycButtons.proceed }).click();
  await passWithIcChip(page, jpeg);
  await expect(h1(page, ekycHeadings.complete)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('definition').first()).toHaveText(/^0177-\d{8}-\d{6}$/);
});

test('child flow after the amended ordinance: the child’s own IC-chip card and face, then the parent’s IC chip, complete the application', async ({
  page,
  baseURLFor,
}) => {
  test.setTimeout(120_000);
  const bankCode = '0587';
  await reachChildDocumentsByApi(page, {
    baseURL: baseURLFor(bankCode),
    bankCode,
    mailAddress: uniqueAddress(`ic-chip-child-${bankCode}`),
    postalNumber: generalFlowData[bankCode].postalNumber,
  });
  const jpeg = await makeJpeg(page);
  // Decision 0248: no photos of the child's documents; the child's IC-chip card is asked for.
  await expect(page.getByText(chipWords.card, { exact: true })).toBeVisible();
  await expect(page.getByText(chipWords.photos)).toHaveCount(0);
  await page.getByRole('radiogroup', { name: chipWords.question }).getByRole('radio', { name: 'はい' }).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: childButtons.next, exact: true }).click();
  await expect(h1(page, childHeadings.parentPreparation)).toBeVisible();
  await expect(page.getByText(chipWords.parentLead)).toBeVisible();
  await page.getByRole('button', { name: ekycButtons.proceed }).click();
  // At the provider, on the parent's phone: the child's card, then the child's face.
  await expect(h1(page, 'お子さまのマイナンバーカードの読み取り')).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page);
  await page.getByLabel('お子さまのカードの暗証番号').fill('5678');
  await page.getByRole('button', { name: 'ICチップを読み取る' }).click();
  await expect(h1(page, 'お子さまの顔写真の撮影')).toBeVisible();
  await page.getByLabel('お子さまの顔写真の写真を選ぶ').setInputFiles({ name: 'child.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: '送信する' }).click();
  await passWithIcChip(page, jpeg);
  await expect(h1(page, childHeadings.complete)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('definition').first()).toHaveText(/^0587-\d{8}-\d{6}$/);
});

test('child flow after the amended ordinance: a child without an IC-chip card is told the online application is not available', async ({
  page,
  baseURLFor,
}) => {
  const bankCode = '0181';
  await reachChildDocumentsByApi(page, {
    baseURL: baseURLFor(bankCode),
    bankCode,
    mailAddress: uniqueAddress(`no-chip-child-${bankCode}`),
    postalNumber: generalFlowData[bankCode].postalNumber,
  });
  await page.getByRole('radiogroup', { name: chipWords.question }).getByRole('radio', { name: 'いいえ' }).check();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(messages.childChipUnavailable);
  await expect(alert).toContainText(messages.childChipUnavailableNote);
  await expect(alert.getByRole('link', { name: branchSearchLabel })).toBeVisible();
  await expect(page.getByRole('button', { name: childButtons.next, exact: true })).toBeDisabled();
  await expectNoAxeViolations(page);
});
