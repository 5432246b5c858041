import { createHash } from 'node:crypto';
import { pageTitles } from '@koza/domain/flows';
import { confirmationQuestions } from '@koza/domain/confirmation-questions';
import { expect, test } from '../fixtures.ts';
import { expectNoAxeViolations } from '../support/admin.ts';
import { landing } from '../support/entry.ts';

// Issue 34: the landing modal is in the first HTML of the entry pages, rendered by the API with the
// bank's live notices (docs/decisions/0216-landing-modal-in-the-first-html.md). Every bank shows a
// notice by default (data/files/notifications.json). A notice published in the back office shows in
// the HTML at once: admin-announcements.spec.ts (JavaScript off), and on two instances of one
// database in apps/api/test/applicant/entry-pages.test.ts.

const defaultNotice = '運転免許証またはマイナンバーカード';

test('with JavaScript off, the notice and the page behind it are readable, and the notice closes', async ({ browser, baseURLFor }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`${baseURLFor('0587')}/child/before-check`);
    const notice = page.getByRole('dialog', { name: landing.noticeTitle });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(defaultNotice);
    await notice.getByRole('button', { name: landing.noticeConfirm }).click();
    await expect(notice).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: pageTitles['child-before-check'] })).toBeVisible();

    await page.goto(`${baseURLFor('0177')}/term`);
    await expect(page.getByRole('dialog', { name: landing.noticeTitle })).toContainText(defaultNotice);
    await expect(page.getByRole('heading', { level: 1, name: pageTitles.term })).toBeAttached();
    await expect(page.getByText(confirmationQuestions.firstAccount.title)).toBeAttached();
  } finally {
    await context.close();
  }
});

test('with JavaScript, the page takes the notice over as a modal without asking the API for it again; axe finds nothing', async ({ page, baseURLFor }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(maintenance|notifications)/.test(request.url())) asked.push(request.url());
  });
  await page.goto(`${baseURLFor('0181')}/term`);
  const notice = page.getByRole('dialog', { name: landing.noticeTitle });
  await expect(notice).toContainText(defaultNotice);
  // The modal's title takes the focus once the script has made the dialog a modal.
  await expect(notice.getByRole('heading', { name: landing.noticeTitle })).toBeFocused();
  await expectNoAxeViolations(page);
  await notice.getByRole('button', { name: landing.noticeConfirm }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: pageTitles.term })).toBeVisible();
  expect(asked).toEqual([]);
});

test('the page paints before its scripts are fetched: no module script in the HTML, the start script allowed by its hash alone', async ({
  page,
  baseURLFor,
}) => {
  // Decision 0218: the entry module and its preloads are added by the inline start script once the
  // page's largest text has painted; the CSP allows that one inline script by its SHA-256.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  const response = await page.goto(`${baseURLFor('0177')}/term`);
  const html = await response!.text();
  expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
  const start = /<script data-entry="([^"]+)" data-preload="([^"]*)">([^<]+)<\/script><\/body>/.exec(html);
  expect(start, 'the start script ends the body').not.toBeNull();
  const digest = createHash('sha256').update(start![3]!).digest('base64');
  expect(response!.headers()['content-security-policy']).toContain(`script-src 'self' 'sha256-${digest}';`);

  // In the browser the app starts (its entry module loaded once) and takes the page over.
  await expect(page.getByRole('dialog', { name: landing.noticeTitle }).getByRole('heading', { name: landing.noticeTitle })).toBeFocused();
  expect(scripts.filter((path) => path === start![1])).toHaveLength(1);
  expect(blocked).toEqual([]);
});
