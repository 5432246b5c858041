import type { Bank } from '@koza/domain/banks/banks';
import { addressMaxLength, furiganaMaxLength } from '@koza/domain/fields/address';
import { prefectureNames } from '@koza/domain/prefectures';
import { Field } from '../components/field.tsx';
import { addressText, type AddressEntry } from './address-entry.ts';
import type { useKanaSuggestion } from './use-kana-suggestion.ts';

type TextKey = Exclude<keyof AddressEntry, 'chosen' | 'temporary' | 'postal'>;

/** What the address lines need of the section: the entry, its errors, and what happens on a change and on leaving a line. */
export interface AddressLinesProps {
  bank: Bank;
  value: AddressEntry;
  errors: Record<string, string>;
  set: (key: TextKey, value: string) => void;
  /** Kana typed in a kana line, normalised when it is left. */
  normaliseOnBlur: (key: TextKey) => void;
  suggestKana: ReturnType<typeof useKanaSuggestion>;
}

function AddressLine({
  name,
  label,
  required,
  hint,
  autoComplete,
  onBlur,
  value,
  errors,
  set,
}: { name: TextKey; label: string; required: boolean; hint?: string; autoComplete?: string; onBlur: () => void } & Pick<
  AddressLinesProps,
  'value' | 'errors' | 'set'
>) {
  return (
    <Field label={label} requirement={required ? 'required' : 'optional'} hint={hint} error={errors[name]}>
      {(control) => (
        <input {...control} type="text" value={value[name]} autoComplete={autoComplete ?? 'off'} onChange={(e) => set(name, e.target.value)} onBlur={onBlur} />
      )}
    </Field>
  );
}

/** Below the chosen town: the street and the building, each with its kana. */
export function StreetLines({ bank, value, errors, set, normaliseOnBlur, suggestKana }: AddressLinesProps) {
  const entry = { value, errors, set };
  return (
    <>
      <AddressLine
        {...entry}
        name="address"
        label={addressText.address}
        required
        hint={`${addressText.addressHint}${bank.exampleAddresses.address}`}
        autoComplete="address-line1"
        onBlur={() => void suggestKana('address', 'kanaAddress', addressMaxLength)}
      />
      <AddressLine
        {...entry}
        name="subAddress"
        label={addressText.subAddress}
        required={false}
        hint={`${addressText.subAddressHint}（${addressText.addressHint}${bank.exampleAddresses.subAddress}）`}
        autoComplete="address-line2"
        onBlur={() => void suggestKana('subAddress', 'kanaSubAddress', addressMaxLength)}
      />
      <AddressLine
        {...entry}
        name="kanaAddress"
        label={addressText.kanaAddress}
        required
        hint={addressText.kanaAddressHint}
        onBlur={() => normaliseOnBlur('kanaAddress')}
      />
      <AddressLine {...entry} name="kanaSubAddress" label={addressText.kanaSubAddress} required={false} onBlur={() => normaliseOnBlur('kanaSubAddress')} />
    </>
  );
}

/** When no town matches the postal code: the prefecture and the rest of the address, with its kana. */
export function TemporaryAddressLines({ value, errors, set, normaliseOnBlur, suggestKana }: AddressLinesProps) {
  const entry = { value, errors, set };
  return (
    <>
      <Field label={addressText.tempPrefecture} requirement="required" error={errors.tempAddressPrefecture}>
        {(control) => (
          <select {...control} autoComplete="address-level1" value={value.tempAddressPrefecture} onChange={(e) => set('tempAddressPrefecture', e.target.value)}>
            {prefectureNames.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        )}
      </Field>
      <AddressLine
        {...entry}
        name="tempAddress"
        label={addressText.tempAddress}
        required
        hint={addressText.tempAddressHint}
        autoComplete="address-line1"
        onBlur={() => void suggestKana('tempAddress', 'kanaTempAddress', furiganaMaxLength)}
      />
      <AddressLine
        {...entry}
        name="kanaTempAddress"
        label={addressText.kanaTempAddress}
        required
        hint={addressText.kanaAddressHint}
        onBlur={() => normaliseOnBlur('kanaTempAddress')}
      />
    </>
  );
}
