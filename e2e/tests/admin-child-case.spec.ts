import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { adminMessages } from '@koza/domain/admin/messages';
import { documentTypeLabels, ekycOutcomeLabels } from '@koza/domain/admin/case-view';
import { verificationMethodNames } from '@koza/domain/admin/ordinance-items';
import { test, expect } from '../fixtures.ts';
import { shot } from '../support/screenshots.ts';
import { createStaffByCommand, desktop, expectNoAxeViolations, firstSignIn } from '../support/admin.ts';
import { completeByApi } from '../support/application-status.ts';
import { child, parent } from '../support/child-flow.ts';
import { makeJpeg } from '../support/ekyc.ts';
import { uniqueAddress } from '../support/entry.ts';

// A child application's case view in the back office, end to end at a desktop viewport: a child
// application completed through the applicant API (the child's card and certificate of residence
// uploaded, the parent's eKYC passed at the simulator), then a reviewer opens it and reads the child
// and the parent side by side with the relationship, the parent's eKYC outcome and the child's
// documents; axe on the case view and on the reject dialog showing its field error.
const dir = mkdtempSync(join(tmpdir(), 'koza-child-case-e2e-'));
const databaseUrl = `sqlite:${join(dir, 'child-case.sqlite')}`;
const reviewerPassword = 'reviewer password e2e';

test.use({ ...desktop, apiEnv: { DATABASE_URL: databaseUrl } });

test('a reviewer reads a child application: the child and the parent side by side with the relationship, the eKYC outcome and the documents', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(120_000);
  const code = '0177';
  const origin = server.baseURLFor(code);
  const applicationNumber = await completeByApi(request, {
    origin: server.origin,
    host: new URL(origin).host,
    ekycOrigin: server.ekycOrigin,
    bankCode: code,
    mailAddress: uniqueAddress('child-case'),
    type: 'CHILD',
    document: await makeJpeg(page),
  });

  const oneTime = `${reviewerPassword} (one-time)`;
  createStaffByCommand(databaseUrl, { bank: code, login: 'reviewer.child', name: '審査 子ども', role: 'REVIEWER', password: oneTime });
  await page.goto(`${origin}/admin/`);
  await firstSignIn(page, 'reviewer.child', oneTime, reviewerPassword);
  await expect(page.getByRole('heading', { name: '申込一覧' })).toBeVisible();
  await page.goto(`${origin}/admin/?applicationNumber=${applicationNumber}`);
  await page.getByRole('link', { name: applicationNumber }).click();
  await expect(page.getByRole('heading', { level: 1, name: `申込詳細 ${applicationNumber}` })).toBeVisible();

  // The child (the account holder) and the parent (the proxy) side by side, with the relationship.
  await expect(page.getByRole('heading', { level: 2, name: 'お子さま（口座名義人）と親権者（代理人）' })).toBeVisible();
  await expect(page.getByText(`続柄：親権者はお子さまの${parent.relationship}`)).toBeVisible();
  const row = (region: Locator, label: string) =>
    region
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd');
  const childSection = page.getByRole('region', { name: 'お子さまの情報' });
  const parentSection = page.getByRole('region', { name: '親権者さまの情報' });
  await expect(childSection.getByRole('heading', { level: 3, name: 'お子さまの情報' })).toBeVisible();
  await expect(parentSection.getByRole('heading', { level: 3, name: '親権者さまの情報' })).toBeVisible();
  await expect(row(childSection, 'お名前')).toHaveText(`${child.lastName} ${child.firstName}`);
  await expect(row(parentSection, 'お名前')).toHaveText(`${child.lastName} ${parent.firstName}`);
  await expect(row(parentSection, 'お子さまとの続柄')).toHaveText(parent.relationship);

  // The parent's eKYC (the person checked for a child application): method and outcome, and the
  // provider's read data compared with the parent's typed identity.
  const ekyc = page.getByRole('region', { name: '本人確認（eKYC）' });
  await expect(ekyc.getByText(verificationMethodNames.PHOTO_ID_AND_FACE)).toBeVisible();
  await expect(ekyc.getByText(ekycOutcomeLabels.PASSED!)).toBeVisible();
  const comparison = ekyc.getByRole('table', { name: '申込内容と本人確認書類の読取結果（親権者）：すべて一致' });
  await expect(comparison.getByRole('row', { name: /お名前/ }).getByRole('cell', { name: `${child.lastName} ${parent.firstName}` })).toHaveCount(2);
  await expect(comparison.getByRole('row', { name: /生年月日/ }).getByRole('cell', { name: '一致' })).toBeVisible();

  // The child's documents: the individual number card and the certificate of residence.
  const documents = page.getByRole('region', { name: '提出書類' });
  await documents.getByRole('button', { name: '書類画像を表示（2件）' }).click();
  for (const name of [`${documentTypeLabels.INDIVIDUAL_NUMBER_CARD}（1枚目）`, `${documentTypeLabels.CERTIFICATE_RESIDENCE}（2枚目）`]) {
    const image = documents.getByRole('img', { name });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
  await expectNoAxeViolations(page);
  await shot(page, 'admin-child-case');

  // The reject dialog sent without a reason: its field error, inside the open dialog.
  await page.getByRole('button', { name: '否認する' }).click();
  const dialog = page.getByRole('dialog', { name: 'このお申込みを否認しますか？' });
  await dialog.getByRole('button', { name: '否認を確定する' }).click();
  const reason = dialog.getByLabel('否認理由');
  await expect(reason).toHaveAccessibleDescription(adminMessages.reasonChoiceRequired);
  await expect(reason).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'キャンセル' }).click();
  await expect(dialog).toBeHidden();
});
