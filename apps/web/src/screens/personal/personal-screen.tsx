import { useEffect, useRef, useState, type FormEvent } from 'react';
import { asksDistanceReasonFor } from '@koza/domain/banks/banks';
import { genderLabels, genders } from '@koza/domain/constants';
import { birthYearChoices, japaneseEraYear } from '@koza/domain/dates';
import { addressMaxLength, normaliseKanaAddress } from '@koza/domain/fields/address';
import { charLength } from '@koza/domain/fields/common';
import { normaliseKanaName } from '@koza/domain/fields/kana-name';
import { normalisePhone } from '@koza/domain/fields/phone';
import { isSearchablePostalCode } from '@koza/domain/fields/postal-code';
import { otherLabel } from '@koza/domain/fields/purposes';
import { normaliseText } from '@koza/domain/normalise';
import { prefectureNames } from '@koza/domain/prefectures';
import { personalSchema } from '@koza/domain/steps/personal';
import { validateStep } from '@koza/domain/steps/validate-step';
import { validationErrors } from '../../api/client.ts';
import {
  getFurigana,
  savePersonal,
  searchAddresses,
  type AddressItem,
} from '../../api/application.ts';
import { useBank } from '../../lib/bank-context.tsx';
import { savedApplicationQuery, useStepQuery } from '../../api/queries.ts';
import { useFlow } from '../../lib/flow.ts';
import { Button } from '../../components/button.tsx';
import { CheckboxList } from '../../components/checkbox-list.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { Field, FieldGroup } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { PhoneField, type PhoneParts } from '../../components/phone-field.tsx';
import { StepScreen } from '../../components/step-screen.tsx';
import { errorMap, focusFirstError, isValidationFailure } from '../../forms/use-step-form.ts';
import parts from '../../components/parts.module.css';
import {
  dayChoices,
  emptyPersonalForm,
  personalFormFrom,
  personalPayload,
  residenceOf,
  type ChosenAddress,
  type PersonalForm,
} from './personal-form.ts';
import { postalInput } from './postal-input.ts';
import choiceStyles from '../../components/choice-group.module.css';
import styles from './personal-screen.module.css';

// UI wording of this screen; field messages come from messages.ts.
export const personalText = {
  name: 'お名前',
  lastName: '姓',
  firstName: '名',
  kanaName: 'お名前（カナ）',
  kanaLastName: 'セイ',
  kanaFirstName: 'メイ',
  kanaHint: '小さい文字（ｬ ｭ ｮ ｯ など）は大きい文字で登録されます。',
  birthday: '生年月日',
  year: '生年月日（年）',
  month: '生年月日（月）',
  day: '生年月日（日）',
  choose: '選択してください',
  gender: '性別',
  mobile: '携帯電話番号',
  home: '自宅電話番号',
  postal: '郵便番号',
  postalHint: '7桁の数字を入力して「住所検索」を押してください。',
  search: '住所検索',
  searching: '住所を検索しています',
  chooserTitle: '住所の選択',
  chooserLead: 'お住まいの住所を選んでください。',
  noMatch: '該当する住所がない',
  close: '閉じる',
  chosenAddress: '住所',
  address: '番地',
  addressHint: '例：',
  subAddress: '建物名・部屋番号',
  subAddressHint: 'マンション・アパートにお住まいの方は、建物名と部屋番号まで入力してください。',
  kanaAddress: '番地（カナ）',
  kanaSubAddress: '建物名・部屋番号（カナ）',
  kanaAddressHint: '漢字・ひらがなの入力から自動で変換されます。誤りがあれば修正してください。',
  tempPrefecture: '都道府県',
  tempAddress: '市区町村以下の住所',
  tempAddressHint: '市区町村名から番地・建物名・部屋番号まで入力してください。',
  kanaTempAddress: '市区町村以下の住所（カナ）',
  purposes: 'お取引の目的',
  purposeOther: 'その他の取引目的',
  distanceReason: '遠隔地でのお取引の理由',
  distanceHint: (home: string) => `${home}以外にお住まいの方はご記入ください。`,
  saving: '保存しています',
} as const;

type TextKey = {
  [K in keyof PersonalForm]: PersonalForm[K] extends string ? K : never;
}[keyof PersonalForm];

const containsKanji = (s: string): boolean => /\p{Script=Han}/u.test(s);

/**
 * /personal (step 1, SPEC.md §2.5, §4, §5): the applicant's personal data, checked with the domain's
 * personal schema (the API runs the same one), then POST /api/applications/personal → /workplace.
 */
export function PersonalScreen() {
  const bank = useBank();
  const flow = useFlow('personal');
  const saved = useStepQuery('personal', savedApplicationQuery);
  const [form, setForm] = useState<PersonalForm>(() => emptyPersonalForm(bank));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<'saving' | 'searching' | null>(null);
  const [found, setFound] = useState<AddressItem[] | null>(null);
  // The postal code's raw text while an IME composes it (full-width digits): shown as typed, and
  // turned into digits with the hyphen only when the composition ends (DESIGN.md: never mid-IME).
  const [postalComposing, setPostalComposing] = useState<string | null>(null);
  const composingPostal = useRef(false);
  const converted = useRef<Record<string, string>>({});
  const today = useRef(new Date()).current;
  const years = useRef(birthYearChoices('GENERAL', today).years.slice().reverse()).current;

  useEffect(() => {
    if (!saved) return;
    const prefilled = personalFormFrom(saved, bank);
    converted.current = { address: prefilled.address, subAddress: prefilled.subAddress, tempAddress: prefilled.tempAddress };
    setForm(prefilled);
  }, [saved, bank]);

  const fail = () => flow.toError();
  const set = <K extends keyof PersonalForm>(key: K, value: PersonalForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setText = (key: TextKey, value: string) => set(key, value);
  const normaliseOnBlur = (key: TextKey, normalise: (s: string) => string) => setForm((f) => ({ ...f, [key]: normalise(f[key]) }));

  /** Kanji typed in an address part becomes a kana suggestion (decision 0041) unless it is over the limit. */
  async function suggestKana(source: 'address' | 'subAddress' | 'tempAddress', target: TextKey, limit: number) {
    const value = normaliseText(form[source]);
    if (value === '' || converted.current[source] === value) return;
    converted.current[source] = value;
    if (charLength(value) > limit) return;
    if (!containsKanji(value)) {
      setText(target, normaliseKanaAddress(value));
      return;
    }
    const before = form[target];
    try {
      const kana = normaliseKanaAddress(await getFurigana(value));
      // A late answer never overwrites kana typed meanwhile, nor follows an address changed meanwhile.
      setForm((f) => (f[target] === before && normaliseText(f[source]) === value ? { ...f, [target]: kana } : f));
    } catch (error) {
      if (!isValidationFailure(error)) fail();
    }
  }

  function onPostalChange(raw: string) {
    const { digits } = postalInput(raw);
    // A new postal code resets the chosen address (SPEC.md §4).
    setForm((f) => (digits === f.postal ? f : { ...f, postal: digits, chosen: null, temporary: false }));
  }

  async function search() {
    setPending('searching');
    try {
      setFound(await searchAddresses(form.postal));
    } catch {
      fail();
    } finally {
      setPending(null);
    }
  }

  function choose(item: AddressItem | null) {
    setFound(null);
    if (item === null) {
      setForm((f) => ({ ...f, chosen: null, temporary: true, tempAddressPrefecture: f.tempAddressPrefecture || bank.defaultTempAddressPrefecture }));
    } else {
      const { id: _id, ...chosen } = item;
      setForm((f) => ({ ...f, chosen: chosen satisfies ChosenAddress, temporary: false }));
    }
    setErrors(({ postalNumber: _p, addressCode: _c, addressPrefecture: _a, addressMunicipality: _m, ...rest }) => rest);
  }

  const ctx = {
    today,
    homePrefecture: bank.homePrefecture,
    asksDistanceReason: bank.asksDistanceReason,
    utilizationPurposes: bank.utilizationPurposes,
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const checked = validateStep(personalSchema(ctx), personalPayload(form));
    if (!checked.ok) {
      setErrors(errorMap(checked.errors));
      focusFirstError();
      return;
    }
    setErrors({});
    setPending('saving');
    try {
      await savePersonal({ bankCode: bank.code, ...checked.value });
      flow.next();
    } catch (error) {
      setPending(null);
      if (isValidationFailure(error)) {
        setErrors(errorMap(validationErrors(error)));
        focusFirstError();
      } else {
        fail();
      }
    }
  }

  const residence = residenceOf(form);
  const asksDistance = residence !== '' && asksDistanceReasonFor(bank, residence);
  const addressError = errors.postalNumber ?? errors.addressCode ?? errors.addressPrefecture ?? errors.addressMunicipality;
  const hasAddress = form.chosen !== null || form.temporary;

  const textInput = (key: TextKey, props: { autoComplete?: string; onBlur?: () => void; maxLength?: number } = {}) =>
    function render(control: { id: string; 'aria-describedby': string | undefined; 'aria-invalid': boolean | undefined }) {
      return (
        <input
          {...control}
          type="text"
          value={form[key]}
          autoComplete={props.autoComplete ?? 'off'}
          onChange={(e) => setText(key, e.target.value)}
          onBlur={props.onBlur}
        />
      );
    };

  const namePart = (key: TextKey, label: string, autoComplete: string, blur?: () => void) => (
    <label className={parts.part}>
      <span>{label}</span>
      <input
        type="text"
        aria-label={label}
        value={form[key]}
        autoComplete={autoComplete}
        aria-invalid={errors[key] ? true : undefined}
        onChange={(e) => setText(key, e.target.value)}
        onBlur={blur}
      />
    </label>
  );

  const phoneBlur = (key: 'mobile' | 'home') => (index: number) =>
    setForm((f) => {
      const next: PhoneParts = [...f[key]];
      next[index] = normalisePhone(next[index] ?? '');
      return { ...f, [key]: next };
    });

  const addressChooser = (
    <Modal open={found !== null} title={personalText.chooserTitle} narrow onClose={() => setFound(null)}
      actions={
        <Button variant="secondary" onClick={() => setFound(null)}>
          {personalText.close}
        </Button>
      }
    >
      <p className={styles.chooserLead}>{personalText.chooserLead}</p>
      <ul className={styles.chooserList}>
        {(found ?? []).map((item) => (
          <li key={item.id}>
            <button type="button" className={styles.chooserItem} onClick={() => choose(item)}>
              {item.addressFull}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className={styles.chooserItem} onClick={() => choose(null)}>
            {personalText.noMatch}
          </button>
        </li>
      </ul>
    </Modal>
  );

  return (
    <StepScreen
      slug="personal"
      onSubmit={(e) => void onSubmit(e)}
      pending={pending === 'saving'}
      busy={pending !== null}
      loading={!saved}
      after={addressChooser}
    >
      <FieldGroup label={personalText.name} requirement="required" error={errors.lastName ?? errors.firstName}>
        <div className={parts.row}>
          {namePart('lastName', personalText.lastName, 'family-name')}
          {namePart('firstName', personalText.firstName, 'given-name')}
        </div>
      </FieldGroup>

      <FieldGroup
        label={personalText.kanaName}
        requirement="required"
        hint={personalText.kanaHint}
        error={errors.kanaLastName ?? errors.kanaFirstName}
      >
        <div className={parts.row}>
          {namePart('kanaLastName', personalText.kanaLastName, 'off', () => normaliseOnBlur('kanaLastName', normaliseKanaName))}
          {namePart('kanaFirstName', personalText.kanaFirstName, 'off', () => normaliseOnBlur('kanaFirstName', normaliseKanaName))}
        </div>
      </FieldGroup>

      <FieldGroup label={personalText.birthday} requirement="required" error={errors.birthday}>
        <div className={styles.birthday}>
          <label className={parts.part}>
            <span>年</span>
            <select
              aria-label={personalText.year}
              autoComplete="bday-year"
              value={form.birthYear}
              aria-invalid={errors.birthday ? true : undefined}
              onChange={(e) => setText('birthYear', e.target.value)}
            >
              <option value="">{personalText.choose}</option>
              {years.map((y) => (
                <option key={y} value={String(y)}>
                  {`${y}（${japaneseEraYear(`${y}-12-31`).replace(/年$/, '')}）`}
                </option>
              ))}
            </select>
          </label>
          <label className={parts.part}>
            <span>月</span>
            <select
              aria-label={personalText.month}
              autoComplete="bday-month"
              value={form.birthMonth}
              aria-invalid={errors.birthday ? true : undefined}
              onChange={(e) => setText('birthMonth', e.target.value)}
            >
              <option value="">-</option>
              {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
                <option key={m} value={String(m)}>
                  {m}
                </option>
              ))}
            </select>
          </label>
          <label className={parts.part}>
            <span>日</span>
            <select
              aria-label={personalText.day}
              autoComplete="bday-day"
              value={form.birthDay}
              aria-invalid={errors.birthday ? true : undefined}
              onChange={(e) => setText('birthDay', e.target.value)}
            >
              <option value="">-</option>
              {dayChoices(form.birthYear, form.birthMonth).map((d) => (
                <option key={d} value={String(d)}>
                  {d}
                </option>
              ))}
            </select>
          </label>
        </div>
      </FieldGroup>

      <FieldGroup label={personalText.gender} requirement="required" error={errors.gender}>
        <div role="radiogroup" aria-label={personalText.gender} className={`${choiceStyles.options} ${choiceStyles.inline}`}>
          {genders.map((g) => (
            <label key={g} className={choiceStyles.option}>
              <input
                type="radio"
                name="gender"
                value={g}
                checked={form.gender === g}
                aria-invalid={errors.gender ? true : undefined}
                onChange={() => setText('gender', g)}
              />
              <span>{genderLabels[g]}</span>
            </label>
          ))}
        </div>
      </FieldGroup>

      <PhoneField
        label={personalText.mobile}
        requirement="required"
        value={form.mobile}
        onChange={(v) => set('mobile', v)}
        onBlur={phoneBlur('mobile')}
        error={errors.mobilePhoneNumber}
      />
      <PhoneField
        label={personalText.home}
        requirement="optional"
        value={form.home}
        onChange={(v) => set('home', v)}
        onBlur={phoneBlur('home')}
        error={errors.phoneNumber}
      />

      <Field label={personalText.postal} requirement="required" hint={personalText.postalHint} error={addressError}>
        {(control) => (
          <div className={styles.postalRow}>
            <input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={8}
              value={postalComposing ?? postalInput(form.postal).display}
              onCompositionStart={(e) => {
                composingPostal.current = true;
                setPostalComposing(e.currentTarget.value);
              }}
              onCompositionEnd={(e) => {
                composingPostal.current = false;
                setPostalComposing(null);
                onPostalChange(e.currentTarget.value);
              }}
              onChange={(e) => (composingPostal.current ? setPostalComposing(e.target.value) : onPostalChange(e.target.value))}
            />
            <Button
              variant="secondary"
              className={styles.searchButton}
              pending={pending === 'searching'}
              disabled={!isSearchablePostalCode(form.postal) || pending !== null}
              onClick={() => void search()}
            >
              {personalText.search}
            </Button>
          </div>
        )}
      </Field>

      {form.chosen && (
        <>
          <div className={styles.chosen}>
            <p className={styles.chosenLabel}>{personalText.chosenAddress}</p>
            <p className={styles.chosenValue}>{form.chosen.addressFull}</p>
          </div>
          <Field
            label={personalText.address}
            requirement="required"
            hint={`${personalText.addressHint}${bank.exampleAddresses.address}`}
            error={errors.address}
          >
            {textInput('address', {
              autoComplete: 'address-line1',
              onBlur: () => void suggestKana('address', 'kanaAddress', addressMaxLength),
            })}
          </Field>
          <Field
            label={personalText.subAddress}
            requirement="optional"
            hint={`${personalText.subAddressHint}（${personalText.addressHint}${bank.exampleAddresses.subAddress}）`}
            error={errors.subAddress}
          >
            {textInput('subAddress', {
              autoComplete: 'address-line2',
              onBlur: () => void suggestKana('subAddress', 'kanaSubAddress', addressMaxLength),
            })}
          </Field>
          <Field label={personalText.kanaAddress} requirement="required" hint={personalText.kanaAddressHint} error={errors.kanaAddress}>
            {textInput('kanaAddress', { onBlur: () => normaliseOnBlur('kanaAddress', normaliseKanaAddress) })}
          </Field>
          <Field label={personalText.kanaSubAddress} requirement="optional" error={errors.kanaSubAddress}>
            {textInput('kanaSubAddress', { onBlur: () => normaliseOnBlur('kanaSubAddress', normaliseKanaAddress) })}
          </Field>
        </>
      )}

      {form.temporary && !form.chosen && (
        <>
          <Field label={personalText.tempPrefecture} requirement="required" error={errors.tempAddressPrefecture}>
            {(control) => (
              <select
                {...control}
                autoComplete="address-level1"
                value={form.tempAddressPrefecture}
                onChange={(e) => setText('tempAddressPrefecture', e.target.value)}
              >
                {prefectureNames.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={personalText.tempAddress} requirement="required" hint={personalText.tempAddressHint} error={errors.tempAddress}>
            {textInput('tempAddress', {
              autoComplete: 'address-line1',
              // The furigana lookup takes at most 40 characters (decision 0041).
              onBlur: () => void suggestKana('tempAddress', 'kanaTempAddress', 40),
            })}
          </Field>
          <Field label={personalText.kanaTempAddress} requirement="required" hint={personalText.kanaAddressHint} error={errors.kanaTempAddress}>
            {textInput('kanaTempAddress', { onBlur: () => normaliseOnBlur('kanaTempAddress', normaliseKanaAddress) })}
          </Field>
        </>
      )}

      <FieldGroup label={personalText.purposes} requirement="required" multiple error={errors.utilizationPurpose}>
        <CheckboxList
          options={bank.utilizationPurposes}
          value={form.purposes}
          onChange={(v) => set('purposes', v)}
          invalid={Boolean(errors.utilizationPurpose)}
        />
      </FieldGroup>
      {form.purposes.includes(otherLabel) && (
        <Field label={personalText.purposeOther} requirement="required" error={errors.utilizationPurposeOther}>
          {textInput('purposeOther')}
        </Field>
      )}

      {hasAddress && asksDistance && (
        <Field
          label={personalText.distanceReason}
          requirement="required"
          hint={personalText.distanceHint(bank.homePrefecture)}
          error={errors.distanceTransactionReason}
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              value={form.distanceReason}
              onChange={(e) => setText('distanceReason', e.target.value)}
            />
          )}
        </Field>
      )}

      {errors.bankCode && <ErrorText>{errors.bankCode}</ErrorText>}
    </StepScreen>
  );
}
