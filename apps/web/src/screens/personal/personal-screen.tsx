import { useEffect, useState } from 'react';
import { asksDistanceReasonFor } from '@koza/domain/banks/banks';
import { genderLabels, genders } from '@koza/domain/constants';
import { normaliseKanaName } from '@koza/domain/fields/kana-name';
import { normalisePhone } from '@koza/domain/fields/phone';
import { otherLabel } from '@koza/domain/fields/purposes';
import { personalSchema } from '@koza/domain/steps/personal';
import { validateStep } from '@koza/domain/steps/validate-step';
import { savePersonal } from '../../api/application.ts';
import { savedApplicationQuery, useStepQuery } from '../../api/queries.ts';
import { CheckboxList } from '../../components/checkbox-list.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { Field, FieldGroup, type GroupControlProps } from '../../components/field.tsx';
import { PhoneField, type PhoneParts } from '../../components/phone-field.tsx';
import { StepScreen } from '../../components/step-screen.tsx';
import parts from '../../components/parts.module.css';
import choiceStyles from '../../components/choice-group.module.css';
import { AddressSection, addressText } from '../../forms/address-section.tsx';
import { BirthdaySelect, birthdayText } from '../../forms/birthday-select.tsx';
import { useStepForm } from '../../forms/use-step-form.ts';
import { useBank } from '../../lib/bank-context.tsx';
import { emptyPersonalForm, personalFormFrom, personalPayload, residenceOf, type PersonalForm } from './personal-form.ts';

// UI wording of this screen; field messages come from messages.ts.
export const personalText = {
  ...birthdayText,
  ...addressText,
  name: 'お名前',
  lastName: '姓',
  firstName: '名',
  kanaName: 'お名前（カナ）',
  kanaLastName: 'セイ',
  kanaFirstName: 'メイ',
  kanaHint: '小さい文字（ｬ ｭ ｮ ｯ など）は大きい文字で登録されます。',
  gender: '性別',
  mobile: '携帯電話番号',
  home: '自宅電話番号',
  purposes: 'お取引の目的',
  purposeOther: 'その他の取引目的',
  distanceReason: '遠隔地でのお取引の理由',
  distanceHint: (home: string) => `${home}以外にお住まいの方はご記入ください。`,
} as const;

type NameKey = 'lastName' | 'firstName' | 'kanaLastName' | 'kanaFirstName';

/**
 * /personal (step 1, SPEC.md §2.5, §4, §5): the applicant's personal data, checked with the domain's
 * personal schema (the API runs the same one), then POST /api/applications/personal → the flow's next page.
 */
export function PersonalScreen() {
  const slug = 'personal';
  const bank = useBank();
  const saved = useStepQuery(slug, savedApplicationQuery);
  const [today] = useState(() => new Date());
  const [searching, setSearching] = useState(false);
  // The form renders once the saved application has filled it (the address section remembers it).
  const [ready, setReady] = useState(false);
  const ctx = { today, homePrefecture: bank.homePrefecture, asksDistanceReason: bank.asksDistanceReason, utilizationPurposes: bank.utilizationPurposes };
  const { form, setForm, set, errors, clearErrors, pending, onSubmit, formEvents, flow } = useStepForm({
    slug,
    initial: () => emptyPersonalForm(bank),
    validate: (f: PersonalForm) => validateStep(personalSchema(ctx), personalPayload(f)),
    save: (value) => savePersonal({ bankCode: bank.code, ...value }),
  });

  useEffect(() => {
    if (!saved) return;
    setForm(personalFormFrom(saved, bank));
    setReady(true);
  }, [saved, bank, setForm]);

  const patch = (change: Partial<PersonalForm>) => setForm((f) => ({ ...f, ...change }));
  const residence = residenceOf(form);
  const asksDistance = residence !== '' && asksDistanceReasonFor(bank, residence);
  const hasAddress = form.chosen !== null || form.temporary;

  const namePart = (control: GroupControlProps, key: NameKey, label: string, autoComplete: string, kana = false) => (
    <label className={parts.part}>
      <span>{label}</span>
      <input
        type="text"
        aria-label={label}
        value={form[key]}
        autoComplete={autoComplete}
        {...control(Boolean(errors[key]))}
        onChange={(e) => set(key, e.target.value)}
        onBlur={kana ? () => setForm((f) => ({ ...f, [key]: normaliseKanaName(f[key]) })) : undefined}
      />
    </label>
  );

  const phone = (key: 'mobile' | 'home', field: string, label: string, required: boolean) => (
    <PhoneField
      label={label}
      requirement={required ? 'required' : 'optional'}
      value={form[key]}
      onChange={(v) => set(key, v)}
      onBlur={(index) =>
        setForm((f) => {
          const next: PhoneParts = [...f[key]];
          next[index] = normalisePhone(next[index] ?? '');
          return { ...f, [key]: next };
        })
      }
      error={errors[field]}
    />
  );

  return (
    <StepScreen slug={slug} onSubmit={onSubmit} formEvents={formEvents} pending={pending} busy={pending || searching} loading={!ready}>
      <FieldGroup label={personalText.name} requirement="required" error={errors.lastName ?? errors.firstName}>
        {(control) => (
          <div className={parts.row}>
            {namePart(control, 'lastName', personalText.lastName, 'family-name')}
            {namePart(control, 'firstName', personalText.firstName, 'given-name')}
          </div>
        )}
      </FieldGroup>

      <FieldGroup label={personalText.kanaName} requirement="required" hint={personalText.kanaHint} error={errors.kanaLastName ?? errors.kanaFirstName}>
        {(control) => (
          <div className={parts.row}>
            {namePart(control, 'kanaLastName', personalText.kanaLastName, 'off', true)}
            {namePart(control, 'kanaFirstName', personalText.kanaFirstName, 'off', true)}
          </div>
        )}
      </FieldGroup>

      <BirthdaySelect applicationType={flow.type} value={form} onChange={patch} error={errors.birthday} />

      <FieldGroup label={personalText.gender} requirement="required" error={errors.gender}>
        {(control) => (
          <div role="radiogroup" aria-label={personalText.gender} className={`${choiceStyles.options} ${choiceStyles.inline}`}>
            {genders.map((g) => (
              <label key={g} className={choiceStyles.option}>
                <input type="radio" name="gender" value={g} checked={form.gender === g} {...control(Boolean(errors.gender))} onChange={() => set('gender', g)} />
                <span>{genderLabels[g]}</span>
              </label>
            ))}
          </div>
        )}
      </FieldGroup>

      {phone('mobile', 'mobilePhoneNumber', personalText.mobile, true)}
      {phone('home', 'phoneNumber', personalText.home, false)}

      <AddressSection
        bank={bank}
        value={form}
        update={(change) => setForm((f) => ({ ...f, ...change(f) }))}
        errors={errors}
        clearErrors={clearErrors}
        busy={pending || searching}
        onSearching={setSearching}
        onFail={flow.toError}
      />

      <FieldGroup label={personalText.purposes} requirement="required" multiple error={errors.utilizationPurpose}>
        {(control) => (
          <CheckboxList options={bank.utilizationPurposes} value={form.purposes} onChange={(v) => set('purposes', v)} control={control(Boolean(errors.utilizationPurpose))} />
        )}
      </FieldGroup>
      {form.purposes.includes(otherLabel) && (
        <Field label={personalText.purposeOther} requirement="required" error={errors.utilizationPurposeOther}>
          {(control) => <input {...control} type="text" value={form.purposeOther} autoComplete="off" onChange={(e) => set('purposeOther', e.target.value)} />}
        </Field>
      )}

      {hasAddress && asksDistance && (
        <Field label={personalText.distanceReason} requirement="required" hint={personalText.distanceHint(bank.homePrefecture)} error={errors.distanceTransactionReason}>
          {(control) => <textarea {...control} rows={3} value={form.distanceReason} onChange={(e) => set('distanceReason', e.target.value)} />}
        </Field>
      )}

      {errors.bankCode && <ErrorText>{errors.bankCode}</ErrorText>}
    </StepScreen>
  );
}
