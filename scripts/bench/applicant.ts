// An applicant driven over HTTP as the web drives the API: sign-in through the development outbox,
// the general steps saved, the PIN set, eKYC started at the simulator.
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { pageSaving, savesBefore, type SaveCall } from '@koza/domain/flows';

export const personalPayload = {
  lastName: '山田',
  firstName: '太郎',
  kanaLastName: 'ﾔﾏﾀﾞ',
  kanaFirstName: 'ﾀﾛｳ',
  gender: 'MAN',
  birthday: '1990-04-01',
  mobilePhoneNumber: '090-1234-5678',
  phoneNumber: null,
  postalNumber: '8100001',
  addressCode: '40133',
  addressPrefecture: '福岡県',
  addressMunicipality: '福岡市中央区',
  addressSection: '天神',
  addressChome: '',
  kanaAddressPrefecture: 'ﾌｸｵｶｹﾝ',
  kanaAddressMunicipality: 'ﾌｸｵｶｼﾁｭｳｵｳｸ',
  kanaAddressSection: 'ﾃﾝｼﾞﾝ',
  kanaAddressChome: '',
  address: '1-2-3',
  subAddress: '天神ハイツ101',
  kanaAddress: '1-2-3',
  kanaSubAddress: 'ﾃﾝｼﾞﾝﾊｲﾂ101',
  tempAddressPrefecture: null,
  tempAddress: null,
  kanaTempAddress: null,
  utilizationPurpose: ['生活費決済', '給与・年金受取'],
  utilizationPurposeOther: null,
  distanceTransactionReason: null,
};

/** The body of each general input save the bench makes. */
const generalSaveBodies: Partial<Record<SaveCall, [string, object]>> = {
  personal: ['/api/applications/personal', personalPayload],
  workplace: [
    '/api/applications/workplace',
    {
      occupationId: 1,
      occupationOther: null,
      workplaceName: '株式会社博多テスト',
      workplacePhoneNumber: '092-111-2222',
      workplaceId: null,
      invitationCode: null,
      existedAccountBranchCode: null,
      existedAccountNumber: null,
    },
  ],
  branch: ['/api/applications/branch', { branchCode: '100' }],
  sealLess: ['/api/applications/seal-less', { sealLess: true }],
};

/**
 * The general flow's step saves after verification, in the order of its pages (flows.ts: every save
 * before the PIN page), so a reordered flow reorders them. A save the bench has no body for fails
 * here, at start, naming its page.
 */
export const generalStepSaves: [string, object][] = savesBefore('pin', 'GENERAL').map((call) => {
  const save = generalSaveBodies[call];
  if (save === undefined) throw new Error(`scripts/bench/applicant.ts has no body for the ${call} save of the general page ${pageSaving('GENERAL', call)}`);
  return save;
});

let serial = 0;

async function expectStatus(response: Response, status: number, what: string): Promise<Response> {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

export class Applicant {
  readonly base: string;
  readonly token: string;
  constructor(base: string, token: string) {
    this.base = base;
    this.token = token;
  }

  get headers(): Record<string, string> {
    return { authorization: `Bearer ${this.token}` };
  }

  /** Signs in as the web does; 127.0.0.1 is served as the default bank (0177). */
  static async signIn(base: string): Promise<Applicant> {
    const mailAddress = `bench.${process.pid}.${Date.now()}.${serial++}@example.jp`;
    const post = (path: string, body: object) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await expectStatus(await post('/api/verification-codes/register', { bankCode: '0177', mailAddress, applicationType: 'GENERAL' }), 204, 'register');
    const mails = (await (await fetch(`${base}/__dev/mails?to=${encodeURIComponent(mailAddress)}`)).json()) as { text: string }[];
    const code = /(\d{6})/.exec(mails[0]?.text ?? '')?.[1];
    if (!code) throw new Error('no verification code in the dev mailbox');
    const verify = await expectStatus(
      await post('/api/verification-codes/verify', {
        bankCode: '0177',
        mailAddress,
        verificationCode: code,
        channel: null,
        deviceId: null,
        applicationType: 'GENERAL',
      }),
      200,
      'verify',
    );
    return new Applicant(base, ((await verify.json()) as { authenticationToken: string }).authenticationToken);
  }

  async post(path: string, body?: object): Promise<Response> {
    return fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: { ...this.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  /** Steps 1–6 saved and the PIN set; then eKYC started (the simulator's session stays open). */
  async startEkyc(): Promise<void> {
    for (const [path, body] of generalStepSaves) await expectStatus(await this.post(path, body), 204, path);
    const key = (await (await expectStatus(await fetch(`${this.base}/api/public-key`, { headers: this.headers }), 200, 'public key')).json()) as {
      keyCode: string;
    };
    const publicKey = createPublicKey({ key: Buffer.from(key.keyCode, 'base64'), format: 'der', type: 'spki' });
    const code = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('7394')).toString('base64');
    await expectStatus(await this.post('/api/pin', { code }), 204, 'PIN');
    await expectStatus(await this.post('/api/ekyc', { supplement: false }), 200, 'eKYC start');
  }
}
