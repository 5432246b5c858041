import type { Page } from '@playwright/test';
import { childBeforeCheckConfirmations } from '@koza/domain/child-before-check';
import { pageTitles } from '@koza/domain/flows';
import { yesNoLabels } from '@koza/domain/confirmation-questions';
import { messages } from '@koza/domain/messages';
import { expect, test } from '../fixtures.ts';
import { choose, dismissNotice, nextButton, question } from '../support/entry.ts';

// The entry pages are readable and their choices can be tapped before the app has started (decision
// 0218); a choice made then is kept when the app takes the page over (decision 0245). The app's
// entry module is held back until the applicant has chosen, as on a slow phone network.

/** Holds every request for the app's entry module until the returned function is called. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('an answer given on /term before the app starts is kept: the next question opens', async ({ page, baseURLFor }) => {
  const release = await holdTheApp(page);
  await page.goto(`${baseURLFor('0177')}/term`);
  await dismissNotice(page);
  await choose(page, question.firstAccount, yesNoLabels.yes);
  await expect(page.getByRole('radiogroup', { name: question.identityDocument })).toHaveCount(0);

  release();
  await expect(page.getByRole('radiogroup', { name: question.identityDocument })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: question.firstAccount }).getByRole('radio', { name: yesNoLabels.yes })).toBeChecked();
  // The app has it as an answer: it survives a reload (session storage), now through the app.
  await page.reload();
  await expect(page.getByRole('radiogroup', { name: question.identityDocument })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: question.firstAccount }).getByRole('radio', { name: yesNoLabels.yes })).toBeChecked();
});

test('an answer changed on a reloaded /term before the app starts wins over the one kept in the tab', async ({ page, baseURLFor }) => {
  await page.goto(`${baseURLFor('0587')}/term`);
  await dismissNotice(page);
  await choose(page, question.firstAccount, yesNoLabels.yes);
  await choose(page, question.identityDocument, yesNoLabels.yes);
  await expect(page.getByRole('radiogroup', { name: question.adult })).toBeVisible();

  // The prerendered page knows nothing of the tab: it shows the first question unanswered.
  const release = await holdTheApp(page);
  await page.reload();
  await dismissNotice(page);
  await choose(page, question.firstAccount, yesNoLabels.no);
  release();
  // The tab's second answer comes back; the first is the one just given, which blocks the rest.
  await expect(page.getByRole('radiogroup', { name: question.firstAccount }).getByRole('radio', { name: yesNoLabels.no })).toBeChecked();
  await expect(page.getByRole('radiogroup', { name: question.identityDocument })).toHaveCount(0);
  await expect(page.getByText(messages.blockedExistingAccount)).toBeVisible();
});

test('the confirmations ticked on /child/before-check before the app starts are kept: Next is enabled', async ({ page, baseURLFor }) => {
  const release = await holdTheApp(page);
  await page.goto(`${baseURLFor('0181')}/child/before-check`);
  await dismissNotice(page);
  for (const label of Object.values(childBeforeCheckConfirmations)) await page.getByRole('checkbox', { name: label }).check();
  await expect(nextButton(page)).toBeDisabled();

  release();
  await expect(nextButton(page)).toBeEnabled();
  await nextButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: pageTitles['child-term'] })).toBeVisible();
});
