import type { App } from '../../src/app.ts';
import type { SaveCall } from '@koza/domain/flows';
import { applicant, branchPayload, postSteps, saveOrder, childPersonalPayload, childWorkplacePayload, stepPaths, stepsBefore } from './application-steps.ts';
import type { Applicant, StepOverride } from './application-steps.ts';
import { imagePart, jpegBytes, setPin, uploadDocument } from './ready-application.ts';

// A child application (SPEC.md §2.2, §4) through the real endpoints: the child's personal data and
// workplace, the parent's personal data and workplace and the branch (in the order flows.ts gives),
// the PIN, then the child's documents. Shared by the child and parent tests (child-parent-save, child-order-and-lock,
// child-completion).

/** The mother of childPersonalPayload's child (山田花子, 10 on testNow): 41 on testNow. */
export const parentPayload = {
  bankCode: '0177',
  lastName: '山田',
  firstName: '良子',
  kanaLastName: 'ﾔﾏﾀﾞ',
  kanaFirstName: 'ﾖｼｺ',
  birthday: '1985-05-05',
  relationship: 'MOTHER',
  mobilePhoneNumber: '080-1111-2222',
  phoneNumber: null,
  proxyApplicationReason: 'minor',
};

/** The parent's occupation: 会社員 (workplace REQUIRED). */
export const parentWorkplacePayload = {
  occupationId: 1,
  occupationOther: null,
  workplaceName: '株式会社博多テスト',
  workplacePhoneNumber: '092-111-2222',
};

export const childStepPaths = {
  personal: stepPaths.personal,
  workplace: stepPaths.workplace,
  parentPersonal: '/api/applications/personal/parent',
  parentWorkplace: '/api/applications/workplace/parent',
  branch: stepPaths.branch,
} as const;
export type ChildStep = keyof typeof childStepPaths;
/** The child flow's input steps in the order flows.ts gives them. */
export const childSteps = saveOrder('CHILD', Object.keys(childStepPaths) as ChildStep[]);
/** A valid payload of each child step. */
export const childPayloads: Readonly<Record<ChildStep, object>> = {
  personal: childPersonalPayload,
  workplace: childWorkplacePayload,
  parentPersonal: parentPayload,
  parentWorkplace: parentWorkplacePayload,
  branch: branchPayload,
};

/** A signed-in child application (bank 0177 unless told). */
export const childApplicant = (app: App, options: { host?: string } = {}): Promise<Applicant> => applicant(app, { ...options, applicationType: 'CHILD' });

/** Saves the child flow's steps up to and including `last`, in the flow's order (overrides per step). */
export async function saveChildThrough(a: Applicant, last: ChildStep, overrides: Partial<Record<ChildStep, StepOverride>> = {}): Promise<void> {
  await postSteps(a, childSteps.slice(0, childSteps.indexOf(last) + 1), childStepPaths, childPayloads, overrides);
}

/**
 * Saves what a child save call needs first, whatever the flow's order: `saveChildBefore(a,
 * 'parentPersonal')` before a test of the parent, `saveChildBefore(a, 'pin')` for every input step.
 */
export async function saveChildBefore(a: Applicant, call: SaveCall, overrides: Partial<Record<ChildStep, StepOverride>> = {}): Promise<void> {
  await postSteps(a, stepsBefore('CHILD', call, childSteps), childStepPaths, childPayloads, overrides);
}

/** A child applicant with every input step saved and the PIN set, through HTTP. */
export async function readyChildApplicant(app: App, options: { host?: string } = {}): Promise<Applicant> {
  const a = await childApplicant(app, options);
  await saveChildBefore(a, 'pin');
  await setPin(a);
  return a;
}

export const uploadAs = (a: Applicant, type: string, bytes = jpegBytes()) => uploadDocument(a, [{ name: 'type', value: type }, imagePart(bytes)]);

/** Uploads the child's individual number card and a certificate of residence (204 each). */
export async function uploadChildDocuments(
  a: Applicant,
  supplementary: 'CERTIFICATE_RESIDENCE' | 'MATERNITY_HANDBOOK' = 'CERTIFICATE_RESIDENCE',
): Promise<void> {
  for (const type of ['INDIVIDUAL_NUMBER_CARD', supplementary]) {
    const response = await uploadAs(a, type);
    if (response.statusCode !== 204) throw new Error(`uploading ${type} answered ${response.statusCode}: ${response.body}`);
  }
}
