import { expect, type Page } from '@playwright/test';
import { supplementaryDocumentLabels, supplementChecks, type SupplementaryDocumentType } from '@koza/domain/steps/child-documents';
import { pageTitles } from '@koza/domain/flows';
import { apiTargetOf, openAsIfFrom } from './api-walk.ts';
import { applyChildThroughPinByApi } from './ekyc.ts';

// The child's document pages (child steps 6 to 11), by role and label only.

export const childHeadings = {
  preparation: pageTitles['child-ekyc-preparation'],
  card: pageTitles['child-ekyc-identification-documents'],
  supplementary: pageTitles['child-ekyc-supplementary-documents'],
  parentPreparation: pageTitles['child-parent-ekyc-preparation'],
  complete: pageTitles['child-complete'],
  error: pageTitles['child-error'],
} as const;

export const childButtons = {
  next: '次へ',
  back: '戻る',
  send: '送信して次へ',
  retake: '撮り直す',
  library: 'ライブラリから選ぶ',
} as const;

export const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The step bar's caption, e.g. STEP 8/12. */
export const stepCaption = (page: Page, step: number) => page.getByText(`STEP ${step}/12`, { exact: true });

/**
 * The child application through the PIN by the API (applyChildThroughPinByApi), the token in the
 * page's session storage, then /child/ekyc-preparation as the PIN page leaves for it: its history
 * entry carries `previous: child-pin` (the state React Router keeps in history.state.usr), reloaded.
 */
export async function reachChildDocumentsByApi(
  page: Page,
  {
    baseURL,
    bankCode,
    mailAddress,
    postalNumber,
    childBirthday,
  }: { baseURL: string; bankCode: string; mailAddress: string; postalNumber: string; childBirthday?: string },
): Promise<void> {
  const { token } = await applyChildThroughPinByApi(page.context().request, {
    ...apiTargetOf(baseURL),
    bankCode,
    mailAddress,
    postalNumber,
    ...(childBirthday ? { childBirthday } : {}),
  });
  await openAsIfFrom(page, { baseURL, token, bankCode, applicationType: 'CHILD', path: '/child/ekyc-preparation', previous: 'child-pin' });
  await expect(h1(page, childHeadings.preparation)).toBeVisible();
}

/** On the card page: chooses the photo from the library; the page shows it for confirmation (step 8). */
export async function chooseCardPhoto(page: Page, jpeg: Buffer): Promise<void> {
  await expect(h1(page, childHeadings.card)).toBeVisible();
  await page.getByLabel(childButtons.library).setInputFiles({ name: 'card.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(page.getByRole('img', { name: '撮影したお子さまのマイナンバーカードの写真' })).toBeVisible();
}

/** On the supplementary page: chooses the document, then its photo; the confirm state is shown (step 11). */
export async function chooseSupplementaryPhoto(page: Page, type: SupplementaryDocumentType, jpeg: Buffer): Promise<void> {
  await expect(h1(page, childHeadings.supplementary)).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${supplementaryDocumentLabels[type]}`) }).check();
  await page.getByRole('button', { name: childButtons.next, exact: true }).click();
  await page.getByLabel(childButtons.library).setInputFiles({ name: 'document.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(page.getByRole('img', { name: `撮影した${supplementaryDocumentLabels[type]}の写真` })).toBeVisible();
}

/** Ticks every check of the document, checking that Send stays disabled until the last. */
export async function tickEveryCheck(page: Page, type: SupplementaryDocumentType): Promise<void> {
  const send = page.getByRole('button', { name: childButtons.send });
  for (const check of supplementChecks[type]) {
    await expect(send).toBeDisabled();
    await page.getByRole('checkbox', { name: check.label }).check();
  }
  await expect(send).toBeEnabled();
}
