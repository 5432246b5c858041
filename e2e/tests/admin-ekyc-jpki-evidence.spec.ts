import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verificationMethodNames } from '@koza/domain/admin/ordinance-items';
import { test, expect } from '../fixtures.ts';
import { desktop, expectNoAxeViolations } from '../support/admin.ts';
import { completedWith, openCase } from '../support/evidence.ts';

// Issue 33, item 2 (decision 0240), after the cut-over: a JPKI application's case view shows the
// signing certificate's four items and validity, and no photos. Desktop Chromium, axe.

const databaseUrl = `sqlite:${join(mkdtempSync(join(tmpdir(), 'koza-evidence-jpki-e2e-')), 'evidence.sqlite')}`;
test.use({ ...desktop, apiEnv: { DATABASE_URL: databaseUrl, EKYC_JPKI_CUTOVER: '2020-04-01' } });

test('the reviewer sees the signing certificate’s four items and validity', async ({ page, request, server }) => {
  test.setTimeout(120_000);
  const applicationNumber = await completedWith(page, request, server, () => ({ by: 'jpki' }));
  await openCase(page, server, databaseUrl, 'reviewer.jpki', applicationNumber);

  const ekyc = page.getByRole('region', { name: '本人確認（eKYC）' });
  await expect(ekyc.getByText(verificationMethodNames.JPKI)).toBeVisible();
  await expect(ekyc.getByRole('heading', { name: '署名用電子証明書の記載事項（基本4情報）' })).toBeVisible();
  for (const term of ['氏名', '生年月日', '性別', '住所', '有効期間', 'シリアル番号']) {
    await expect(ekyc.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
  }
  await expect(ekyc.getByRole('button', { name: /本人確認事業者が確認した画像/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
