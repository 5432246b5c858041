import { landingText } from '@koza/domain/landing-text';
import { expect, test } from '../fixtures.ts';
import { japaneseDateTime, nextButton, toJapanIso, uniqueAddress } from '../support/entry.ts';
import { applicant, fillPersonal, generalFlowData, heading, headings, reachPersonal } from '../support/general-flow.ts';
import { captureWithFiles, ekycHeadings, makeJpeg, openProvider, reachPreparationByApi, submitOutcome } from '../support/ekyc.ts';

// Issue 27: a maintenance window begins while the applicant is inside. The API refuses the write
// (503 MAINTENANCE); the page shows the maintenance modal over itself, keeps what was typed, and
// once the window is over 「再開する」 sends the same request again and the journey goes on.

const hour = 60 * 60 * 1000;

async function openWindow(origin: string): Promise<{ startedAt: Date; endedAt: Date }> {
  const startedAt = new Date(Math.floor(Date.now() / 60_000) * 60_000 - hour);
  const endedAt = new Date(startedAt.getTime() + 3 * hour);
  const created = await fetch(`${origin}/__dev/maintenance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ startedAt: toJapanIso(startedAt), endedAt: toJapanIso(endedAt), bankCode: '0177' }),
  });
  expect(created.status).toBe(201);
  return { startedAt, endedAt };
}

const closeWindow = (origin: string) => fetch(`${origin}/__dev/maintenance`, { method: 'DELETE' });

test.describe('maintenance for an applicant already inside', () => {
  test.describe.configure({ timeout: 120_000 });
  test.afterEach(async ({ server }) => {
    await closeWindow(server.origin);
  });

  test('a save during the window shows the modal, loses nothing typed, and goes on after the window', async ({ page, baseURLFor, server }) => {
    const baseURL = baseURLFor('0177');
    await reachPersonal(page, { baseURL, mailAddress: uniqueAddress('maintenance-personal') });
    await fillPersonal(page, '0177');
    const { startedAt, endedAt } = await openWindow(server.origin);

    await nextButton(page).click();
    const dialog = page.getByRole('dialog', { name: landingText.maintenanceTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(landingText.maintenanceInFlowLead);
    await expect(dialog).toContainText(japaneseDateTime(startedAt));
    await expect(dialog).toContainText(japaneseDateTime(endedAt));
    // Still on the same page, with what was typed.
    await expect(heading(page, headings.personal)).toBeAttached();
    await expect(page).toHaveURL(/\/personal$/);
    await expect(page.getByRole('textbox', { name: '姓', exact: true, includeHidden: true })).toHaveValue(applicant.lastName);
    await expect(page.getByRole('textbox', { name: 'メイ', exact: true, includeHidden: true })).toHaveValue(applicant.kanaFirstName);
    await expect(page.getByRole('textbox', { name: /^郵便番号/, includeHidden: true })).toHaveValue('810-0001');

    // Too early: the window is still on.
    await dialog.getByRole('button', { name: landingText.maintenanceResume }).click();
    await expect(dialog.getByRole('alert')).toHaveText(landingText.maintenanceStillActive);
    await expect(dialog).toBeVisible();

    // The window ends: the same save goes out and the journey continues.
    await closeWindow(server.origin);
    await dialog.getByRole('button', { name: landingText.maintenanceResume }).click();
    await expect(dialog).toBeHidden();
    await expect(heading(page, headings.workplace)).toBeVisible();
    expect(page.url()).not.toMatch(/\/error/);
  });

  test('at the end of a short window the page goes on by itself', async ({ page, baseURLFor, server }) => {
    const baseURL = baseURLFor('0177');
    await reachPersonal(page, { baseURL, mailAddress: uniqueAddress('maintenance-short') });
    await fillPersonal(page, '0177');
    // A window from a minute ago to a few seconds from now.
    const startedAt = new Date(Date.now() - 60_000);
    const endedAt = new Date(Date.now() + 8_000);
    const created = await fetch(`${server.origin}/__dev/maintenance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ startedAt: toJapanIso(startedAt), endedAt: toJapanIso(endedAt), bankCode: '0177' }),
    });
    expect(created.status).toBe(201);

    await nextButton(page).click();
    const dialog = page.getByRole('dialog', { name: landingText.maintenanceTitle });
    await expect(dialog).toBeVisible();
    // No button pressed: once the window is over the held save goes out and the next step shows.
    await expect(heading(page, headings.workplace)).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeHidden();
  });

  test('an eKYC result during the window is applied, and the completion follows after the window', async ({ page, baseURLFor, server }) => {
    const baseURL = baseURLFor('0177');
    await reachPreparationByApi(page, {
      baseURL,
      bankCode: '0177',
      mailAddress: uniqueAddress('maintenance-ekyc'),
      postalNumber: generalFlowData['0177'].postalNumber,
    });
    await openProvider(page);
    await captureWithFiles(page, await makeJpeg(page));
    await openWindow(server.origin);

    // The provider's result arrives during the window; the completion it leads to is held.
    await submitOutcome(page, 'PASSED');
    const dialog = page.getByRole('dialog', { name: landingText.maintenanceTitle });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: ekycHeadings.complete })).toHaveCount(0);

    await closeWindow(server.origin);
    await dialog.getByRole('button', { name: landingText.maintenanceResume }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: ekycHeadings.complete })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('definition').first()).toHaveText(/\S+/);
  });
});
