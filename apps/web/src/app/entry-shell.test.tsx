import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root as ReactRoot } from 'react-dom/client';
import { getBank } from '@koza/domain/banks/banks';
import { bankCodes } from '@koza/domain/constants';
import { confirmationQuestions } from '@koza/domain/confirmation-questions';
import { messages } from '@koza/domain/messages';
import { landingText } from '@koza/domain/landing-text';
import { renderEntryPage, renderLandingPages, type PrerenderedPageHtml } from '../prerender.tsx';
import { sessionKeys } from '../lib/session.ts';
import { landingAnswersBlock, readLandingAnswers, type LandingAnswers } from '../entry/landing-answers.tsx';
import { callsTo, mockApi } from '../test/api-mock.ts';
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

/**
 * Puts the page's HTML (with the landing answers it carries) in the document at its URL and
 * hydrates it as main.tsx does; returns what React logged as errors.
 */
async function hydrate(page: PrerenderedPageHtml, url = `${page.path}${page.search}`) {
  const errors = vi.spyOn(console, 'error');
  window.history.replaceState(null, '', url);
  const answers = page.answers ? landingAnswersBlock(page.answers) : '';
  document.body.innerHTML = `<div id="root" data-prerendered="${page.search}">${page.body}</div>${answers}`;
  const container = document.getElementById('root')!;
  const bank = getBank(page.bankCode);
  await act(async () => {
    root = hydrateRoot(container, <Root bank={bank} landing={readLandingAnswers(document)} />, {
      onRecoverableError: (error) => console.error('recoverable', error),
    });
  });
  return errors;
}

const pages = renderLandingPages();

describe('the prerendered landing pages', () => {
  it('are the entry page and the error pages (with the session error) of each flow, for every bank', () => {
    expect(pages.map((p) => `${p.bankCode} ${p.path}${p.search}`).sort()).toEqual(
      [...bankCodes]
        .sort()
        .flatMap((code) => ['/child/before-check', '/child/error', '/child/error?id=1', '/error', '/error?id=1', '/term'].map((path) => `${code} ${path}`)),
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

describe('the entry pages rendered with the landing answers (as the API sends them)', () => {
  const notice = 'システム更新のお知らせ：<b>5月18日</b>は一部の手続きがご利用いただけません。';
  const withNotice = (target: string): LandingAnswers => ({ maintenance: null, notices: { target, list: [notice] } });
  const maintenance: LandingAnswers = { maintenance: { startedAt: '2025-05-18T00:00:00+09:00', endedAt: '2025-05-18T05:30:00+09:00' }, notices: null };

  const openDialogs = (html: string) => [...html.matchAll(/<dialog open=""[^>]*>/g)].length;

  it('carry the notices in an open dialog before any script runs, and no modal when there are none', () => {
    const term = renderEntryPage('0177', '/term', withNotice('0177'))!;
    expect(openDialogs(term.body)).toBe(1);
    expect(term.body).toContain(landingText.noticeTitle);
    expect(term.body).toContain('システム更新のお知らせ：&lt;b&gt;5月18日&lt;/b&gt;');
    expect(term.preloads).toEqual([]);
    const quiet = renderEntryPage('0587', '/child/before-check', { maintenance: null, notices: { target: '0587', list: [] } })!;
    expect(openDialogs(quiet.body)).toBe(0);
    expect(quiet.body).not.toContain(landingText.noticeTitle);
    const closed = renderEntryPage('0181', '/term', maintenance)!;
    expect(openDialogs(closed.body)).toBe(1);
    expect(closed.body).toContain(landingText.maintenanceTitle);
    expect(closed.body).toContain('2025年5月18日 5:30');
    expect(renderEntryPage('0181', '/error', maintenance)).toBeUndefined();
  });

  it.each([
    ['/term', withNotice('0177'), landingText.noticeTitle],
    ['/child/before-check', withNotice('0177'), landingText.noticeTitle],
    ['/term', maintenance, landingText.maintenanceTitle],
  ] as const)('%s hydrates its modal without a mismatch and without asking for the same answers again', async (path, answers, title) => {
    const fetchMock = mockApi();
    const errors = await hydrate(renderEntryPage('0177', path, answers)!);
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(errors).not.toHaveBeenCalled();
    // The live queries' chunk has loaded and mounted with the page's answers in its cache.
    await act(async () => {
      await import('../entry/landing-queries.tsx');
    });
    expect(callsTo(fetchMock, 'GET /api/maintenance')).toEqual([]);
    expect(callsTo(fetchMock, 'GET /api/notifications/*')).toEqual([]);
  });

  it('closes the notices the applicant already confirmed in this tab right after hydrating, without a mismatch', async () => {
    window.sessionStorage.setItem(sessionKeys.landingAcknowledged, '1');
    const errors = await hydrate(renderEntryPage('0177', '/term', withNotice('0177'))!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: landingText.noticeTitle })).toBeNull());
    expect(errors).not.toHaveBeenCalled();
  });

  it('takes a notice confirmed before the script ran (the dialog form closed it) as confirmed', async () => {
    const page = renderEntryPage('0177', '/term', withNotice('0177'))!;
    window.history.replaceState(null, '', '/term');
    document.body.innerHTML = `<div id="root" data-prerendered="">${page.body}</div>${landingAnswersBlock(page.answers!)}`;
    // What the browser does with the button of a method="dialog" form, script or not.
    document.querySelector('dialog[open]')!.removeAttribute('open');
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      root = hydrateRoot(document.getElementById('root')!, <Root bank={getBank('0177')} landing={readLandingAnswers(document)} />);
    });
    await waitFor(() => expect(window.sessionStorage.getItem(sessionKeys.landingAcknowledged)).toBe('1'));
    expect(screen.queryByRole('dialog', { name: landingText.noticeTitle })).toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it('asks for the notices of a channel the page was not rendered for', async () => {
    const fetchMock = mockApi({ 'GET /api/notifications/*': () => Response.json({ notificationList: [{ contents: 'フェア会場の方へ' }] }) });
    const errors = await hydrate(renderEntryPage('0177', '/term', withNotice('0177'))!, '/term?channel=fair');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/notifications/*').map((c) => c.url.pathname)).toEqual(['/api/notifications/fair']));
    expect(await screen.findByText('フェア会場の方へ')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/maintenance')).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });
});
