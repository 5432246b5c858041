import { japaneseEraYear, parseIsoDate } from '@koza/domain/dates';
import type { ApplicationParentView, ApplicationView, ApplicationsResponse } from '@koza/domain/api/application';
import { fieldsOf, type FieldDefinition, type FieldRecord } from '@koza/domain/fields/registry';
import type { Db } from '../../db/database.ts';
import { findById, findParentByApplicationId } from '../../db/repositories/applications-repository.ts';
import type { ApplicationParentRow, ApplicationRow } from '../../db/repositories/applications-repository.ts';

// GET /api/applications: the saved application in the field names of SPEC.md §3, exactly, with
// null for every value not saved yet (the shape: @koza/domain/api/application). This is the one
// place a row becomes that shape.

/** A stored value → its value in the answer, by the field's kind (the registry's `view`). */
function viewValue(field: FieldDefinition, value: unknown, row: Readonly<Record<string, unknown>> | null): unknown {
  const v = value === undefined ? null : value;
  switch (field.kind) {
    // Derived from the birthday with the domain's rule, so it can never disagree with it.
    case 'eraYear': {
      const birthday = row?.birthday;
      return typeof birthday === 'string' && parseIsoDate(birthday) ? japaneseEraYear(birthday) : null;
    }
    case 'mobile':
      return hyphenatedMobile(v as string | null);
    case 'phone':
      return emptyToNull(v as string | null);
    case 'postalCode':
      return typeof v === 'string' ? v.replace(/\D/g, '') : null;
    case 'flag':
      return v === null ? null : v === 1;
    default:
      // The purposes are stored comma-joined in the bank's order (DECISIONS.md §7), and so answered.
      return v;
  }
}

function viewOf(record: FieldRecord, row: Readonly<Record<string, unknown>> | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fieldsOf(record)) if (field.view) out[field.key] = viewValue(field, row?.[field.key], row);
  return out;
}

/** A row of `applications` → SPEC.md §3 "Application" (the fields the registry puts in the answer). */
export function toApplicationView(row: ApplicationRow): ApplicationView {
  return {
    bankCode: row.bankCode,
    ...viewOf('application', row),
    applicationType: row.applicationType,
  } as ApplicationView;
}

/** A row of `application_parents` → SPEC.md §3 "Parent application"; a child application without one yet → all null. */
export function toApplicationParentView(row: ApplicationParentRow | null): ApplicationParentView {
  return viewOf('parent', row) as ApplicationParentView;
}

/** `{ application, applicationParent }` of an application (applicationParent null for GENERAL), or null if it does not exist. */
export async function applicationsResponse(db: Db, applicationId: string): Promise<ApplicationsResponse | null> {
  const row = await findById(db, applicationId);
  if (!row) return null;
  const application = toApplicationView(row);
  const applicationParent = application.applicationType === 'CHILD' ? toApplicationParentView(await findParentByApplicationId(db, applicationId)) : null;
  return { application, applicationParent };
}

const emptyToNull = (v: string | null): string | null => (v === null || v === '' ? null : v);

/** Mobile numbers are saved hyphenated (the domain's pattern); 11 bare digits are shown 3-4-4 all the same. */
function hyphenatedMobile(v: string | null): string | null {
  if (v === null || v === '') return null;
  return /^\d{11}$/.test(v) ? `${v.slice(0, 3)}-${v.slice(3, 7)}-${v.slice(7)}` : v;
}
