import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { callsTo, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { pageTitles } from '@koza/domain/flows';

describe('page views', () => {
  it('sends the path without the query string, the bank and the entry channel', async () => {
    const fetchMock = mockApi();
    renderApp('/term?channel=campaign&workplace=123456', '0587');
    await screen.findByRole('heading', { level: 1, name: pageTitles.term });
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/page-views')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/page-views')[0]?.body).toEqual({
      path: '/term',
      bankCode: '0587',
      applicationType: 'GENERAL',
      channel: 'campaign',
    });
  });

  it('sends one per route change, and none for a page the guard turns away', async () => {
    const fetchMock = mockApi();
    const { router } = renderApp('/personal');
    await screen.findByRole('heading', { level: 1, name: pageTitles.error });
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/page-views')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/page-views').map((c) => (c.body as { path: string }).path)).toEqual(['/error']);

    await router.navigate('/term');
    await screen.findByRole('heading', { level: 1, name: pageTitles.term });
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/page-views')).toHaveLength(2));
  });

  it('never disturbs the applicant when the page view fails', async () => {
    mockApi({ 'POST /api/page-views': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { router } = renderApp('/term');
    await screen.findByRole('heading', { level: 1, name: pageTitles.term });
    await new Promise((r) => setTimeout(r, 20));
    expect(router.state.location.pathname).toBe('/term');
  });
});
