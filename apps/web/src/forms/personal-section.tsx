import { asksDistanceReasonFor } from '@koza/domain/banks/banks';
import type { Bank } from '@koza/domain/banks/banks';
import type { ApplicationType } from '@koza/domain/constants';
import { otherLabel } from '@koza/domain/fields/purposes';
import { personalAddressKeys, personalPerson } from '@koza/domain/steps/personal';
import { CheckboxList } from '../components/checkbox-list.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { Field, FieldGroup } from '../components/field.tsx';
import { AddressSection, addressText } from './address-section.tsx';
import { BirthdaySelect, birthdayText } from './birthday-select.tsx';
import { askedPhones, nameKeys } from './person-entry.ts';
import { ChoiceField, NameFields, PersonParts, PhoneFields, personText } from './person-fields.tsx';
import { residenceOf, type PersonalForm } from './personal-form.ts';

// UI wording of the personal data; field messages come from messages.ts.
export const personalText = {
  ...personText,
  ...birthdayText,
  ...addressText,
  purposes: 'お取引の目的',
  purposeOther: 'その他の取引目的',
  distanceReason: '遠隔地でのお取引の理由',
  distanceHint: (home: string) => `${home}以外にお住まいの方はご記入ください。`,
} as const;

interface PersonalSectionProps {
  bank: Bank;
  /** The flow: the birthday's years and rule (an adult, or a child). */
  applicationType: ApplicationType;
  value: PersonalForm;
  /** Updates the form from its latest state (answers such as the kana suggestion arrive late). */
  update: (change: (form: PersonalForm) => Partial<PersonalForm>) => void;
  errors: Record<string, string>;
  clearErrors: (...keys: string[]) => void;
  /** Another request of the screen is running. */
  busy: boolean;
  onSearching: (searching: boolean) => void;
  /** A lookup failed: the flow's error page. */
  onFail: () => void;
}

/**
 * The personal data of SPEC.md §2.5 "Personal input (both flows)": name, kana, birthday, gender,
 * phones, address, purposes and the distance reason. /personal and /child/personal.
 */
export function PersonalSection({ applicationType, ...sectionProps }: PersonalSectionProps) {
  const { bank, value, update, errors } = sectionProps;
  const set = <K extends keyof PersonalForm>(key: K, v: PersonalForm[K]) => update(() => ({ [key]: v }) as Partial<PersonalForm>);
  const residence = residenceOf(value);
  const asksDistance = residence !== '' && asksDistanceReasonFor(bank, residence);
  const hasAddress = value.chosen !== null || value.temporary;

  const person = personalPerson(applicationType);
  const fields = { person, group: 'applicant', value, update, errors } as const;

  return (
    <>
      <PersonParts
        {...fields}
        parts={[
          { keys: nameKeys, node: <NameFields value={value} update={update} errors={errors} /> },
          {
            keys: ['birthday'],
            node: <BirthdaySelect applicationType={applicationType} value={value} onChange={(patch) => update(() => patch)} error={errors.birthday} />,
          },
          {
            keys: ['gender'],
            node: <ChoiceField person={person} group="applicant" name="gender" value={value.gender} onChange={(g) => set('gender', g)} error={errors.gender} />,
          },
          { keys: askedPhones(person, 'applicant').map((p) => p.key), node: <PhoneFields {...fields} /> },
          {
            keys: personalAddressKeys,
            node: <AddressSection {...sectionProps} />,
          },
          {
            keys: ['utilizationPurpose', 'utilizationPurposeOther'],
            node: (
              <>
                <FieldGroup label={personalText.purposes} requirement="required" multiple error={errors.utilizationPurpose}>
                  {(control) => (
                    <CheckboxList
                      options={bank.purposeChoices}
                      value={value.purposes}
                      onChange={(v) => set('purposes', v)}
                      control={control(Boolean(errors.utilizationPurpose))}
                    />
                  )}
                </FieldGroup>
                {value.purposes.includes(otherLabel) && (
                  <Field label={personalText.purposeOther} requirement="required" error={errors.utilizationPurposeOther}>
                    {(control) => (
                      <input {...control} type="text" value={value.purposeOther} autoComplete="off" onChange={(e) => set('purposeOther', e.target.value)} />
                    )}
                  </Field>
                )}
              </>
            ),
          },
          {
            keys: ['distanceTransactionReason'],
            node: hasAddress && asksDistance && (
              <Field
                label={personalText.distanceReason}
                requirement="required"
                hint={personalText.distanceHint(bank.homePrefecture)}
                error={errors.distanceTransactionReason}
              >
                {(control) => <textarea {...control} rows={3} value={value.distanceReason} onChange={(e) => set('distanceReason', e.target.value)} />}
              </Field>
            ),
          },
        ]}
      />

      {errors.bankCode && <ErrorText>{errors.bankCode}</ErrorText>}
    </>
  );
}
