import { proxyReasonMinor } from '@koza/domain/constants';
import { birthYearChoices } from '@koza/domain/dates';
import { parentOccupationChooser } from '@koza/domain/steps/child-parent';
import type { ApplicationParentView } from '@koza/domain/api/application';
import type { Occupation, SavedApplication } from '../../api/application.ts';
import { savedText } from '../../api/application.ts';
import { birthdayOf, birthdayParts, type BirthdayParts } from '../../forms/birthday-select.tsx';
import {
  emptyOccupationEntry,
  occupationEntryFrom,
  occupationPayload,
  occupationPayloadKeys,
  occupationsFor,
  withAllowedOccupation,
  type OccupationEntry,
} from '../../forms/occupation-section.tsx';
import { emptyPersonEntry, personEntryFrom, personEntryPayload, type PersonEntry } from '../../forms/person-entry.ts';

/**
 * /child/parent: the parent's personal data and occupation, workplace or school; the name, phones and
 * plain inputs are those the field registry asks of the parent (forms/person-entry.ts, as the applicant's).
 */
export interface ChildParentForm extends PersonEntry<'parent', 'parent'>, BirthdayParts, OccupationEntry {
  relationship: string;
  proxyApplicationReason: string;
}

/**
 * An empty parent form: the birth year pre-selected (SPEC.md §5: 1990 in the parent form), the
 * surname and its kana taken from the child's (they must be the same), the only proxy reason chosen.
 */
export function emptyParentForm(child: SavedApplication | undefined, today: Date): ChildParentForm {
  const year = birthYearChoices('PARENT', today).defaultYear;
  return {
    ...emptyPersonEntry('parent', 'parent'),
    lastName: child ? savedText(child, 'lastName') : '',
    kanaLastName: child ? savedText(child, 'kanaLastName') : '',
    birthYear: year === null ? '' : String(year),
    birthMonth: '',
    birthDay: '',
    relationship: '',
    proxyApplicationReason: proxyReasonMinor,
    ...emptyOccupationEntry,
  };
}

/** The form as the saved parent fills it (Back from the branch, a reload); empty when none is saved. */
export function parentFormFrom(child: SavedApplication, parent: ApplicationParentView | null, list: readonly Occupation[], today: Date): ChildParentForm {
  const empty = emptyParentForm(child, today);
  if (!parent || parent.lastName === null) return empty;
  const t = (key: keyof ApplicationParentView) => parent[key] ?? '';
  return {
    ...empty,
    ...personEntryFrom('parent', 'parent', t),
    ...birthdayParts(t('birthday')),
    relationship: t('relationship'),
    ...occupationEntryFrom(parent, list),
  };
}

/** The occupations the parent may choose: the general list at the parent's age (decision 0131). */
export const parentOccupations = (form: ChildParentForm, list: readonly Occupation[], today: Date): Occupation[] =>
  occupationsFor(list, parentOccupationChooser(birthdayOf(form) || null, today));

/** The form after a change: a new birthday clears an occupation the parent may no longer choose. */
export const afterParentChange = (form: ChildParentForm, list: readonly Occupation[], today: Date): ChildParentForm =>
  withAllowedOccupation(form, list, parentOccupationChooser(birthdayOf(form) || null, today));

/** Both payloads in one (the domain's childParentScreenSchema checks them together). */
export function parentPayload(form: ChildParentForm, occupation: Occupation | undefined): Record<string, unknown> {
  return {
    ...personEntryPayload(form),
    birthday: birthdayOf(form) || null,
    relationship: form.relationship || null,
    proxyApplicationReason: form.proxyApplicationReason || null,
    ...occupationPayload(form, occupation),
  };
}

/** The parent's workplace call's fields (POST /applications/workplace/parent); the rest is the personal call's. */
export const parentWorkplaceKeys = occupationPayloadKeys;
