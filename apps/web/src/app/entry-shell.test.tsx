import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root as ReactRoot } from 'react-dom/client';
import { getBank } from '@koza/domain/banks/banks';
import { confirmationQuestions } from '@koza/domain/confirmation-questions';
import { messages } from '@koza/domain/messages';
import { renderLandingPages, type PrerenderedPageHtml } from '../prerender.tsx';
import { sessionKeys } from '../lib/session.ts';
import { Root } from './entry-shell.tsx';

// The build's prerendered pages (src/prerender.tsx) hydrated as a browser would: React's
// development build reports every difference between the HTML and the first client render
// (attributes included) with console.error, which fails these tests.

let root: ReactRoot | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

/** Puts the page's HTML in the document at its URL and hydrates it; returns what React logged as errors. */
async function hydrate(page: PrerenderedPageHtml) {
  const errors = vi.spyOn(console, 'error');
  window.history.replaceState(null, '', `${page.path}${page.search}`);
  document.body.innerHTML = `<div id="root" data-prerendered="${page.search}">${page.body}</div>`;
  const container = document.getElementById('root')!;
  const bank = getBank(page.bankCode);
  await act(async () => {
    root = hydrateRoot(container, <Root bank={bank} />, { onRecoverableError: (error) => console.error('recoverable', error) });
  });
  return errors;
}

const pages = renderLandingPages();

describe('the prerendered landing pages', () => {
  it('are the entry page and the error pages (with the session error) of each flow, for each of the three banks', () => {
    expect(pages.map((p) => `${p.bankCode} ${p.path}${p.search}`).sort()).toEqual(
      ['0177', '0181', '0587'].flatMap((code) =>
        ['/child/before-check', '/child/error', '/child/error?id=1', '/error', '/error?id=1', '/term'].map((path) => `${code} ${path}`),
      ),
    );
  });

  it('carry the bank and the page’s full text before any script runs', () => {
    const term = pages.find((p) => p.bankCode === '0587' && p.path === '/term')!;
    expect(term.title).toBe('お申込み前のご確認｜熊本銀行');
    expect(term.body).toContain('熊本銀行');
    expect(term.body).toContain(confirmationQuestions.firstAccount.title);
    const sessionError = pages.find((p) => p.bankCode === '0181' && p.path === '/error' && p.search === '?id=1')!;
    expect(sessionError.body).toContain(messages.sessionError);
    expect(pages.find((p) => p.bankCode === '0181' && p.path === '/error' && p.search === '')!.body).toContain(messages.systemError);
  });

  it.each(pages.map((p) => [`${p.bankCode} ${p.path}${p.search}`, p] as const))('%s hydrates without a mismatch', async (_, page) => {
    const errors = await hydrate(page);
    await screen.findByRole('heading', { level: 1 });
    expect(errors).not.toHaveBeenCalled();
  });

  it('gives an applicant who reloads /term part-way through their answers back, without a mismatch', async () => {
    window.sessionStorage.setItem(sessionKeys.termAnswers, JSON.stringify({ firstAccount: 'yes', identityDocument: 'yes' }));
    const errors = await hydrate(pages.find((p) => p.bankCode === '0177' && p.path === '/term')!);
    await waitFor(() => expect(screen.getByRole('radiogroup', { name: new RegExp(confirmationQuestions.adult.title) })).toBeTruthy());
    const [first, second] = screen.getAllByRole('radio', { name: 'はい' });
    expect((first as HTMLInputElement).checked).toBe(true);
    expect((second as HTMLInputElement).checked).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });
});
