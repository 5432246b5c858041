import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AddressItem } from '@koza/domain/api/application';

// Shortcuts through the applicant API, as the web would call it, for specs that test a later page
// without walking every screen (the one full walk per flow is in general-flow and child-entry).

/** A call to the applicant API as the web makes it (Host of the bank, bearer token once signed in). */
export type ApiCall = (method: 'GET' | 'POST', path: string, data?: unknown) => Promise<unknown>;

/** Saves the first branch offered for the saved address (both flows). */
export async function saveBranchByApi(call: ApiCall): Promise<void> {
  const { branchList } = (await call('GET', '/api/branch')) as { branchList: { code: string }[] };
  await call('POST', '/api/applications/branch', { branchCode: branchList[0]?.code });
}

/** Registers and verifies a mail address through the development mailbox: the token and the signed-in call. */
export async function signInByApi(
  request: APIRequestContext,
  {
    origin,
    host,
    bankCode,
    mailAddress,
    applicationType,
  }: { origin: string; host: string; bankCode: string; mailAddress: string; applicationType: 'GENERAL' | 'CHILD' },
): Promise<{ token: string; call: ApiCall }> {
  let token = '';
  const call: ApiCall = async (method, path, data) => {
    const headers: Record<string, string> = { host };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await request.fetch(`${origin}${path}`, { method, headers, ...(data === undefined ? {} : { data }) });
    if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return response.status() === 204 ? undefined : ((await response.json()) as unknown);
  };

  await call('POST', '/api/verification-codes/register', { bankCode, mailAddress, applicationType });
  let verificationCode: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await call('GET', `/__dev/mails?to=${encodeURIComponent(mailAddress)}`)) as { text: string }[];
      verificationCode = mails[0]?.text.match(/(?<!\d)\d{6}(?!\d)/)?.[0];
      return verificationCode;
    })
    .toBeTruthy();
  const verified = (await call('POST', '/api/verification-codes/verify', {
    bankCode,
    mailAddress,
    verificationCode,
    channel: null,
    deviceId: null,
    applicationType,
  })) as { authenticationToken: string };
  token = verified.authenticationToken;
  return { token, call };
}

/** The personal payload's address part: the first town of a postal code's search, with a street and building. */
async function searchedAddressByApi(call: ApiCall, postalNumber: string): Promise<Record<string, string | null>> {
  const { addressList } = (await call('GET', `/api/addresses?postalNumber=${postalNumber}`)) as { addressList: AddressItem[] };
  const address = addressList[0];
  if (!address) throw new Error(`no address for ${postalNumber}`);
  return {
    postalNumber,
    addressCode: address.addressCode,
    addressPrefecture: address.prefecture,
    addressMunicipality: address.municipality,
    addressSection: address.section,
    addressChome: address.chome,
    kanaAddressPrefecture: address.kanaPrefecture,
    kanaAddressMunicipality: address.kanaMunicipality,
    kanaAddressSection: address.kanaSection,
    kanaAddressChome: address.kanaChome,
    address: '1-2-3',
    subAddress: 'テストハイツ101',
    kanaAddress: '1-2-3',
    kanaSubAddress: 'ﾃｽﾄﾊｲﾂ101',
    tempAddressPrefecture: null,
    tempAddress: null,
    kanaTempAddress: null,
  };
}

/** Saves a person's personal data (POST /api/applications/personal) at the first town of a postal code. */
export async function savePersonalByApi(
  call: ApiCall,
  person: {
    lastName: string;
    firstName: string;
    kanaLastName: string;
    kanaFirstName: string;
    gender: 'MAN' | 'WOMAN';
    birthday: string;
    mobilePhoneNumber: string;
  },
  postalNumber: string,
): Promise<void> {
  await call('POST', '/api/applications/personal', {
    ...person,
    phoneNumber: null,
    ...(await searchedAddressByApi(call, postalNumber)),
    utilizationPurpose: ['生活費決済'],
    utilizationPurposeOther: null,
    distanceTransactionReason: null,
  });
}

/** The id of an occupation of the list by its name. */
export async function occupationIdByApi(call: ApiCall, name: string): Promise<number> {
  const { occupationList } = (await call('GET', '/api/occupations')) as { occupationList: { id: number; name: string }[] };
  const found = occupationList.find((o) => o.name === name);
  if (!found) throw new Error(`no ${name} occupation`);
  return found.id;
}

/** Sets the PIN as the web does: RSA-OAEP (SHA-256) with the API's public key. */
export async function setPinByApi(call: ApiCall, pin: string): Promise<void> {
  const { keyCode } = (await call('GET', '/api/public-key')) as { keyCode: string };
  const publicKey = createPublicKey({ key: Buffer.from(keyCode, 'base64'), format: 'der', type: 'spki' });
  const code = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(pin)).toString('base64');
  await call('POST', '/api/pin', { code });
}

/** Where a Node-side call reaches the bank of a page's base URL (Node cannot resolve *.localhost). */
export function apiTargetOf(baseURL: string): { origin: string; host: string } {
  const url = new URL(baseURL);
  return { origin: `http://127.0.0.1:${url.port}`, host: url.host };
}

interface StoredSession {
  baseURL: string;
  token: string;
  bankCode: string;
  applicationType: 'GENERAL' | 'CHILD';
}

/**
 * Opens /ekyc-error (a page without a guard that keeps session storage) and stores the session as a
 * verification in the browser would: the token, the bank and the application type.
 */
export async function storeSessionInPage(page: Page, { baseURL, token, bankCode, applicationType }: StoredSession): Promise<void> {
  await page.goto(`${baseURL}/ekyc-error`);
  await page.evaluate(
    (stored) => {
      for (const [key, value] of Object.entries(stored)) sessionStorage.setItem(key, value);
    },
    { token, bankCode, applicationType },
  );
}

/**
 * Opens a guarded page of an application signed in by the API as if arriving from `previous`: the
 * session stored (storeSessionInPage), then the page loaded with the navigation state React Router
 * keeps in the history entry (history.state.usr, SPEC.md §2.6).
 */
export async function openAsIfFrom(page: Page, { path, previous, ...session }: StoredSession & { path: string; previous: string }): Promise<void> {
  await storeSessionInPage(page, session);
  await page.evaluate(({ path, previous }) => window.history.replaceState({ usr: { previous }, key: 'e2e', idx: 0 }, '', path), { path, previous });
  await page.reload();
}
