import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getBank } from '@koza/domain/banks/banks';
import { messages } from '@koza/domain/messages';
import { renderApp } from '../test/render-app.tsx';
import { callsTo, json, mockApi, setUserAgent, userAgents } from '../test/api-mock.ts';
import { pageTitles } from '@koza/domain/flows';
import { landingText } from './landing-modals.tsx';

const bank = getBank('0181');
const notice = 'お知らせの本文です。';
const withNotice = { 'GET /api/notifications/*': () => json(200, { notificationList: [{ contents: notice }] }) };
const maintenance = {
  'GET /api/maintenance': () => json(200, { startedAt: '2025-05-18T00:00:00+09:00', endedAt: '2025-05-18T05:30:00+09:00' }),
};

async function land(path = '/term') {
  const view = renderApp(path, bank.code);
  await screen.findByRole('heading', { level: 1, name: pageTitles[path.startsWith('/child') ? 'child-before-check' : 'term'] });
  return view;
}

describe('landing modals', () => {
  it('shows the maintenance modal with its start and end, and a way back to the introduction page', async () => {
    mockApi({ ...maintenance, ...withNotice });
    await land();
    const dialog = await screen.findByRole('dialog', { name: landingText.maintenanceTitle });
    expect(dialog.textContent).toContain('2025年5月18日 0:00');
    expect(dialog.textContent).toContain('2025年5月18日 5:30');
    const back = within(dialog).getByRole('link', { name: landingText.backToIntroduction });
    expect(back.getAttribute('href')).toBe(bank.links.introduction);
    expect(screen.queryByRole('dialog', { name: landingText.noticeTitle })).toBeNull();
  });

  it('shows the maintenance modal before the browser alert', async () => {
    setUserAgent(userAgents.desktopChrome);
    mockApi(maintenance);
    await land();
    await screen.findByRole('dialog', { name: landingText.maintenanceTitle });
    expect(screen.queryByRole('dialog', { name: landingText.browserTitle })).toBeNull();
  });

  it('warns an in-app browser and offers only the way back', async () => {
    setUserAgent(userAgents.lineIos);
    const fetchMock = mockApi(withNotice);
    await land();
    const dialog = await screen.findByRole('dialog', { name: landingText.browserTitle });
    expect(dialog.textContent).toContain(landingText.browserPhoneOnly);
    expect(within(dialog).getByRole('link', { name: landingText.backToIntroduction }).getAttribute('href')).toBe(bank.links.introduction);
    expect(within(dialog).queryByRole('button', { name: landingText.close })).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/notifications/*')).toHaveLength(0);
  });

  it('warns a non-phone device, which may close the alert and then sees the notices', async () => {
    setUserAgent(userAgents.desktopChrome);
    mockApi(withNotice);
    await land();
    const dialog = await screen.findByRole('dialog', { name: landingText.browserTitle });
    expect(within(dialog).queryByRole('link', { name: landingText.backToIntroduction })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: landingText.close }));
    const notices = await screen.findByRole('dialog', { name: landingText.noticeTitle });
    expect(notices.textContent).toContain(notice);
  });

  it('shows nothing to Safari on iPhone when there are no notices', async () => {
    const fetchMock = mockApi();
    await land();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/notifications/*')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the bank's notices until confirmed, and not again in this tab", async () => {
    const fetchMock = mockApi(withNotice);
    const { unmount } = await land();
    const dialog = await screen.findByRole('dialog', { name: landingText.noticeTitle });
    expect(callsTo(fetchMock, 'GET /api/notifications/*')[0]?.url.pathname).toBe(`/api/notifications/${bank.code}`);
    await userEvent.click(within(dialog).getByRole('button', { name: landingText.noticeConfirm }));
    expect(screen.queryByRole('dialog', { name: landingText.noticeTitle })).toBeNull();
    unmount();
    await land();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/maintenance')).toHaveLength(2));
    expect(screen.queryByRole('dialog', { name: landingText.noticeTitle })).toBeNull();
  });

  it('asks for the notices of the channel given at entry', async () => {
    const fetchMock = mockApi(withNotice);
    renderApp('/term?channel=campaign', bank.code);
    await screen.findByRole('dialog', { name: landingText.noticeTitle });
    expect(callsTo(fetchMock, 'GET /api/notifications/*')[0]?.url.pathname).toBe('/api/notifications/campaign');
    expect(sessionStorage.getItem('channel')).toBe('campaign');
  });

  it('goes to the error page when the maintenance call fails with other than 404', async () => {
    mockApi({ 'GET /api/maintenance': () => json(500, { code: 'INTERNAL', message: 'x' }) });
    const { router } = renderApp('/term', bank.code);
    await screen.findByText(messages.systemError);
    expect(router.state.location.pathname).toBe('/error');
  });

  it('goes to the error page when the notifications call fails', async () => {
    mockApi({ 'GET /api/notifications/*': () => json(503, { code: 'UNAVAILABLE', message: 'x' }) });
    const { router } = renderApp('/term', bank.code);
    await screen.findByText(messages.systemError);
    expect(router.state.location.pathname).toBe('/error');
  });

  it('runs on the child entry page too, and failures go to the child error page', async () => {
    mockApi({ 'GET /api/maintenance': () => json(500, { code: 'INTERNAL', message: 'x' }) });
    const { router } = renderApp('/child/before-check', bank.code);
    await screen.findByText(messages.systemError);
    expect(router.state.location.pathname).toBe('/child/error');
  });

  it('keeps the entry inputs and records the bank and the application type', async () => {
    renderApp('/child/before-check?deviceId=3f2b8c1e-9a4d-4e6f-b1c2-7d8e9f0a1b2c&invitation=ABC123', bank.code);
    await screen.findByRole('heading', { level: 1, name: pageTitles['child-before-check'] });
    await waitFor(() => expect(sessionStorage.getItem('applicationType')).toBe('CHILD'));
    expect(sessionStorage.getItem('bankCode')).toBe(bank.code);
    expect(sessionStorage.getItem('deviceId')).toBe('3f2b8c1e-9a4d-4e6f-b1c2-7d8e9f0a1b2c');
    expect(document.cookie).toContain('koza_invitation=ABC123');
    document.cookie = 'koza_invitation=; Max-Age=0; Path=/';
  });
});
