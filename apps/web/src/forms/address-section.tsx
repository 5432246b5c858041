import { useState } from 'react';
import type { Bank } from '@koza/domain/banks/banks';
import { normaliseKanaAddress } from '@koza/domain/fields/address';
import { searchAddresses, type AddressItem } from '../api/application.ts';
import { postalInput } from './postal-input.ts';
import { addressText, type AddressEntry, type ChosenAddress } from './address-entry.ts';
import { AddressChooser } from './address-chooser.tsx';
import { StreetLines, TemporaryAddressLines, type AddressLinesProps } from './address-lines.tsx';
import { PostalCodeSearch } from './postal-code-search.tsx';
import { useKanaSuggestion } from './use-kana-suggestion.ts';
import styles from './personal-sections.module.css';

export { addressText, type AddressEntry, type ChosenAddress };

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
  const suggestKana = useKanaSuggestion(value, update, onFail);

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

  const lines: AddressLinesProps = {
    bank,
    value,
    errors,
    set: (key, v) => update(() => ({ [key]: v })),
    normaliseOnBlur: (key) => update((a) => ({ [key]: normaliseKanaAddress(a[key]) })),
    suggestKana,
  };
  const addressError = errors.postalNumber ?? errors.addressCode ?? errors.addressPrefecture ?? errors.addressMunicipality;
  return (
    <>
      <PostalCodeSearch postal={value.postal} error={addressError} searching={searching} busy={busy} onChange={onPostalChange} onSearch={() => void search()} />

      {value.chosen && (
        <>
          <div className={styles.chosen}>
            <p className={styles.chosenLabel}>{addressText.chosenAddress}</p>
            <p className={styles.chosenValue}>{value.chosen.addressFull}</p>
          </div>
          <StreetLines {...lines} />
        </>
      )}

      {value.temporary && !value.chosen && <TemporaryAddressLines {...lines} />}

      <AddressChooser found={found} onChoose={choose} onClose={() => setFound(null)} />
    </>
  );
}
