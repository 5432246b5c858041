import { missingSteps, pageSaving, saveRequirements, savesBefore } from '@koza/domain/flows';
import type { PageSlug } from '@koza/domain/flows';
import type { SaveCall, SavedStep } from '@koza/domain/flows';
import type { ApplicationType } from '@koza/domain/constants';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app.ts';
import { fixedClock } from '../../src/adapters/clock.ts';
import { findById } from '../../src/db/repositories/applications-repository.ts';
import { savedStepsOf } from '../../src/services/applicant/applications.ts';
import type { ApplicationRow } from '../../src/db/repositories/applications-repository.ts';
import type { Db } from '../../src/db/database.ts';
import { createTestApp } from './app.ts';
import { hosts, signIn } from './auth.ts';

export { hosts };

// Shared by the tests of the application steps (personal … PIN): a signed-in applicant, valid
// payloads for each step, and a way to save the steps before the one under test.

/** Every step test runs on this day (birthdays, invitation-code windows). */
export const testNow = '2026-06-15T10:00:00+09:00';

export async function createStepsApp(db: Db, now: string = testNow): Promise<App> {
  return createTestApp({ db, clock: fixedClock(now) });
}

export interface Applicant {
  app: App;
  token: string;
  applicationId: string;
  host: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  row(): Promise<ApplicationRow>;
}

/** Signs in a new applicant (own mail address) through the verification API. */
export async function applicant(
  app: App,
  { host = hosts['0177'], applicationType = 'GENERAL' }: { host?: string; applicationType?: 'GENERAL' | 'CHILD' } = {},
): Promise<Applicant> {
  const { token, applicationId } = await signIn(app, { host, applicationType });
  const headers = { host, authorization: `Bearer ${token}` };
  return {
    app,
    token,
    applicationId,
    host,
    get: (url) => app.inject({ method: 'GET', url, headers }),
    post: (url, payload) => app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) }),
    row: async () => {
      const row = await findById(app.deps.db, applicationId);
      if (!row) throw new Error('application not found');
      return row;
    },
  };
}

/** A searched address: 〒810-0001 福岡県福岡市中央区天神, as GET /api/addresses offers it. */
export const tenjin = {
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
};

/** 〒812-0011 福岡県福岡市博多区博多駅前. */
export const hakataEkimae = {
  postalNumber: '8120011',
  addressCode: '40132',
  addressPrefecture: '福岡県',
  addressMunicipality: '福岡市博多区',
  addressSection: '博多駅前',
  addressChome: '',
  kanaAddressPrefecture: 'ﾌｸｵｶｹﾝ',
  kanaAddressMunicipality: 'ﾌｸｵｶｼﾊｶﾀｸ',
  kanaAddressSection: 'ﾊｶﾀｴｷﾏｴ',
  kanaAddressChome: '',
};

/** 〒840-0801 佐賀県佐賀市駅前中央 (a neighbouring prefecture of 0177: the distance reason is asked). */
export const sagaEkimae = {
  postalNumber: '8400801',
  addressCode: '41201',
  addressPrefecture: '佐賀県',
  addressMunicipality: '佐賀市',
  addressSection: '駅前中央',
  addressChome: '',
  kanaAddressPrefecture: 'ｻｶﾞｹﾝ',
  kanaAddressMunicipality: 'ｻｶﾞｼ',
  kanaAddressSection: 'ｴｷﾏｴﾁｭｳｵｳ',
  kanaAddressChome: '',
};

/** 〒060-0001 北海道札幌市中央区北一条西: far from every bank. */
export const sapporo = {
  postalNumber: '0600001',
  addressCode: '01101',
  addressPrefecture: '北海道',
  addressMunicipality: '札幌市中央区',
  addressSection: '北一条西',
  addressChome: '',
  kanaAddressPrefecture: 'ﾎｯｶｲﾄﾞｳ',
  kanaAddressMunicipality: 'ｻｯﾎﾟﾛｼﾁｭｳｵｳｸ',
  kanaAddressSection: 'ｷﾀ1ｼﾞｮｳﾆｼ',
  kanaAddressChome: '',
};

export const noTemporaryAddress = { tempAddressPrefecture: null, tempAddress: null, kanaTempAddress: null };

/** A valid personal payload (general, 0177) as the web sends it. */
export const personalPayload = {
  lastName: '山田',
  firstName: '太郎',
  kanaLastName: 'ﾔﾏﾀﾞ',
  kanaFirstName: 'ﾀﾛｳ',
  gender: 'MAN',
  birthday: '1990-04-01',
  mobilePhoneNumber: '090-1234-5678',
  phoneNumber: null,
  ...tenjin,
  address: '1-2-3',
  subAddress: '天神ハイツ101',
  kanaAddress: '1-2-3',
  kanaSubAddress: 'ﾃﾝｼﾞﾝﾊｲﾂ101',
  ...noTemporaryAddress,
  utilizationPurpose: ['生活費決済', '給与・年金受取'],
  utilizationPurposeOther: null,
  distanceTransactionReason: null,
};

/** A child's personal payload (child flow): 10 years old on testNow. */
export const childPersonalPayload = { ...personalPayload, firstName: '花子', kanaFirstName: 'ﾊﾅｺ', gender: 'WOMAN', birthday: '2016-05-05' };

/** 会社員 (workplace REQUIRED) at a workplace typed by hand, no codes. */
export const workplacePayload = {
  occupationId: 1,
  occupationOther: null,
  workplaceName: '株式会社博多テスト',
  workplacePhoneNumber: '092-111-2222',
  workplaceId: null,
  invitationCode: null,
  existedAccountBranchCode: null,
  existedAccountNumber: null,
};

/** The child flow's workplace payload: 学生 (OPTIONAL) at a school. */
export const childWorkplacePayload = { ...workplacePayload, occupationId: 9, workplaceName: '天神小学校', workplacePhoneNumber: null };

export const branchPayload = { branchCode: '100' };
export const sealLessPayload = { sealLess: true };

/**
 * The order the journey definition (flows.ts) gives these saves: each save call after every step it
 * needs first. A reorder in flows.ts moves the helpers' saves with it.
 */
export function saveOrder<S extends SavedStep>(type: ApplicationType, steps: readonly S[]): S[] {
  const requirements = saveRequirements[type];
  const needed = (step: S): number => {
    const required = requirements[step];
    if (!required) throw new Error(`${step} is not a save call of the ${type} flow (flows.ts)`);
    return required.length;
  };
  return [...steps].sort((a, b) => needed(a) - needed(b));
}

export const stepPaths = {
  personal: '/api/applications/personal',
  workplace: '/api/applications/workplace',
  branch: '/api/applications/branch',
  sealLess: '/api/applications/seal-less',
} as const;
export type GeneralStep = keyof typeof stepPaths;
const order = saveOrder('GENERAL', Object.keys(stepPaths) as GeneralStep[]);
const payloads: Record<GeneralStep, object> = {
  personal: personalPayload,
  workplace: workplacePayload,
  branch: branchPayload,
  sealLess: sealLessPayload,
};

/** A step's payload over the valid one: fields, or a function that reads them once the steps before are saved. */
export type StepOverride = object | ((a: Applicant) => Promise<object>);

/**
 * Why a save was refused, in the flow's words: the save, its page, and each step it still lacked
 * with the page that saves it (flows.ts), read from the application as the API sees it.
 */
async function refusalOf(a: Applicant, step: string, status: number, body: string): Promise<string> {
  const row = await a.row();
  const type = row.applicationType;
  const call = step as SaveCall;
  const page = pageSaving(type, call);
  const where = `saving ${step}${page ? ` (page ${page})` : ''}`;
  if (status !== 409 || page === undefined) return `${where} answered ${status}: ${body}`;
  const lacked = missingSteps(type, call, savedStepsOf(row)).map((s) => `${s} (page ${pageSaving(type, s)})`);
  return `${where} answered 409: ${lacked.length ? `it lacks ${lacked.join(', ')}` : body}`;
}

/** Posts steps in order with their valid payloads and the overrides; throws unless each answers 204, naming what a refusal lacked. */
export async function postSteps<S extends string>(
  a: Applicant,
  steps: readonly S[],
  paths: Readonly<Record<S, string>>,
  valid: Readonly<Record<S, object>>,
  overrides: Partial<Record<S, StepOverride>>,
): Promise<void> {
  for (const step of steps) {
    const override = overrides[step];
    const response = await a.post(paths[step], { ...valid[step], ...(typeof override === 'function' ? await override(a) : override) });
    if (response.statusCode !== 204) throw new Error(await refusalOf(a, step, response.statusCode, response.body));
  }
}

/**
 * The input steps a flow saves on its main-line pages before `slug` (flows.ts savesBefore), among
 * those a helper can post (`steps`). Throws, naming the page, when one of them is not postable here
 * (the PIN, eKYC, documents: the tests have their own helpers for those).
 */
export function inputStepsBefore<S extends SavedStep>(type: ApplicationType, slug: PageSlug, steps: readonly S[]): S[] {
  return savesBefore(slug, type).map((call) => {
    if (!(steps as readonly string[]).includes(call))
      throw new Error(`page ${pageSaving(type, call)} (${call}) comes before ${slug}: save it with its own helper`);
    return call as S;
  });
}

/**
 * The steps a save call of a flow needs first (flows.ts saveRequirements), in the order given. For
 * 'pin': every input step of the flow.
 */
export function stepsBefore<S extends SavedStep>(type: ApplicationType, call: SaveCall, order: readonly S[]): S[] {
  const needed = saveRequirements[type][call];
  if (!needed) throw new Error(`${call} is not a save call of the ${type} flow (flows.ts)`);
  return order.filter((step) => needed.includes(step));
}

/**
 * Completes every general page before page `slug`, asking the flow which those are:
 * `savePagesBefore(a, 'seal-less')` for an applicant standing on the seal-less page, whatever order
 * flows.ts gives the pages before it.
 */
export async function savePagesBefore(a: Applicant, slug: PageSlug, overrides: Partial<Record<GeneralStep, StepOverride>> = {}): Promise<void> {
  await postSteps(a, inputStepsBefore('GENERAL', slug, order), stepPaths, payloads, overrides);
}

/**
 * Saves what a general save call needs first, whatever the flow's order: `saveBefore(a, 'branch')`
 * before a test of the branch, `saveBefore(a, 'pin')` for every input step.
 */
export async function saveBefore(a: Applicant, call: SaveCall, overrides: Partial<Record<GeneralStep, StepOverride>> = {}): Promise<void> {
  await postSteps(a, stepsBefore('GENERAL', call, order), stepPaths, payloads, overrides);
}
