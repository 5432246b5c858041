import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { messages } from '@koza/domain/messages';
import { pageBySlug, pages } from '@koza/domain/flows';
import { renderApp } from '../test/render-app.tsx';
import { json, mockApi, savedApplications } from '../test/api-mock.ts';
import { pageTitles } from '@koza/domain/flows';
import { sessionKeys } from '../lib/session.ts';
import { allPositiveTermAnswers } from '../test/term-answers.ts';
import userEvent from '@testing-library/user-event';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('navigation guard', () => {
  it('sends a guarded page entered directly to the error page with the system error', async () => {
    const { router } = renderApp('/personal');
    await heading(pageTitles.error);
    expect(router.state.location.pathname).toBe('/error');
    expect(screen.getByText(messages.systemError)).toBeTruthy();
  });

  it('lets a page in when it is entered from an allowed previous page', async () => {
    // The personal screen loads the saved application on arrival (a failure would go to /error).
    mockApi({ 'GET /api/applications': () => json(200, savedApplications()) });
    const { router } = renderApp({ pathname: '/personal', state: { previous: 'verification' } });
    await heading(pageTitles.personal);
    expect(router.state.location.pathname).toBe('/personal');
  });

  it('accepts the previous page given as a route path', async () => {
    renderApp({ pathname: '/verification', state: { previous: '/term' } });
    await heading(pageTitles.verification);
  });

  it('SPEC.md §3 "Session storage holds bank code, application type, device id, token and the previous path": a move keeps its origin, and a page whose history state was lost is let in from it', async () => {
    window.sessionStorage.setItem(sessionKeys.termAnswers, JSON.stringify(allPositiveTermAnswers));
    const { router } = renderApp('/term');
    await heading(pageTitles.term);
    await userEvent.click(screen.getByRole('button', { name: '次へ' }));
    await heading(pageTitles.verification);
    expect(window.sessionStorage.getItem(sessionKeys.previousPath)).toBe('/term');
    expect(router.state.location.state).toMatchObject({ previous: 'term' });
  });

  it('lets a page whose history state was lost in from the previous path of session storage, and only from an allowed one', async () => {
    mockApi({ 'GET /api/applications': () => json(200, savedApplications()) });
    window.sessionStorage.setItem(sessionKeys.previousPath, '/verification');
    const admitted = renderApp('/personal');
    await heading(pageTitles.personal);
    expect(admitted.router.state.location.pathname).toBe('/personal');
    admitted.unmount();

    window.sessionStorage.setItem(sessionKeys.previousPath, '/personal');
    const refused = renderApp('/pin');
    await heading(pageTitles.error);
    expect(refused.router.state.location.pathname).toBe('/error');
  });

  it('refuses a page entered from a page that is not its predecessor', async () => {
    const { router } = renderApp({ pathname: '/pin', state: { previous: 'personal' } });
    await heading(pageTitles.error);
    expect(router.state.location.pathname).toBe('/error');
  });

  it('sends a guarded child page to the child error page', async () => {
    const { router } = renderApp('/child/personal');
    await heading(pageTitles['child-error']);
    expect(router.state.location.pathname).toBe('/child/error');
  });

  it('never guards the entry and error pages', async () => {
    for (const slug of ['term', 'child-before-check', 'error', 'child-error', 'ekyc-error', 'supplement-error'] as const) {
      const { router, unmount } = renderApp(pageBySlug(slug).path);
      await heading(pageTitles[slug]);
      expect(router.state.location.pathname).toBe(pageBySlug(slug).path);
      unmount();
    }
  });

  it('guards every page that has allowed predecessors in the flow data', async () => {
    for (const page of Object.values(pages).filter((p) => p.allowedFrom !== null)) {
      const { router, unmount } = renderApp(page.path);
      await waitFor(() => expect(router.state.location.pathname).toMatch(/^(\/child)?\/error$/));
      expect(router.state.location.pathname).toBe(page.path.startsWith('/child/') ? '/child/error' : '/error');
      unmount();
    }
  });

  it('sends / and unknown paths to /term, keeping the entry query', async () => {
    const { router, unmount } = renderApp('/?channel=abc');
    await heading(pageTitles.term);
    expect(router.state.location.pathname).toBe('/term');
    expect(router.state.location.search).toBe('?channel=abc');
    unmount();

    const other = renderApp('/no-such-page');
    await heading(pageTitles.term);
    expect(other.router.state.location.pathname).toBe('/term');
  });
});
