import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@koza/domain/messages';
import { arrivedByNext, renderApp } from '../../test/render-app.tsx';
import { callsTo, json, mockApi, savedApplications, type Handler } from '../../test/api-mock.ts';
import { pageTitles } from '@koza/domain/flows';
import { verificationText as t } from './verification-screen.tsx';

const address = 'hanako@example.jp';
const registered: Record<string, Handler> = { 'POST /api/verification-codes/register': () => json(204) };

async function openVerification(path: '/verification' | '/child/verification' = '/verification') {
  const previous = path === '/verification' ? 'term' : 'child-term';
  const view = renderApp({ pathname: path, state: { previous } }, '0177');
  await screen.findByRole('heading', { level: 1, name: pageTitles.verification });
  return view;
}

const mailInput = () => screen.getByRole('textbox', { name: /メールアドレス/ });
const codeInput = () => screen.getByRole('textbox', { name: /認証コード/ });

async function sendTo(mail: string) {
  await userEvent.type(mailInput(), mail);
  await userEvent.click(screen.getByRole('button', { name: t.send }));
}

describe('verification screen: sending the code to the mail address', () => {
  it('offers an e-mail field with the right keyboard and autofill', async () => {
    await openVerification();
    const input = mailInput();
    expect(input.getAttribute('type')).toBe('email');
    expect(input.getAttribute('autocomplete')).toBe('email');
    expect(input.getAttribute('inputmode')).toBe('email');
  });

  it('checks the address with the mail rule before sending, and focuses the field', async () => {
    const fetchMock = mockApi(registered);
    await openVerification();
    await sendTo('hanako@');
    expect(await screen.findByText(messages.mailInvalid)).toBeTruthy();
    expect(mailInput().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(mailInput()));
    expect(callsTo(fetchMock, 'POST /api/verification-codes/register')).toHaveLength(0);
  });

  it('shows the sending state, then the code entry with the address', async () => {
    let release: () => void = () => undefined;
    const fetchMock = mockApi({
      'POST /api/verification-codes/register': () => new Promise((resolve) => (release = () => resolve(json(204)))),
    });
    await openVerification();
    await sendTo(address);
    expect(await screen.findByText(t.sending)).toBeTruthy();
    expect((screen.getByRole('button', { name: t.send }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await screen.findByRole('heading', { level: 2, name: t.codeStep });
    expect(screen.getByText(address)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/verification-codes/register')[0]?.body).toEqual({
      bankCode: '0177',
      mailAddress: address,
      applicationType: 'GENERAL',
    });
    const input = codeInput();
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect((screen.getByRole('button', { name: t.next }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the API's address message on 400", async () => {
    mockApi({
      'POST /api/verification-codes/register': () => json(400, { errors: [{ field: 'mailAddress', message: messages.mailInvalid }] }),
    });
    await openVerification();
    await sendTo(address);
    expect(await screen.findByText(messages.mailInvalid)).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: t.codeStep })).toBeNull();
  });

  it('shows the too-many-requests message on 429 and stays on the page', async () => {
    const { router } = await openVerification();
    mockApi({ 'POST /api/verification-codes/register': () => json(429, { code: 'TOO_MANY_REQUESTS', message: 'x' }, { 'retry-after': '30' }) });
    await sendTo(address);
    expect((await screen.findByRole('alert')).textContent).toContain(messages.tooManyRequests);
    expect(router.state.location.pathname).toBe('/verification');
  });

  it('goes to the error page when sending fails otherwise', async () => {
    const { router } = await openVerification();
    mockApi({ 'POST /api/verification-codes/register': () => json(500, { code: 'INTERNAL', message: 'x' }) });
    await sendTo(address);
    await screen.findByText(messages.systemError);
    expect(router.state.location.pathname).toBe('/error');
  });
});

describe('verification screen: entering the code', () => {
  it('verifies the code with spaces stripped, keeps the token and goes to /personal', async () => {
    sessionStorage.setItem('channel', 'campaign');
    sessionStorage.setItem('deviceId', '3f2b8c1e-9a4d-4e6f-b1c2-7d8e9f0a1b2c');
    const fetchMock = mockApi({
      ...registered,
      'POST /api/verification-codes/verify': () => json(200, { authenticationToken: 'tok-abc' }),
      'GET /api/applications': () => json(200, savedApplications()),
    });
    const { router } = await openVerification();
    await sendTo(address);
    await userEvent.type(codeInput(), '123 456');
    await userEvent.click(screen.getByRole('button', { name: t.next }));
    await screen.findByRole('heading', { level: 1, name: pageTitles.personal });
    expect(router.state.location.pathname).toBe('/personal');
    expect(router.state.location.state).toMatchObject({ previous: 'verification' });
    expect(sessionStorage.getItem('token')).toBe('tok-abc');
    expect(callsTo(fetchMock, 'POST /api/verification-codes/verify')[0]?.body).toEqual({
      bankCode: '0177',
      mailAddress: address,
      verificationCode: '123456',
      channel: 'campaign',
      deviceId: '3f2b8c1e-9a4d-4e6f-b1c2-7d8e9f0a1b2c',
      applicationType: 'GENERAL',
    });
    // The next page loads the application with the token (how an expired session is noticed).
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/applications')).toHaveLength(1));
    expect(callsTo(fetchMock, 'GET /api/applications')[0]?.headers.get('Authorization')).toBe('Bearer tok-abc');
  });

  it.each([400, 401])('shows the verification failure under the code on %i, without leaving the page', async (status) => {
    mockApi({ ...registered, 'POST /api/verification-codes/verify': () => json(status, { code: 'X', message: 'x' }) });
    const { router } = await openVerification();
    await sendTo(address);
    await userEvent.type(codeInput(), '000000');
    await userEvent.click(screen.getByRole('button', { name: t.next }));
    expect(await screen.findByText(messages.verificationFailed)).toBeTruthy();
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/verification');
  });

  it('clears the device id and goes to the error page when verify fails otherwise', async () => {
    sessionStorage.setItem('deviceId', '3f2b8c1e-9a4d-4e6f-b1c2-7d8e9f0a1b2c');
    mockApi({ ...registered, 'POST /api/verification-codes/verify': () => json(500, { code: 'X', message: 'x' }) });
    const { router } = await openVerification();
    await sendTo(address);
    await userEvent.type(codeInput(), '123456');
    await userEvent.click(screen.getByRole('button', { name: t.next }));
    await screen.findByText(messages.systemError);
    expect(router.state.location.pathname).toBe('/error');
    expect(sessionStorage.getItem('deviceId')).toBeNull();
  });

  it('Back returns to address entry and clears the code', async () => {
    mockApi(registered);
    await openVerification();
    await sendTo(address);
    await userEvent.type(codeInput(), '123');
    await userEvent.click(screen.getByRole('button', { name: t.back }));
    expect((mailInput() as HTMLInputElement).value).toBe(address);
    await userEvent.click(screen.getByRole('button', { name: t.send }));
    await screen.findByRole('heading', { level: 2, name: t.codeStep });
    expect((codeInput() as HTMLInputElement).value).toBe('');
  });

  it('explains what to do when the mail does not arrive, and resends the code', async () => {
    const fetchMock = mockApi(registered);
    await openVerification();
    await sendTo(address);
    await screen.findByRole('heading', { level: 2, name: t.codeStep });
    expect(screen.getByText(t.helpTitle)).toBeTruthy();
    expect(screen.getByText(t.helpSpam)).toBeTruthy();
    expect(screen.getByText(/@fukuoka-bank\.example\.jp/)).toBeTruthy();
    await userEvent.click(screen.getByText(t.helpTitle));
    await userEvent.click(screen.getByRole('button', { name: t.resend }));
    expect(await screen.findByText(t.resent)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/verification-codes/register')).toHaveLength(2);
  });
});

describe('verification screen: the child flow and an expired session', () => {
  it('the child flow sends CHILD and goes on to /child/personal', async () => {
    const fetchMock = mockApi({
      ...registered,
      'POST /api/verification-codes/verify': () => json(200, { authenticationToken: 'tok-child' }),
      'GET /api/applications': () => json(200, savedApplications()),
    });
    const { router } = await openVerification('/child/verification');
    await sendTo(address);
    await userEvent.type(codeInput(), '654321');
    await userEvent.click(screen.getByRole('button', { name: t.next }));
    await screen.findByRole('heading', { level: 1, name: pageTitles['child-personal'] });
    expect(router.state.location.pathname).toBe('/child/personal');
    expect((callsTo(fetchMock, 'POST /api/verification-codes/verify')[0]?.body as { applicationType: string }).applicationType).toBe('CHILD');
  });

  it('an expired session on the next page ends on the session error', async () => {
    sessionStorage.setItem('token', 'expired');
    mockApi({ 'GET /api/applications': () => json(401, { code: 'UNAUTHORIZED', message: 'x' }) });
    const { router } = renderApp(arrivedByNext('personal'));
    expect(await screen.findByText(messages.sessionError)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/error');
    expect(router.state.location.search).toBe('?id=1');
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});
