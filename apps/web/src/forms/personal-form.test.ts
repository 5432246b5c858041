import { describe, expect, it } from 'vitest';
import { getBank } from '@koza/domain/banks/banks';
import { fieldsOf } from '@koza/domain/fields/registry';
import { personalShape } from '@koza/domain/steps/personal';
import { emptyPersonalForm, personalPayload, personalPhones, personalSaveBody } from './personal-form.ts';

// The body the personal pages send (general and child): SPEC.md §3 "utilizationPurpose
// (comma-joined)" and DECISIONS.md §7 "`utilizationPurpose` is the chosen labels joined by ',' in
// this order".

describe('personal save body', () => {
  it('sends the chosen purposes as labels joined by "," in the documented order, whatever order they were ticked in', () => {
    const bank = getBank('0177');
    const body = personalSaveBody(bank, { lastName: '山田', utilizationPurpose: ['その他', '公営競技（競輪・競馬・競艇・オートレース）', '生活費決済'] });
    expect(body).toEqual({
      bankCode: '0177',
      lastName: '山田',
      utilizationPurpose: '生活費決済,公営競技（競輪・競馬・競艇・オートレース）,その他',
    });
  });

  it('sends one purpose as its label alone', () => {
    expect(personalSaveBody(getBank('0587'), { utilizationPurpose: ['貯蓄・資産運用'] }).utilizationPurpose).toBe('貯蓄・資産運用');
  });
});

describe('the fields of the personal step', () => {
  const bank = getBank('0177');
  const declared = Object.keys(personalShape({ today: new Date(), homePrefecture: bank.homePrefecture, asksDistanceReason: bank.asksDistanceReason }));

  it("sends exactly the fields the domain's personal schema declares (a field given a rule there is typed on the screen)", () => {
    expect(Object.keys(personalPayload(emptyPersonalForm(bank))).sort()).toEqual([...declared].sort());
  });

  it("asks every phone of the registry's applicant group the schema declares, under the registry's key", () => {
    const phones = fieldsOf('application', undefined, 'applicant').filter((f) => (f.kind === 'phone' || f.kind === 'mobile') && declared.includes(f.key));
    expect(personalPhones.map((p) => p.key).sort()).toEqual(phones.map((f) => f.key).sort());
  });
});
