import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@koza/domain/messages';
import { renderApp } from '../../test/render-app.tsx';
import { pageTitles } from '@koza/domain/flows';

describe('error screen', () => {
  it('shows the session error when id=1', async () => {
    renderApp('/error?id=1');
    await screen.findByRole('heading', { level: 1, name: pageTitles.error });
    expect(screen.getByText(messages.sessionError)).toBeTruthy();
    expect(screen.queryByText(messages.systemError)).toBeNull();
  });

  it('shows the system error otherwise', async () => {
    renderApp('/error?id=2');
    await screen.findByRole('heading', { level: 1, name: pageTitles.error });
    expect(screen.getByText(messages.systemError)).toBeTruthy();
    expect(screen.queryByText(messages.sessionError)).toBeNull();
  });

  it('clears session storage', async () => {
    sessionStorage.setItem('token', 'secret');
    sessionStorage.setItem('bankCode', '0177');
    renderApp('/error');
    await screen.findByRole('heading', { level: 1, name: pageTitles.error });
    expect(sessionStorage.length).toBe(0);
  });

  it('moves focus to the heading', async () => {
    renderApp('/error');
    const h1 = await screen.findByRole('heading', { level: 1, name: pageTitles.error });
    expect(document.activeElement).toBe(h1);
  });

  it('goes back to the start of the general flow', async () => {
    const { router } = renderApp('/error?id=1');
    await userEvent.click(await screen.findByRole('button', { name: 'お申込みの最初に戻る' }));
    await screen.findByRole('heading', { level: 1, name: pageTitles.term });
    expect(router.state.location.pathname).toBe('/term');
  });

  it('goes back to the start of the child flow from the child error page', async () => {
    const { router } = renderApp('/child/error?id=1');
    expect(await screen.findByText(messages.sessionError)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'お申込みの最初に戻る' }));
    await screen.findByRole('heading', { level: 1, name: pageTitles['child-before-check'] });
    expect(router.state.location.pathname).toBe('/child/before-check');
  });
});
