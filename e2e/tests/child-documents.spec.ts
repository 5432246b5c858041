import type { Page } from '@playwright/test';
import { getBank } from '@koza/domain/banks/banks';
import type { BankCode } from '@koza/domain/constants';
import { messages } from '@koza/domain/messages';
import { expect, test } from '../fixtures.ts';
import { shot } from '../support/screenshots.ts';
import { uniqueAddress } from '../support/entry.ts';
import { generalFlowData } from '../support/general-flow.ts';
import { completeChildStepsThroughPin } from '../support/child-flow.ts';
import { expectNoAxeViolations } from '../support/admin.ts';
import { smallTapTargets } from '../support/layout-checks.ts';
import { captureWithFiles, ekycButtons, makeJpeg, openProvider, submitOutcome } from '../support/ekyc.ts';
import {
  childButtons,
  childHeadings,
  chooseCardPhoto,
  chooseSupplementaryPhoto,
  h1,
  reachChildDocumentsByApi,
  stepCaption,
  tickEveryCheck,
} from '../support/child-documents.ts';

// The child flow from its eKYC preparation (step 6) to the receipt: the child's individual number
// card, the supplementary document with every check, the parent's eKYC at the simulator. The 0177 test
// is one whole application through the UI from /child/before-check; the others save the steps before
// through the API (the child's input pages have their own spec).

/** What every child screen must be: no axe violation, no tap target under 44 px; then a screenshot. */
async function lookAt(page: Page, name: string): Promise<void> {
  await expectNoAxeViolations(page);
  expect(await smallTapTargets(page)).toEqual([]);
  await shot(page, name);
}

const reach = (page: Page, baseURLFor: (code: BankCode) => string, bankCode: BankCode, label: string, childBirthday?: string) =>
  reachChildDocumentsByApi(page, {
    baseURL: baseURLFor(bankCode),
    bankCode,
    mailAddress: uniqueAddress(`${label}-${bankCode}`),
    postalNumber: generalFlowData[bankCode].postalNumber,
    ...(childBirthday ? { childBirthday } : {}),
  });

test('0177: one whole child application through the UI — every step from /child/before-check, the card, a certificate of residence with every check, the parent’s eKYC, to /child/complete with the receipt', async ({
  page,
  baseURLFor,
}) => {
  test.setTimeout(180_000);
  const bankCode = '0177';
  const bank = getBank(bankCode);
  // Steps 1–5 and the PIN through the UI (their own checks are child-entry.spec.ts's).
  await completeChildStepsThroughPin(page, { bankCode, baseURL: baseURLFor(bankCode), mailAddress: uniqueAddress(`child-whole-${bankCode}`) });
  const jpeg = await makeJpeg(page);

  // Step 6: what to prepare; no Back after the PIN.
  await expect(stepCaption(page, 6)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'お子さまのマイナンバーカード' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: childButtons.back })).toHaveCount(0);
  await lookAt(page, `child-ekyc-preparation-${bankCode}`);
  await page.getByRole('button', { name: childButtons.next, exact: true }).click();

  // Steps 7 and 8: the card's photo, then a look at it.
  await expect(h1(page, childHeadings.card)).toBeVisible();
  await expect(stepCaption(page, 7)).toBeVisible();
  await expect(page.getByRole('button', { name: childButtons.next, exact: true })).toBeDisabled();
  await lookAt(page, `child-card-camera-${bankCode}`);
  await chooseCardPhoto(page, jpeg);
  await expect(stepCaption(page, 8)).toBeVisible();
  await lookAt(page, `child-card-confirm-${bankCode}`);
  await page.getByRole('button', { name: childButtons.send }).click();

  // Steps 9 to 11: the certificate of residence, chosen, photographed and checked.
  await expect(h1(page, childHeadings.supplementary)).toBeVisible();
  await expect(stepCaption(page, 9)).toBeVisible();
  await lookAt(page, `child-supplementary-select-${bankCode}`);
  await chooseSupplementaryPhoto(page, 'CERTIFICATE_RESIDENCE', jpeg);
  await expect(stepCaption(page, 11)).toBeVisible();
  await tickEveryCheck(page, 'CERTIFICATE_RESIDENCE');
  await lookAt(page, `child-supplementary-confirm-${bankCode}`);
  await page.getByRole('button', { name: childButtons.send }).click();

  // Step 12: the parent's eKYC at the provider, back through /ekyc-callback and /child/redirect.
  await expect(h1(page, childHeadings.parentPreparation)).toBeVisible();
  await expect(stepCaption(page, 12)).toBeVisible();
  await expect(page.getByText(messages.addressMatchToast)).toBeVisible();
  await lookAt(page, `child-parent-ekyc-preparation-${bankCode}`);
  await openProvider(page);
  await captureWithFiles(page, jpeg);
  await submitOutcome(page, 'PASSED');

  await expect(h1(page, childHeadings.complete)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/child\/complete$/);
  await expect(page.getByRole('definition').first()).toHaveText(/^0177-\d{8}-\d{6}$/);
  await expect(page.getByRole('definition').nth(1)).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日 \d{1,2}:\d{2}$/);
  await expect(page.getByRole('img', { name: `${bank.name}のキャッシュカード` })).toBeVisible();
  await expect(page.getByRole('link', { name: ekycButtons.questionnaire })).toHaveAttribute('href', bank.links.questionnaire);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  await lookAt(page, `child-complete-${bankCode}`);
});

test('0587 and 0181: the card and a maternity handbook or a certificate of residence reach the parent’s eKYC preparation', async ({ page, baseURLFor }) => {
  test.setTimeout(60_000);
  for (const [bankCode, type] of [
    ['0587', 'MATERNITY_HANDBOOK'],
    ['0181', 'CERTIFICATE_RESIDENCE'],
  ] as const) {
    await reach(page, baseURLFor, bankCode, 'child-docs-short');
    const jpeg = await makeJpeg(page);
    await page.getByRole('button', { name: childButtons.next, exact: true }).click();
    await chooseCardPhoto(page, jpeg);
    await page.getByRole('button', { name: childButtons.send }).click();
    await chooseSupplementaryPhoto(page, type, jpeg);
    await tickEveryCheck(page, type);
    if (type === 'MATERNITY_HANDBOOK') await shot(page, `child-supplementary-confirm-${bankCode}`);
    await page.getByRole('button', { name: childButtons.send }).click();
    await expect(h1(page, childHeadings.parentPreparation)).toBeVisible();
    await expect(page.getByRole('button', { name: ekycButtons.proceed })).toBeEnabled();
  }
});

test('a child under 1 since 2024-12-02 is told a card without a photo is accepted; a file the server refuses lands on /child/error', async ({
  page,
  baseURLFor,
}) => {
  await reach(page, baseURLFor, '0587', 'child-docs-nophoto', '2025-03-01');
  await page.getByRole('button', { name: childButtons.next, exact: true }).click();
  await expect(h1(page, childHeadings.card)).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: '顔写真のないマイナンバーカードの場合' })).toBeVisible();
  await lookAt(page, 'child-card-without-photo-0587');

  // Not an image (the server checks the content, DECISIONS.md §5): 415, and the flow's uploadFailed exit.
  await page.getByLabel(childButtons.library).setInputFiles({ name: 'card.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture') });
  await page.getByRole('button', { name: childButtons.send }).click();
  await expect(h1(page, childHeadings.error)).toBeVisible();
  await expect(page).toHaveURL(/\/child\/error$/);
  await expect(page.getByText(messages.systemError)).toBeVisible();
  await lookAt(page, 'child-error-0587');
});
