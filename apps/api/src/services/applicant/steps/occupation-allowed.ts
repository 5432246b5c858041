import { isOccupationAllowed } from '@koza/domain/fields/occupation';
import { parentOccupationChooser } from '@koza/domain/steps/child-parent';
import { childOccupationChooser } from '@koza/domain/steps/child-personal';
import type { OccupationRow } from '../../../db/repositories/reference-lookups-repository.ts';

// The occupation rule of the child flow's saves (docs/decisions/0131-occupation-of-child-and-parent.md):
// the child chooses from the occupations displayed for children at the child's age, the parent from
// those of the general list at the parent's age (the domain's childOccupationChooser and
// parentOccupationChooser, which the web uses for its lists). Any other → 選択が必須です。

export type OccupationChooser = 'CHILD' | 'PARENT';

/** Whether the child (or the parent) of a child application, born on `birthday`, may choose this occupation on `today`. */
export const isOccupationAllowedFor = (row: OccupationRow, who: OccupationChooser, birthday: string | null, today: Date): boolean =>
  isOccupationAllowed(
    {
      generalDisplay: row.generalDisplay === 1,
      childDisplay: row.childDisplay === 1,
      minDisplayAge: row.minDisplayAge,
      maxDisplayAge: row.maxDisplayAge,
    },
    (who === 'CHILD' ? childOccupationChooser : parentOccupationChooser)(birthday, today),
  );
