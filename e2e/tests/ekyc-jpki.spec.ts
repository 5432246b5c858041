import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { shot } from '../support/screenshots.ts';
import { uniqueAddress } from '../support/entry.ts';
import { generalFlowData } from '../support/general-flow.ts';
import { ekycButtons, ekycHeadings, reachPreparationByApi, submitOutcome } from '../support/ekyc.ts';

// After the cut-over date (DECISIONS.md §6) the method in force is JPKI: the preparation screen lists
// what JPKI needs, and the simulator's hand-off page stands in for the My Number card app. This file's
// worker runs an API whose cut-over is in the past.

test.use({ apiEnv: { EKYC_JPKI_CUTOVER: '2020-04-01' } });
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('JPKI: preparation lists the card and its password, the app hand-off returns the certified identity, PASSED completes', async ({ page, baseURLFor }) => {
  test.setTimeout(90_000);
  const bankCode = '0181';
  await reachPreparationByApi(page, {
    baseURL: baseURLFor(bankCode),
    bankCode,
    mailAddress: uniqueAddress(`jpki-${bankCode}`),
    postalNumber: generalFlowData[bankCode].postalNumber,
  });

  const toPrepare = page.getByRole('region', { name: 'ご用意いただくもの' }).getByRole('listitem');
  await expect(toPrepare).toHaveText(['マイナンバーカード', '署名用電子証明書のパスワード（英数字6〜16文字）']);
  await shot(page, `ekyc-preparation-jpki-${bankCode}`);

  await page.getByRole('button', { name: ekycButtons.proceed }).click();
  await expect(h1(page, 'マイナンバーカードで本人確認')).toBeVisible({ timeout: 15_000 });
  // The password's format is checked by the page (英数字6〜16文字): a short one is not sent.
  const password = page.getByLabel('署名用パスワード', { exact: true });
  await password.fill('AB12');
  await page.getByRole('button', { name: 'アプリで読み取る' }).click();
  await expect(h1(page, 'マイナンバーカードで本人確認')).toBeVisible();
  await password.fill('ABCD1234');
  await page.getByRole('button', { name: 'アプリで読み取る' }).click();

  await expect(h1(page, '読み取った内容の確認')).toBeVisible();
  const certified = page.getByRole('definition');
  await expect(certified.first()).toHaveText('山田 花子');
  await expect(certified.nth(1)).toHaveText(/1990年6月15日/);
  await shot(page, `ekyc-jpki-confirm-${bankCode}`);

  await submitOutcome(page, 'PASSED');
  await expect(h1(page, ekycHeadings.complete)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('definition').first()).toHaveText(/^0181-\d{8}-\d{6}$/);
});
