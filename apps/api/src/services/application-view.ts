import { japaneseEraYear, parseIsoDate } from '@koza/domain/dates';
import type { ApplicationParentView, ApplicationView, ApplicationsResponse } from '@koza/domain/api/application';
import type { Db } from '../db/database.ts';
import { findById, findParentByApplicationId } from '../db/repositories/applications-repository.ts';
import type { ApplicationParentRow, ApplicationRow } from '../db/repositories/applications-repository.ts';

// GET /api/applications: the saved application in the field names of SPEC.md §3, exactly, with
// null for every value not saved yet (the shape: @koza/domain/api/application). This is the one
// place a row becomes that shape.

/** A row of `applications` → SPEC.md §3 "Application". */
export function toApplicationView(row: ApplicationRow): ApplicationView {
  return {
    bankCode: row.bankCode,
    lastName: row.lastName,
    firstName: row.firstName,
    kanaLastName: row.kanaLastName,
    kanaFirstName: row.kanaFirstName,
    gender: row.gender,
    birthday: row.birthday,
    // Derived from the birthday with the domain's rule, so it can never disagree with it.
    eraBirthday: row.birthday && parseIsoDate(row.birthday) ? japaneseEraYear(row.birthday) : null,
    mobilePhoneNumber: hyphenatedMobile(row.mobilePhoneNumber),
    phoneNumber: emptyToNull(row.phoneNumber),
    postalNumber: row.postalNumber === null ? null : row.postalNumber.replace(/\D/g, ''),
    addressCode: row.addressCode,
    addressPrefecture: row.addressPrefecture,
    addressMunicipality: row.addressMunicipality,
    addressSection: row.addressSection,
    addressChome: row.addressChome,
    kanaAddressPrefecture: row.kanaAddressPrefecture,
    kanaAddressMunicipality: row.kanaAddressMunicipality,
    kanaAddressSection: row.kanaAddressSection,
    kanaAddressChome: row.kanaAddressChome,
    address: row.address,
    subAddress: row.subAddress,
    kanaAddress: row.kanaAddress,
    kanaSubAddress: row.kanaSubAddress,
    tempAddressPrefecture: row.tempAddressPrefecture,
    tempAddress: row.tempAddress,
    kanaTempAddress: row.kanaTempAddress,
    occupationName: row.occupationName,
    occupationOther: row.occupationOther,
    workplaceCode: row.workplaceCode,
    workplaceId: row.workplaceId,
    workplaceName: row.workplaceName,
    workplacePhoneNumber: row.workplacePhoneNumber,
    invitationCode: row.invitationCode,
    existedAccountBranchCode: row.existedAccountBranchCode,
    existedAccountNumber: row.existedAccountNumber,
    branchCode: row.branchCode,
    branchName: row.branchName,
    sealLess: row.sealLess === null ? null : row.sealLess === 1,
    // Stored comma-joined in the bank's order (DECISIONS.md §7); an array would be joined the same way.
    utilizationPurpose: row.utilizationPurpose,
    utilizationPurposeOther: row.utilizationPurposeOther,
    distanceTransactionReason: row.distanceTransactionReason,
    applicationType: row.applicationType === 'CHILD' ? 'CHILD' : 'GENERAL',
  };
}

/** A row of `application_parents` → SPEC.md §3 "Parent application"; a child application without one yet → all null. */
export function toApplicationParentView(row: ApplicationParentRow | null): ApplicationParentView {
  return {
    lastName: row?.lastName ?? null,
    firstName: row?.firstName ?? null,
    kanaLastName: row?.kanaLastName ?? null,
    kanaFirstName: row?.kanaFirstName ?? null,
    birthday: row?.birthday ?? null,
    relationship: row?.relationship ?? null,
    mobilePhoneNumber: hyphenatedMobile(row?.mobilePhoneNumber ?? null),
    phoneNumber: emptyToNull(row?.phoneNumber ?? null),
    proxyApplicationReason: row?.proxyApplicationReason ?? null,
    occupationName: row?.occupationName ?? null,
    occupationOther: row?.occupationOther ?? null,
    workplaceName: row?.workplaceName ?? null,
    workplacePhoneNumber: row?.workplacePhoneNumber ?? null,
  };
}

/** `{ application, applicationParent }` of an application (applicationParent null for GENERAL), or null if it does not exist. */
export async function applicationsResponse(db: Db, applicationId: string): Promise<ApplicationsResponse | null> {
  const row = await findById(db, applicationId);
  if (!row) return null;
  const application = toApplicationView(row);
  const applicationParent =
    application.applicationType === 'CHILD' ? toApplicationParentView(await findParentByApplicationId(db, applicationId)) : null;
  return { application, applicationParent };
}

const emptyToNull = (v: string | null): string | null => (v === null || v === '' ? null : v);

/** Mobile numbers are saved hyphenated (the domain's pattern); 11 bare digits are shown 3-4-4 all the same. */
function hyphenatedMobile(v: string | null): string | null {
  if (v === null || v === '') return null;
  return /^\d{11}$/.test(v) ? `${v.slice(0, 3)}-${v.slice(3, 7)}-${v.slice(7)}` : v;
}
