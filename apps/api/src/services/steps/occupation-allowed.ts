import { ageOn, parseIsoDate } from '@koza/domain/dates';
import { isOccupationAllowed } from '@koza/domain/fields/occupation';
import type { OccupationRow } from '../../db/repositories/reference-lookups-repository.ts';

// The occupation rule of the child flow's saves (docs/decisions/0131-occupation-of-child-and-parent.md):
// the child chooses from the occupations displayed for children at the child's age, the parent from
// those of the general list at the parent's age (the parent is an adult applicant, as the data's note
// says). The web lists only these; the API refuses any other with 選択が必須です。

export type OccupationChooser = 'CHILD' | 'PARENT';

/** The age on `today` of a saved birthday, or null when none is saved. */
export const ageOfSaved = (birthday: string | null, today: Date): number | null =>
  birthday !== null && parseIsoDate(birthday) !== null ? ageOn(birthday, today) : null;

/** Whether the child (or the parent) of a child application may choose this occupation at this age. */
export const isOccupationAllowedFor = (row: OccupationRow, who: OccupationChooser, age: number | null): boolean =>
  isOccupationAllowed(
    {
      generalDisplay: row.generalDisplay === 1,
      childDisplay: row.childDisplay === 1,
      minDisplayAge: row.minDisplayAge,
      maxDisplayAge: row.maxDisplayAge,
    },
    { applicationType: who === 'CHILD' ? 'CHILD' : 'GENERAL', age },
  );
