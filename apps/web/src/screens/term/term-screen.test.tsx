import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getBank } from '@koza/domain/banks/banks';
import { confirmationQuestions as q, consentLabels, myNumberLabels, yesNoLabels } from '@koza/domain/confirmation-questions';
import { messages } from '@koza/domain/messages';
import { statusText } from '@koza/domain/application-status';
import { renderApp } from '../../test/render-app.tsx';
import { pageTitles } from '@koza/domain/flows';

const bank = getBank('0587');

async function openTerm() {
  const view = renderApp('/term', bank.code);
  await screen.findByRole('heading', { level: 1, name: pageTitles.term });
  return view;
}

const group = (name: string | RegExp) => screen.getByRole('radiogroup', { name });
const choose = (groupName: string | RegExp, label: string) => userEvent.click(within(group(groupName)).getByRole('radio', { name: label }));
const next = () => screen.getByRole('button', { name: '次へ' });

async function answerAllPositively() {
  await choose(q.firstAccount.title, yesNoLabels.yes);
  await choose(q.identityDocument.title, yesNoLabels.yes);
  await choose(q.adult.title, yesNoLabels.yes);
  await choose(new RegExp(q.conditions.title.ja), yesNoLabels.yes);
  await choose(q.regulations.title, consentLabels.yes);
  await choose(q.myNumber.title, myNumberLabels.wish);
  await userEvent.click(screen.getByRole('checkbox', { name: q.passbookLess.confirm }));
  await userEvent.click(screen.getByRole('checkbox', { name: q.sealLess.confirm }));
}

describe('term screen', () => {
  it('starts with the first question only and Next disabled', async () => {
    await openTerm();
    expect(screen.getAllByRole('radiogroup')).toHaveLength(1);
    expect(group(q.firstAccount.title)).toBeTruthy();
    expect((next() as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers お申込み状況の確認 to those who have already applied (decision 0192)', async () => {
    const { router } = await openTerm();
    await userEvent.click(screen.getByRole('link', { name: statusText.linkLabel }));
    await screen.findByRole('heading', { level: 1, name: statusText.title });
    expect(router.state.location.pathname).toBe('/status');
  });

  it.each([
    ['first account', () => choose(q.firstAccount.title, yesNoLabels.no), messages.blockedExistingAccount],
    [
      'identity document',
      async () => {
        await choose(q.firstAccount.title, yesNoLabels.yes);
        await choose(q.identityDocument.title, yesNoLabels.no);
      },
      messages.blockedNoDocument,
    ],
    [
      'age',
      async () => {
        await choose(q.firstAccount.title, yesNoLabels.yes);
        await choose(q.identityDocument.title, yesNoLabels.yes);
        await choose(q.adult.title, yesNoLabels.no);
      },
      messages.blockedUnder18,
    ],
  ])('answering no to the %s question shows its message and the branch search in a new tab', async (_name, act, message) => {
    await openTerm();
    await act();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(alert.textContent).toContain(messages.branchVisitNote);
    const link = within(alert).getByRole('link', { name: /店舗・ATM検索/ });
    expect(link.getAttribute('href')).toBe(bank.links.branchSearch);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect((next() as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists the identity documents and the bilingual conditions with the PEP explanation', async () => {
    await openTerm();
    await choose(q.firstAccount.title, yesNoLabels.yes);
    for (const doc of q.identityDocument.documents) expect(screen.getByText(doc)).toBeTruthy();
    await choose(q.identityDocument.title, yesNoLabels.yes);
    await choose(q.adult.title, yesNoLabels.yes);
    const conditions = group(new RegExp(q.conditions.title.ja));
    expect(conditions.textContent).toContain(q.conditions.title.en);
    for (const c of q.conditions.conditions) {
      expect(conditions.textContent).toContain(c.ja);
      expect(conditions.textContent).toContain(c.en);
    }
    const pep = within(conditions).getByRole('link', { name: /外国PEPsについて/ });
    expect(pep.getAttribute('href')).toBe(bank.links.pepExplanation);
    expect(pep.getAttribute('target')).toBe('_blank');
  });

  it('links all eight regulations in new tabs, and refusing them blocks', async () => {
    await openTerm();
    await choose(q.firstAccount.title, yesNoLabels.yes);
    await choose(q.identityDocument.title, yesNoLabels.yes);
    await choose(q.adult.title, yesNoLabels.yes);
    await choose(new RegExp(q.conditions.title.ja), yesNoLabels.no);
    expect(screen.getByRole('alert').textContent).toContain(messages.conditionsNotMet);
    await choose(new RegExp(q.conditions.title.ja), yesNoLabels.yes);
    expect(screen.queryByRole('alert')).toBeNull();

    const regulations = group(q.regulations.title);
    for (const r of bank.links.regulations) {
      const link = within(regulations).getByRole('link', { name: new RegExp(r.label) });
      expect(link.getAttribute('href')).toBe(r.url);
      expect(link.getAttribute('target')).toBe('_blank');
    }
    await choose(q.regulations.title, consentLabels.no);
    expect(screen.getByRole('alert').textContent).toContain(messages.regulationRefused);
    expect(within(screen.getByRole('alert')).getByRole('link', { name: /店舗・ATM検索/ })).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: q.myNumber.title })).toBeNull();
  });

  it('tells the passbook fee and the seal-less conditions', async () => {
    await openTerm();
    await answerAllPositively();
    expect(screen.getByText(/1,100円（税込）/)).toBeTruthy();
    for (const item of q.sealLess.sealNeededFor) expect(screen.getByText(item)).toBeTruthy();
  });

  it('enables Next only when everything is answered, then goes to /verification with the bank and type kept', async () => {
    const { router } = await openTerm();
    await answerAllPositively();
    expect((next() as HTMLButtonElement).disabled).toBe(false);

    await userEvent.click(screen.getByRole('checkbox', { name: q.sealLess.confirm }));
    expect((next() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: q.sealLess.confirm }));

    await userEvent.click(next());
    await screen.findByRole('heading', { level: 1, name: pageTitles.verification });
    expect(router.state.location.pathname).toBe('/verification');
    expect(router.state.location.state).toMatchObject({ previous: 'term' });
    expect(sessionStorage.getItem('bankCode')).toBe(bank.code);
    expect(sessionStorage.getItem('applicationType')).toBe('GENERAL');
  });

  it('keeps the answers when the applicant comes back', async () => {
    const { unmount } = await openTerm();
    await answerAllPositively();
    unmount();
    await openTerm();
    expect((next() as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('checkbox', { name: q.sealLess.confirm }) as HTMLInputElement).checked).toBe(true);
  });
});
