import { describe, expect, it } from 'vitest';
import { isOccupationAllowed } from '../src/fields/occupation.ts';
import { parentOccupationChooser } from '../src/steps/child-parent.ts';
import { childOccupationChooser } from '../src/steps/child-personal.ts';

// Who chooses an occupation in the child flow: the child from the children's list at the child's
// age, the parent from the general list at the parent's age (decision 0131).

const today = '2026-06-15';
const preschool = { generalDisplay: false, childDisplay: true, minDisplayAge: 0, maxDisplayAge: 6 };
const employee = { generalDisplay: true, childDisplay: true, minDisplayAge: 15, maxDisplayAge: null };
const civilServant = { generalDisplay: true, childDisplay: false, minDisplayAge: 18, maxDisplayAge: null };

describe('childOccupationChooser', () => {
  it('gives the children’s list at the child’s age on today', () => {
    expect(childOccupationChooser('2020-06-15', today)).toEqual({ applicationType: 'CHILD', age: 6 });
    expect(childOccupationChooser('2020-06-16', today)).toEqual({ applicationType: 'CHILD', age: 5 });
    expect(isOccupationAllowed(preschool, childOccupationChooser('2020-06-15', today))).toBe(true);
    expect(isOccupationAllowed(preschool, childOccupationChooser('2019-06-15', today))).toBe(false);
    expect(isOccupationAllowed(employee, childOccupationChooser('2011-06-15', today))).toBe(true);
    expect(isOccupationAllowed(employee, childOccupationChooser('2011-06-16', today))).toBe(false);
    expect(isOccupationAllowed(civilServant, childOccupationChooser('2009-01-01', today))).toBe(false);
  });

  it('has no age while no valid birthday is chosen', () => {
    expect(childOccupationChooser(null, today).age).toBeNull();
    expect(childOccupationChooser('2020-02-30', today).age).toBeNull();
  });
});

describe('parentOccupationChooser', () => {
  it('gives the general list at the parent’s age', () => {
    expect(parentOccupationChooser('1985-05-05', today)).toEqual({ applicationType: 'GENERAL', age: 41 });
    expect(isOccupationAllowed(civilServant, parentOccupationChooser('1985-05-05', today))).toBe(true);
    expect(isOccupationAllowed(preschool, parentOccupationChooser('1985-05-05', today))).toBe(false);
    expect(parentOccupationChooser(undefined, today).age).toBeNull();
  });
});
