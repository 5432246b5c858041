import {
  addressesResponseSchema,
  applicationsResponseSchema,
  branchListResponseSchema,
  furiganaResponseSchema,
  occupationsResponseSchema,
  publicKeyResponseSchema,
  workplaceResponseSchema,
  type AddressItem,
  type BranchRequest,
  type ChildWorkplaceRequest,
  type PersonalRequest,
  type SealLessRequest,
  type WorkplaceRequest,
  type ApplicationsResponse,
  type ApplicationView,
  type BranchItem,
  type Occupation,
  type PinRequest,
  type WorkplaceResponse,
} from '@koza/domain/api/application';
import type { ParentPersonalRequest, ParentWorkplaceRequest } from '@koza/domain/api/child';
import { ApiCallError, api } from './client.ts';

// The calls of steps 1–6 of the general flow (SPEC.md §7, decisions 0040–0044): one function per call.
// Answers are read with the API contract of @koza/domain/api/application; payloads are the domain
// screen schemas' output; nothing here re-states a rule.

export type { AddressItem, Occupation };
export type Workplace = WorkplaceResponse;
export type Branch = BranchItem;

/** The saved application (SPEC.md §3 field names); values not saved yet are null. */
export type SavedApplication = ApplicationView;

/** GET /api/applications (auth): what has been saved so far (a resumed draft prefills the forms). */
export function getApplications(signal?: AbortSignal): Promise<ApplicationsResponse> {
  return api.get('/api/applications', { schema: applicationsResponseSchema, signal });
}

/** GET /api/applications → the application saved so far. */
export async function getSavedApplication(signal?: AbortSignal): Promise<SavedApplication> {
  const { application } = await getApplications(signal);
  return application;
}

/** A text value of the saved application, '' for null. */
export function savedText(application: SavedApplication, key: keyof SavedApplication): string {
  const value = application[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** GET /api/occupations → the list, その他 last (decision 0040). */
export async function getOccupations(signal?: AbortSignal): Promise<Occupation[]> {
  const result = await api.get('/api/occupations', { schema: occupationsResponseSchema, signal });
  return result.occupationList;
}

/** GET /api/addresses?postalNumber= → the towns of a 7-digit postal code. */
export async function searchAddresses(postalNumber: string): Promise<AddressItem[]> {
  const result = await api.get('/api/addresses', { query: { postalNumber }, schema: addressesResponseSchema });
  return result.addressList;
}

/** GET /api/furigana?kanji= → a half-width katakana suggestion (decision 0041). */
export async function getFurigana(kanji: string): Promise<string> {
  const result = await api.get('/api/furigana', { query: { kanji }, schema: furiganaResponseSchema });
  return result.kana;
}

/** GET /api/workplace?code= → the workplace, or null when the code is not found (404). */
export async function lookupWorkplace(code: string): Promise<Workplace | null> {
  try {
    return await api.get('/api/workplace', { query: { code }, schema: workplaceResponseSchema });
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return null;
    throw error;
  }
}

/** GET /api/invitation?code= → true when valid (204), false when not found or invalid (404). */
export async function checkInvitationCode(code: string): Promise<boolean> {
  try {
    await api.get('/api/invitation', { query: { code } });
    return true;
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return false;
    throw error;
  }
}

/** POST /api/applications/personal → 204; 400 { errors }. */
export async function savePersonal(payload: PersonalRequest): Promise<void> {
  await api.post('/api/applications/personal', payload);
}

/** POST /api/applications/workplace → 204; 400 { errors }. */
export async function saveWorkplace(payload: WorkplaceRequest | ChildWorkplaceRequest): Promise<void> {
  await api.post('/api/applications/workplace', payload);
}

/** GET /api/branch → the branches offered to this applicant, those in their municipality first. */
export async function getBranches(signal?: AbortSignal): Promise<Branch[]> {
  const result = await api.get('/api/branch', { schema: branchListResponseSchema, signal });
  return result.branchList;
}

/** POST /api/applications/branch { branchCode } → 204. */
export async function saveBranch(payload: BranchRequest): Promise<void> {
  await api.post('/api/applications/branch', payload);
}

/** POST /api/applications/seal-less { sealLess } → 204. */
export async function saveSealLess(payload: SealLessRequest): Promise<void> {
  await api.post('/api/applications/seal-less', payload);
}

/** GET /api/public-key → keyCode (base64 DER SPKI, RSA-OAEP SHA-256; decision 0042). */
export async function getPublicKey(): Promise<string> {
  const result = await api.get('/api/public-key', { schema: publicKeyResponseSchema });
  return result.keyCode;
}

/** POST /api/pin { code } (the encrypted PIN, base64) → 204; 400 with the PIN rule's message on `code`. */
export async function setPin(code: string): Promise<void> {
  const body: PinRequest = { code };
  await api.post('/api/pin', body);
}

/** POST /api/applications/personal/parent (child flow) → 204; 400 { errors } (same surname, over 17 …). */
export async function saveParentPersonal(payload: ParentPersonalRequest): Promise<void> {
  await api.post('/api/applications/personal/parent', payload);
}

/** POST /api/applications/workplace/parent (child flow) → 204; 400 { errors }. */
export async function saveParentWorkplace(payload: ParentWorkplaceRequest): Promise<void> {
  await api.post('/api/applications/workplace/parent', payload);
}
