import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { Secret, TOTP } from 'otpauth';
import { nodeBin, repoRoot } from '../paths.ts';

// The back office's e2e support: the first staff accounts by the command line (npm run staff),
// TOTP codes, an accessibility check, and an application completed through the applicant API
// (faster than the applicant UI, which general-flow.spec.ts already covers end to end).

export const desktop = {
  viewport: { width: 1366, height: 900 },
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
};

/** `npm run staff -- create …` against the worker's database (the password through STAFF_PASSWORD). */
export function createStaffByCommand(databaseUrl: string, s: { bank: string; login: string; name: string; role: string; password: string }): void {
  const result = spawnSync(nodeBin, [join(repoRoot, 'apps', 'api', 'src', 'main-staff.ts'), 'create', '--bank', s.bank, '--login', s.login, '--name', s.name, '--role', s.role], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, STAFF_PASSWORD: s.password },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run staff failed: ${result.stderr}${result.stdout}`);
}

/** A TOTP code one step ahead (the step of the enrolment code cannot be used again). */
export const totpCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

/** axe (WCAG 2.x A/AA rules) finds nothing on the page as it is. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export async function signIn(page: Page, loginId: string, password: string): Promise<void> {
  await page.getByLabel('ログインID').fill(loginId);
  await page.getByLabel('パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
}

interface AddressItem {
  addressCode: string;
  prefecture: string;
  municipality: string;
  section: string;
  chome: string;
  kanaPrefecture: string;
  kanaMunicipality: string;
  kanaSection: string;
  kanaChome: string;
}

/**
 * An applicant of `host` goes through the applicant API to the receipt: personal … seal-less, PIN
 * 7394, eKYC at the simulator with an address mismatch (so a current-address document is uploaded:
 * the application has an image for staff to open), then completion. Returns the receipt number.
 */
export async function completeApplicationByApi(
  request: APIRequestContext,
  { origin, host, ekycOrigin, mailAddress, document }: { origin: string; host: string; ekycOrigin: string; mailAddress: string; document: Buffer },
): Promise<{ applicationNumber: string }> {
  let token = '';
  const call = async (method: 'GET' | 'POST', path: string, data?: unknown): Promise<unknown> => {
    const headers: Record<string, string> = { host };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await request.fetch(`${origin}${path}`, { method, headers, ...(data === undefined ? {} : { data }) });
    if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return response.status() === 204 ? undefined : ((await response.json()) as unknown);
  };
  const bankCode = '0177';
  await call('POST', '/api/verification-codes/register', { bankCode, mailAddress, applicationType: 'GENERAL' });
  let verificationCode: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await call('GET', `/__dev/mails?to=${encodeURIComponent(mailAddress)}`)) as { text: string }[];
      verificationCode = mails[0]?.text.match(/(?<!\d)\d{6}(?!\d)/)?.[0];
      return verificationCode;
    })
    .toBeTruthy();
  const verified = (await call('POST', '/api/verification-codes/verify', { bankCode, mailAddress, verificationCode, channel: null, deviceId: null, applicationType: 'GENERAL' })) as {
    authenticationToken: string;
  };
  token = verified.authenticationToken;

  const { addressList } = (await call('GET', '/api/addresses?postalNumber=8100001')) as { addressList: AddressItem[] };
  const address = addressList[0]!;
  await call('POST', '/api/applications/personal', {
    lastName: '審査',
    firstName: '花子',
    kanaLastName: 'ｼﾝｻ',
    kanaFirstName: 'ﾊﾅｺ',
    gender: 'WOMAN',
    birthday: '1990-06-15',
    mobilePhoneNumber: '090-1234-5678',
    phoneNumber: null,
    postalNumber: '8100001',
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
    subAddress: null,
    kanaAddress: '1-2-3',
    kanaSubAddress: null,
    tempAddressPrefecture: null,
    tempAddress: null,
    kanaTempAddress: null,
    utilizationPurpose: ['生活費決済'],
    utilizationPurposeOther: null,
    distanceTransactionReason: null,
  });
  const { occupationList } = (await call('GET', '/api/occupations')) as { occupationList: { id: number; name: string }[] };
  await call('POST', '/api/applications/workplace', {
    occupationId: occupationList.find((o) => o.name === '会社員')!.id,
    occupationOther: null,
    workplaceName: '株式会社テスト商事',
    workplacePhoneNumber: '092-123-4567',
    workplaceId: null,
    invitationCode: null,
    existedAccountBranchCode: null,
    existedAccountNumber: null,
  });
  const { branchList } = (await call('GET', '/api/branch')) as { branchList: { code: string }[] };
  await call('POST', '/api/applications/branch', { branchCode: branchList[0]?.code });
  await call('POST', '/api/applications/seal-less', { sealLess: true });
  const { keyCode } = (await call('GET', '/api/public-key')) as { keyCode: string };
  const { constants, createPublicKey, publicEncrypt } = await import('node:crypto');
  const publicKey = createPublicKey({ key: Buffer.from(keyCode, 'base64'), format: 'der', type: 'spki' });
  await call('POST', '/api/pin', { code: publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('7394')).toString('base64') });

  const { url } = (await call('POST', '/api/ekyc', { supplement: false })) as { url: string };
  const sessionId = decodeURIComponent(/\/s\/([^/?]+)/.exec(url)![1]!);
  const simulated = await request.fetch(`${ekycOrigin}/v1/sessions/${encodeURIComponent(sessionId)}/simulate`, {
    method: 'POST',
    headers: { 'x-api-key': 'dev-ekyc-api-key' }, // the development key the worker's API and simulator share
    data: { outcome: 'ADDRESS_MISMATCH' },
  });
  if (!simulated.ok()) throw new Error(`simulate answered ${simulated.status()}`);
  await expect.poll(async () => ((await call('POST', '/api/ekyc/status')) as { status: number }).status).toBe(4);

  const uploaded = await request.fetch(`${origin}/api/documents`, {
    method: 'POST',
    headers: { host, authorization: `Bearer ${token}` },
    multipart: { type: 'CURRENT_ADDRESS_DOCUMENT', image: { name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: document } },
  });
  if (!uploaded.ok()) throw new Error(`POST /api/documents answered ${uploaded.status()}: ${await uploaded.text()}`);
  const completed = (await call('POST', '/api/application-complete')) as { applicationNumber: string };
  return { applicationNumber: completed.applicationNumber };
}
