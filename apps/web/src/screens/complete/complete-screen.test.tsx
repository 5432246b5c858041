import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { getBank } from '@koza/domain/banks/banks';
import { arrivedByNext, renderApp } from '../../test/render-app.tsx';
import { mockApi } from '../../test/api-mock.ts';
import { pageTitles } from '@koza/domain/flows';
import { statusText } from '@koza/domain/application-status';
import { completeText } from './complete-screen.tsx';

const completion = { applicationNumber: '0587-20261122-000001', applicationCompletedAt: '2026-11-22T13:05:09+09:00' };

describe('complete screen', () => {
  it('shows the receipt from route state, the contact point and the links, and clears the session', async () => {
    mockApi();
    sessionStorage.setItem('token', 'secret');
    const bank = getBank('0587');
    renderApp(arrivedByNext('complete', { completion }), bank.code);
    await screen.findByRole('heading', { level: 1, name: pageTitles.complete });
    expect(screen.getByText(completion.applicationNumber)).toBeTruthy();
    expect(screen.getByText('2026年11月22日 13:05')).toBeTruthy();
    expect(screen.getByText(bank.contact.centreName)).toBeTruthy();
    // The hours' dates and times are kept whole in spans of their own: match the paragraph's whole text.
    expect(screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === bank.contact.receptionHours)).toBeTruthy();
    const phone = screen.getByRole('link', { name: new RegExp(bank.contact.phoneNumber) });
    expect(phone.getAttribute('href')).toBe(`tel:${bank.contact.phoneNumber.replaceAll('-', '')}`);
    const questionnaire = screen.getByRole('link', { name: new RegExp(completeText.questionnaire) });
    expect(questionnaire.getAttribute('href')).toBe(bank.links.questionnaire);
    expect(questionnaire.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: completeText.homePage }).getAttribute('href')).toBe(bank.links.homePage);
    expect(screen.getByRole('link', { name: statusText.linkLabel }).getAttribute('href')).toBe('/status');
    expect(sessionStorage.length).toBe(0);
  });

  it('says the receipt was shown once when the state carries no result', async () => {
    mockApi();
    renderApp(arrivedByNext('complete'));
    await screen.findByRole('heading', { level: 1, name: pageTitles.complete });
    expect(screen.getByText(completeText.shownOnce)).toBeTruthy();
    expect(screen.queryByText(completeText.receiptNumber)).toBeNull();
  });

  it('is refused without coming from /redirect', async () => {
    mockApi();
    const { router } = renderApp('/complete');
    await screen.findByRole('heading', { level: 1, name: pageTitles.error });
    expect(router.state.location.pathname).toBe('/error');
  });
});
