import { useRef, useState } from 'react';
import type { Bank } from '@koza/domain/banks/bank';
import { addressMaxLength, furiganaMaxLength, normaliseKanaAddress } from '@koza/domain/fields/address';
import { charLength } from '@koza/domain/fields/common';
import { isSearchablePostalCode } from '@koza/domain/fields/postal-code';
import { normaliseText } from '@koza/domain/normalise';
import { prefectureNames } from '@koza/domain/prefectures';
import { getFurigana, searchAddresses, type AddressItem } from '../api/application.ts';
import { Button } from '../components/button.tsx';
import { Field } from '../components/field.tsx';
import { Modal } from '../components/modal.tsx';
import { isValidationFailure } from './use-step-form.ts';
import { postalInput } from './postal-input.ts';
import { addressText, type AddressEntry, type ChosenAddress } from './address-entry.ts';
import styles from './personal-sections.module.css';

export { addressText, type AddressEntry, type ChosenAddress };

type TextKey = Exclude<keyof AddressEntry, 'chosen' | 'temporary' | 'postal'>;

const containsKanji = (s: string): boolean => /\p{Script=Han}/u.test(s);

interface AddressSectionProps {
  bank: Bank;
  value: AddressEntry;
  /** Updates the entry from its latest state (answers arrive late). */
  update: (change: (entry: AddressEntry) => Partial<AddressEntry>) => void;
  errors: Record<string, string>;
  clearErrors: (...keys: string[]) => void;
  /** Another request of the screen is running (the search button waits). */
  busy: boolean;
  onSearching: (searching: boolean) => void;
  /** A lookup failed other than by a 400: the flow's error page. */
  onFail: () => void;
}

/**
 * Postal code with 住所検索 and the chooser (SPEC.md §4), then the street and building with their kana
 * (suggested from the kanji when a field is left, decision 0041), or the temporary address when no
 * town matches. The applicant's and the parent's personal steps.
 */
export function AddressSection({ bank, value, update, errors, clearErrors, busy, onSearching, onFail }: AddressSectionProps) {
  const [found, setFound] = useState<AddressItem[] | null>(null);
  const [searching, setSearching] = useState(false);
  // The postal code's raw text while an IME composes it (full-width digits): shown as typed, and
  // turned into digits with the hyphen only when the composition ends (DESIGN.md: never mid-IME).
  const [postalComposing, setPostalComposing] = useState<string | null>(null);
  const composingPostal = useRef(false);
  // The kanji last converted per source field, so leaving a field unchanged asks nothing again.
  const converted = useRef<Record<string, string>>({ address: value.address, subAddress: value.subAddress, tempAddress: value.tempAddress });

  const set = (key: TextKey, v: string) => update(() => ({ [key]: v }));
  const normaliseOnBlur = (key: TextKey) => update((a) => ({ [key]: normaliseKanaAddress(a[key]) }));

  /** Kanji typed in an address part becomes a kana suggestion unless it is over the lookup's limit. */
  async function suggestKana(source: 'address' | 'subAddress' | 'tempAddress', target: TextKey, limit: number) {
    const text = normaliseText(value[source]);
    if (text === '' || converted.current[source] === text) return;
    converted.current[source] = text;
    if (charLength(text) > limit) return;
    if (!containsKanji(text)) {
      set(target, normaliseKanaAddress(text));
      return;
    }
    const before = value[target];
    try {
      const kana = normaliseKanaAddress(await getFurigana(text));
      // A late answer never overwrites kana typed meanwhile, nor follows an address changed meanwhile.
      update((a) => (a[target] === before && normaliseText(a[source]) === text ? { [target]: kana } : {}));
    } catch (error) {
      if (!isValidationFailure(error)) onFail();
    }
  }

  function onPostalChange(raw: string) {
    const { digits } = postalInput(raw);
    // A new postal code resets the chosen address (SPEC.md §4).
    update((a) => (digits === a.postal ? {} : { postal: digits, chosen: null, temporary: false }));
  }

  async function search() {
    setSearching(true);
    onSearching(true);
    try {
      setFound(await searchAddresses(value.postal));
    } catch {
      onFail();
    } finally {
      setSearching(false);
      onSearching(false);
    }
  }

  function choose(item: AddressItem | null) {
    setFound(null);
    if (item === null) {
      update((a) => ({ chosen: null, temporary: true, tempAddressPrefecture: a.tempAddressPrefecture || bank.defaultTempAddressPrefecture }));
    } else {
      const { id: _id, ...chosen } = item;
      update(() => ({ chosen: chosen satisfies ChosenAddress, temporary: false }));
    }
    clearErrors('postalNumber', 'addressCode', 'addressPrefecture', 'addressMunicipality');
  }

  const textField = (key: TextKey, label: string, opts: { required: boolean; hint?: string; autoComplete?: string; onBlur: () => void }) => (
    <Field label={label} requirement={opts.required ? 'required' : 'optional'} hint={opts.hint} error={errors[key]}>
      {(control) => (
        <input
          {...control}
          type="text"
          value={value[key]}
          autoComplete={opts.autoComplete ?? 'off'}
          onChange={(e) => set(key, e.target.value)}
          onBlur={opts.onBlur}
        />
      )}
    </Field>
  );

  const addressError = errors.postalNumber ?? errors.addressCode ?? errors.addressPrefecture ?? errors.addressMunicipality;
  return (
    <>
      <Field label={addressText.postal} requirement="required" hint={addressText.postalHint} error={addressError}>
        {(control) => (
          <div className={styles.postalRow}>
            <input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={8}
              value={postalComposing ?? postalInput(value.postal).display}
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
              pending={searching}
              disabled={!isSearchablePostalCode(value.postal) || busy}
              onClick={() => void search()}
            >
              {addressText.search}
            </Button>
          </div>
        )}
      </Field>

      {value.chosen && (
        <>
          <div className={styles.chosen}>
            <p className={styles.chosenLabel}>{addressText.chosenAddress}</p>
            <p className={styles.chosenValue}>{value.chosen.addressFull}</p>
          </div>
          {textField('address', addressText.address, {
            required: true,
            hint: `${addressText.addressHint}${bank.exampleAddresses.address}`,
            autoComplete: 'address-line1',
            onBlur: () => void suggestKana('address', 'kanaAddress', addressMaxLength),
          })}
          {textField('subAddress', addressText.subAddress, {
            required: false,
            hint: `${addressText.subAddressHint}（${addressText.addressHint}${bank.exampleAddresses.subAddress}）`,
            autoComplete: 'address-line2',
            onBlur: () => void suggestKana('subAddress', 'kanaSubAddress', addressMaxLength),
          })}
          {textField('kanaAddress', addressText.kanaAddress, {
            required: true,
            hint: addressText.kanaAddressHint,
            onBlur: () => normaliseOnBlur('kanaAddress'),
          })}
          {textField('kanaSubAddress', addressText.kanaSubAddress, { required: false, onBlur: () => normaliseOnBlur('kanaSubAddress') })}
        </>
      )}

      {value.temporary && !value.chosen && (
        <>
          <Field label={addressText.tempPrefecture} requirement="required" error={errors.tempAddressPrefecture}>
            {(control) => (
              <select
                {...control}
                autoComplete="address-level1"
                value={value.tempAddressPrefecture}
                onChange={(e) => set('tempAddressPrefecture', e.target.value)}
              >
                {prefectureNames.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {textField('tempAddress', addressText.tempAddress, {
            required: true,
            hint: addressText.tempAddressHint,
            autoComplete: 'address-line1',
            onBlur: () => void suggestKana('tempAddress', 'kanaTempAddress', furiganaMaxLength),
          })}
          {textField('kanaTempAddress', addressText.kanaTempAddress, {
            required: true,
            hint: addressText.kanaAddressHint,
            onBlur: () => normaliseOnBlur('kanaTempAddress'),
          })}
        </>
      )}

      <Modal
        open={found !== null}
        title={addressText.chooserTitle}
        narrow
        onClose={() => setFound(null)}
        actions={
          <Button variant="secondary" onClick={() => setFound(null)}>
            {addressText.close}
          </Button>
        }
      >
        <p className={styles.chooserLead}>{addressText.chooserLead}</p>
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
              {addressText.noMatch}
            </button>
          </li>
        </ul>
      </Modal>
    </>
  );
}
