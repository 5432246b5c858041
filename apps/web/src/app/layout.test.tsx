import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { bankCodes } from '@koza/domain/constants';
import { getBank } from '@koza/domain/banks/banks';
import { arrivedByNext, renderApp } from '../test/render-app.tsx';
import { json, mockApi, savedApplications } from '../test/api-mock.ts';
import { flows, pageBySlug, pageTitles } from '@koza/domain/flows';

describe('layout', () => {
  it.each(bankCodes)('shows the logo, name and footer of bank %s', async (code) => {
    const bank = getBank(code);
    renderApp('/term', code);
    await screen.findByRole('heading', { level: 1, name: pageTitles.term });
    const logo = screen.getByRole('img', { name: bank.name });
    expect(logo.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText(bank.footer.copyright)).toBeTruthy();
    expect(screen.getByText(bank.footer.companyName)).toBeTruthy();
    expect(screen.getByRole('img', { name: bank.footer.groupName })).toBeTruthy();
    expect(document.title).toBe(`${pageTitles.term}｜${bank.name}`);
  });

  it('shows no step bar before the numbered steps', async () => {
    renderApp('/term');
    await screen.findByRole('heading', { level: 1, name: pageTitles.term });
    expect(screen.queryByRole('navigation', { name: 'お申込みの手順' })).toBeNull();
  });

  it('shows the step of the current page from the flow data', async () => {
    // The branch screen loads the application and the branches on arrival (a failure would go to /error).
    mockApi({
      'GET /api/applications': () => json(200, savedApplications()),
      'GET /api/branch': () => json(200, { branchList: [] }),
    });
    renderApp(arrivedByNext('branch'));
    await screen.findByRole('heading', { level: 1, name: pageTitles.branch });
    const current = screen.getAllByRole('listitem').find((li) => li.getAttribute('aria-current') === 'step');
    expect(current?.textContent).toContain(flows.GENERAL.stepLabels[pageBySlug('branch').step! - 1]);
  });

  it('shows the twelve-step bar in the child flow', async () => {
    renderApp(arrivedByNext('child-parent'));
    await screen.findByRole('heading', { level: 1, name: pageTitles['child-parent'] });
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
  });
});
