import { expect, test } from '../fixtures.ts';
import { nextButton, uniqueAddress } from '../support/entry.ts';
import { fillPersonal, heading, headings, reachPersonal } from '../support/general-flow.ts';

// Issue 27: an API instance dies under a save; the load balancer answers 502 (nginx: the instance was
// lost after it got the request). A save is idempotent, so the web sends it once more and the
// applicant goes on, without the error page (decision 0210).

test('a save answered 502 once is sent again and the journey goes on', async ({ page, baseURLFor }) => {
  await reachPersonal(page, { baseURL: baseURLFor('0177'), mailAddress: uniqueAddress('lost-instance') });
  await fillPersonal(page, '0177');
  let saves = 0;
  await page.route('**/api/applications/personal', async (route) => {
    saves += 1;
    if (saves === 1) await route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' });
    else await route.continue();
  });
  await nextButton(page).click();
  await expect(heading(page, headings.workplace)).toBeVisible();
  expect(saves).toBe(2);
  expect(page.url()).not.toMatch(/\/error/);
});
