import { getBank } from '@koza/domain/banks/banks';
import { childResidencePrefectures } from '@koza/domain/child-before-check';
import { childConditionsTitle, confirmationQuestions as q, consentLabels, myNumberLabels, yesNoLabels } from '@koza/domain/confirmation-questions';
import type { BankCode } from '@koza/domain/constants';
import { messages } from '@koza/domain/messages';
import { expect, test } from '../fixtures.ts';
import { shot } from '../support/screenshots.ts';
import { expectNoAxeViolations } from '../support/admin.ts';
import { choose, dismissNotice, nextButton, uniqueAddress } from '../support/entry.ts';
import { generalFlowData, heading } from '../support/general-flow.ts';
import { watchForProblems } from '../support/problems.ts';
import { collectLayoutShifts, stepsOverBudget } from '../support/layout-shifts.ts';
import {
  child,
  childHeadings,
  completeChildPagesToPin,
  completeChildStepsThroughPin,
  noBranchPostalNumber,
  openChildPageByApi,
  parent,
  passBeforeCheck,
} from '../support/child-flow.ts';

// The child flow's pages from /child/before-check to the PIN (SPEC.md §2.2, §2.5, §2.6, §4), at the
// iPhone viewport: one walk through every page for 0177, a shorter pass for the other banks, the
// gating of the before-check and the term, and the apology when the child's municipality has no branch.

// axe runs on every child page built here: before-check … parent in the full walk, branch,
// confirmation and PIN in the 0587 pass (each check takes seconds on a loaded machine).
const walkChecked = ['before-check', 'term', 'verification', 'personal', 'parent'];

test('0177: every child page from the before-check to the PIN, through the UI, with no axe violation and no layout shift', async ({ page, baseURLFor }) => {
  test.setTimeout(150_000);
  const problems = await watchForProblems(page);
  // Issue 45: no screen of the child flow moves by more than 0.02 without input (layout-shift.spec.ts
  // walks the general flow the same way).
  const shifts = await collectLayoutShifts(page);
  await completeChildStepsThroughPin(page, {
    bankCode: '0177',
    baseURL: baseURLFor('0177'),
    mailAddress: uniqueAddress('child-flow'),
    check: async (name) => {
      if (name === 'pin-modal') return shot(page, `child-${name}-0177`, false);
      await shot(page, `child-${name}-0177`);
      if (walkChecked.includes(name)) await expectNoAxeViolations(page);
    },
  });
  await expect(heading(page, childHeadings.ekycPreparation)).toBeVisible();
  expect(problems).toEqual([]);
  expect(stepsOverBudget(shifts), 'screens that moved by more than 0.02 without input').toEqual([]);
});

// The shorter pass on another bank (its data in the confirmation): the pages do not depend on the bank.
for (const code of ['0587'] as const satisfies readonly BankCode[]) {
  test(`${code}: the child saved by the API, then the branch, the confirmation with child and parent, and the PIN`, async ({ page, baseURLFor }) => {
    test.setTimeout(90_000);
    await openChildPageByApi(page, page.context().request, {
      baseURL: baseURLFor(code),
      bankCode: code,
      mailAddress: uniqueAddress(`child-short-${code}`),
      postalNumber: generalFlowData[code].postalNumber,
      at: 'child-branch',
    });
    await completeChildPagesToPin(page, {
      bankCode: code,
      from: 'child-branch',
      check: async (name) => {
        if (code === '0587' && name !== 'pin-modal') await expectNoAxeViolations(page);
        if (name !== 'confirmation') return;
        // The child's and the parent's details, in their own sections, each with its 修正する.
        const childSection = page.getByRole('region', { name: 'お子さまの情報' });
        const parentSection = page.getByRole('region', { name: '親権者さまの情報' });
        await expect(childSection.getByText(`${child.lastName}\u3000${child.firstName}`)).toBeVisible();
        await expect(childSection.getByText(child.occupation)).toBeVisible();
        await expect(parentSection.getByText(`${child.lastName}\u3000${parent.firstName}`)).toBeVisible();
        await expect(parentSection.getByText(parent.relationship, { exact: true })).toBeVisible();
        await expect(parentSection.getByText(parent.workplaceName)).toBeVisible();
        await expect(page.getByRole('button', { name: '親権者さまの情報を修正する' })).toBeVisible();
        await shot(page, `child-confirmation-${code}`);
      },
    });
    await expect(heading(page, childHeadings.ekycPreparation)).toBeVisible();
  });
}

test('before-check: the bank’s prefectures in the notes, Next only with both ticks; term: "no" shows the unavailable message and the branch search in a new tab', async ({
  page,
  baseURLFor,
}) => {
  const bank = getBank('0181');
  await page.goto(`${baseURLFor('0181')}/child/before-check`);
  await dismissNotice(page);
  await expect(page.getByText(childResidencePrefectures(bank).join('・'), { exact: false })).toBeVisible();
  await passBeforeCheck(page);
  await page.getByRole('checkbox', { name: /注意事項/ }).uncheck();
  await expect(nextButton(page)).toBeDisabled();
  await page.getByRole('checkbox', { name: /注意事項/ }).check();
  await nextButton(page).click();

  await expect(heading(page, childHeadings.term)).toBeVisible();
  await choose(page, new RegExp(childConditionsTitle.ja.replace('？', '')), yesNoLabels.no);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(messages.childConditionsNotMet);
  await expect(alert.getByRole('link', { name: /店舗・ATM検索/ })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('radiogroup', { name: '規定等への同意' })).toHaveCount(0);
  await expect(nextButton(page)).toBeDisabled();
  await shot(page, 'child-term-blocked-0181', false);
  await expectNoAxeViolations(page);
});

test('branch: a child living where the bank has no branch gets the apology and cannot go on', async ({ page, baseURLFor }) => {
  await openChildPageByApi(page, page.context().request, {
    baseURL: baseURLFor('0177'),
    bankCode: '0177',
    mailAddress: uniqueAddress('child-no-branch'),
    postalNumber: noBranchPostalNumber,
    at: 'child-branch',
  });
  await expect(page.getByRole('alert')).toContainText(messages.branchUnavailable);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(nextButton(page)).toBeDisabled();
  await shot(page, 'child-branch-none-0177', false);
  await expectNoAxeViolations(page);
});

test('term (SPEC.md §2.5 "Yes reveals the regulation and individual-number agreements, then passbook-less and seal-less confirmations")', async ({
  page,
  baseURLFor,
}) => {
  await page.goto(`${baseURLFor('0587')}/child/before-check`);
  await dismissNotice(page);
  await passBeforeCheck(page);
  await nextButton(page).click();
  await expect(heading(page, childHeadings.term)).toBeVisible();

  const regulations = page.getByRole('radiogroup', { name: q.regulations.title });
  const myNumber = page.getByRole('radiogroup', { name: q.myNumber.title });
  const passbookLess = page.getByRole('checkbox', { name: q.passbookLess.confirm });
  const sealLess = page.getByRole('checkbox', { name: q.sealLess.confirm });
  await expect(regulations).toHaveCount(0);
  await expect(myNumber).toHaveCount(0);

  await choose(page, new RegExp(childConditionsTitle.ja.replace('？', '')), yesNoLabels.yes);
  await expect(regulations).toBeVisible();
  await expect(myNumber).toBeVisible();
  await expect(passbookLess).toHaveCount(0);

  await choose(page, q.myNumber.title, myNumberLabels.doNotWish);
  await expect(passbookLess).toHaveCount(0);
  await choose(page, q.regulations.title, consentLabels.yes);
  await expect(passbookLess).toBeVisible();
  await expect(sealLess).toHaveCount(0);
  await passbookLess.check();
  await expect(sealLess).toBeVisible();
  await expect(nextButton(page)).toBeDisabled();
  await sealLess.check();
  await expect(nextButton(page)).toBeEnabled();
  await expectNoAxeViolations(page);
});
