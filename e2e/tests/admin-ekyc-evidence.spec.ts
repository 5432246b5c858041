import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ekycEvidenceLabels } from '@koza/domain/api/admin';
import { verificationMethodNames } from '@koza/domain/admin/ordinance-items';
import { test, expect } from '../fixtures.ts';
import { shot } from '../support/screenshots.ts';
import { desktop, expectNoAxeViolations } from '../support/admin.ts';
import { completedWith, openCase } from '../support/evidence.ts';

// Issue 33, item 2 (decision 0240): the reviewer sees what the eKYC provider checked. A general
// application whose applicant sent the four captures on the simulator's page: the case view shows
// the document and face photos, fetched from the provider, in the case view's image viewer. Desktop
// Chromium, axe. (JPKI: admin-ekyc-jpki-evidence.spec.ts.)
const databaseUrl = `sqlite:${join(mkdtempSync(join(tmpdir(), 'koza-evidence-e2e-')), 'evidence.sqlite')}`;
test.use({ ...desktop, apiEnv: { DATABASE_URL: databaseUrl } });

test('the reviewer sees the document and face photos the provider checked, in the case view’s viewer', async ({ page, request, server }) => {
  test.setTimeout(120_000);
  const applicationNumber = await completedWith(page, request, server, (image) => ({ by: 'captures', image }));
  await openCase(page, server, databaseUrl, 'reviewer.photo', applicationNumber);

  const ekyc = page.getByRole('region', { name: '本人確認（eKYC）' });
  await expect(ekyc.getByText(verificationMethodNames.PHOTO_ID_AND_FACE)).toBeVisible();
  await ekyc.getByRole('button', { name: '本人確認事業者が確認した画像を表示（4件）' }).click();
  const list = ekyc.getByRole('list', { name: '本人確認事業者が確認した画像' });
  // The photo-ID check's four (a child's face belongs to a child application after the amendment, decision 0248).
  for (const kind of ['front', 'back', 'tilt', 'face'] as const) {
    const image = list.getByRole('img', { name: ekycEvidenceLabels[kind] });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
  // The same viewer as the uploaded documents: rotate the face photo.
  await list.getByRole('button', { name: `${ekycEvidenceLabels.face}を右に90度回転` }).click();
  await expect(list.getByRole('img', { name: ekycEvidenceLabels.face })).toHaveCSS('transform', /matrix/);
  await expectNoAxeViolations(page);
  await shot(page, 'admin-ekyc-evidence');
});
