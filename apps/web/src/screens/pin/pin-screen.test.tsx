import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@koza/domain/messages';
import { arrivedByNext, renderApp } from '../../test/render-app.tsx';
import { applicationParentViewSchema } from '@koza/domain/api/application';
import { callsTo, json, mockApi, savedApplications } from '../../test/api-mock.ts';
import { pageTitles } from '@koza/domain/flows';
import { pinText } from './pin-screen.tsx';

async function publicKey(): Promise<{ keyCode: string; privateKey: CryptoKey }> {
  const pair = await crypto.subtle.generateKey({ name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, [
    'encrypt',
    'decrypt',
  ]);
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  let binary = '';
  for (const b of spki) binary += String.fromCharCode(b);
  return { keyCode: btoa(binary), privateKey: pair.privateKey };
}

async function openPin() {
  const view = renderApp(arrivedByNext('pin'));
  await screen.findByRole('heading', { level: 1, name: pageTitles.pin });
  // The entries appear once the saved application (what the PIN is checked against) has arrived.
  await screen.findByLabelText(new RegExp(`^${pinText.pin}(?!（)`));
  return view;
}

const pinInput = () => screen.getByLabelText(new RegExp(`^${pinText.pin}(?!（)`));
const confirmationInput = () => screen.getByLabelText(new RegExp(`^${pinText.confirmation.replace(/[()（）]/g, '.')}`));
const setButton = () => screen.getByRole('button', { name: pinText.set }) as HTMLButtonElement;

/** A saved application whose data several PIN rules refer to (child application: with a parent). */
function savedForRules() {
  const saved = savedApplications({
    applicationType: 'CHILD',
    birthday: '1990-03-05',
    mobilePhoneNumber: '090-1234-5678',
    workplacePhoneNumber: '092-123-4567',
    address: '1-2-3',
    subAddress: '天神ハイツ1203',
  });
  const parentEmpty = Object.fromEntries(Object.keys(applicationParentViewSchema.shape).map((key) => [key, null]));
  return { ...saved, applicationParent: { ...parentEmpty, birthday: '1962-11-23', mobilePhoneNumber: '080-2222-9753' } };
}

/** The saved application of a fresh general application, which no well-formed PIN breaks. */
const fresh = { 'GET /api/applications': () => json(200, savedApplications()) };

describe('PIN screen', () => {
  it.each([
    ['1111', messages.pinSameDigits],
    ['0305', messages.pinBirthday],
    ['9003', messages.pinBirthday],
    ['1123', messages.pinBirthday],
    ['5678', messages.pinPhone],
    ['4567', messages.pinPhone],
    ['9753', messages.pinPhone],
    ['1203', messages.pinAddress],
  ])('refuses %s in the browser with its message, the set button staying disabled', async (pin, message) => {
    const fetchMock = mockApi({ 'GET /api/applications': () => json(200, savedForRules()) });
    await openPin();
    await userEvent.type(pinInput(), pin);
    await userEvent.type(confirmationInput(), pin);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(pinInput().getAttribute('aria-invalid')).toBe('true');
    expect(setButton().disabled).toBe(true);
    await userEvent.click(setButton());
    expect(screen.queryByRole('dialog', { name: pinText.modalTitle })).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/pin')).toHaveLength(0);
  });

  it('enables the set button only when both entries are 4 digits and equal, showing why not', async () => {
    mockApi(fresh);
    await openPin();
    expect(pinInput().getAttribute('type')).toBe('password');
    expect(pinInput().getAttribute('inputmode')).toBe('numeric');
    expect(pinInput().getAttribute('autocomplete')).toBe('off');
    expect(pinInput().getAttribute('maxlength')).toBe('4');
    expect(setButton().disabled).toBe(true);

    await userEvent.type(pinInput(), '12');
    await userEvent.tab();
    expect(await screen.findByText(messages.pinFormat)).toBeTruthy();
    expect(setButton().disabled).toBe(true);

    await userEvent.type(pinInput(), '34');
    await userEvent.type(confirmationInput(), '1235');
    expect(await screen.findByText(messages.pinMismatch)).toBeTruthy();
    expect(setButton().disabled).toBe(true);

    await userEvent.clear(confirmationInput());
    await userEvent.type(confirmationInput(), '1234');
    await waitFor(() => expect(setButton().disabled).toBe(false));
    expect(screen.queryByText(messages.pinMismatch)).toBeNull();
  });

  it('asks in a warning modal, then encrypts the PIN and submits it once however often OK is pressed', async () => {
    const { keyCode, privateKey } = await publicKey();
    let release: () => void = () => undefined;
    const fetchMock = mockApi({
      ...fresh,
      'GET /api/public-key': () => json(200, { keyCode }),
      'POST /api/pin': () => new Promise((resolve) => (release = () => resolve(json(204)))),
    });
    const { router } = await openPin();
    await userEvent.type(pinInput(), '2580');
    await userEvent.type(confirmationInput(), '2580');
    await userEvent.click(setButton());
    const dialog = await screen.findByRole('dialog', { name: pinText.modalTitle });
    expect(dialog.textContent).toContain(pinText.modalBody);

    const ok = screen.getByRole('button', { name: pinText.ok });
    ok.click();
    ok.click();
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/pin')).toHaveLength(1));
    ok.click();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/ekyc-preparation'));
    expect(callsTo(fetchMock, 'POST /api/pin')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /api/public-key')).toHaveLength(1);

    const { code } = callsTo(fetchMock, 'POST /api/pin')[0]?.body as { code: string };
    expect(code).not.toContain('2580');
    const plain = await crypto.subtle.decrypt(
      { name: 'RSA-OAEP' },
      privateKey,
      Uint8Array.from(atob(code), (c) => c.charCodeAt(0)),
    );
    expect(new TextDecoder().decode(plain)).toBe('2580');
  });

  it("shows the API's rule message next to the PIN on 400 and lets the applicant try again", async () => {
    const { keyCode } = await publicKey();
    mockApi({
      ...fresh,
      'GET /api/public-key': () => json(200, { keyCode }),
      'POST /api/pin': () => json(400, { errors: [{ field: 'code', message: messages.pinBirthday }] }),
    });
    const { router } = await openPin();
    await userEvent.type(pinInput(), '0615');
    await userEvent.type(confirmationInput(), '0615');
    await userEvent.click(setButton());
    await userEvent.click(await screen.findByRole('button', { name: pinText.ok }));
    expect(await screen.findByText(messages.pinBirthday)).toBeTruthy();
    expect(pinInput().getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/pin');
    expect(setButton().disabled).toBe(false);
  });
});
