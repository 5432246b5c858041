import { useRef, useState } from 'react';
import { isSearchablePostalCode } from '@koza/domain/fields/postal-code';
import { Button } from '../components/button.tsx';
import { Field } from '../components/field.tsx';
import { postalInput } from './postal-input.ts';
import { addressText } from './address-entry.ts';
import styles from './personal-sections.module.css';

/**
 * The postal code with its 住所検索 button. While an IME composes the code (full-width digits) the
 * raw text is shown as typed and turned into digits with the hyphen only when the composition ends
 * (DESIGN.md: never mid-IME).
 */
export function PostalCodeSearch({
  postal,
  error,
  searching,
  busy,
  onChange,
  onSearch,
}: {
  /** Digits only. */
  postal: string;
  error: string | undefined;
  searching: boolean;
  /** Another request of the screen is running (the search button waits). */
  busy: boolean;
  /** The code as typed (digits are taken from it). */
  onChange: (raw: string) => void;
  onSearch: () => void;
}) {
  const [postalComposing, setPostalComposing] = useState<string | null>(null);
  const composingPostal = useRef(false);
  return (
    <Field label={addressText.postal} requirement="required" hint={addressText.postalHint} error={error}>
      {(control) => (
        <div className={styles.postalRow}>
          <input
            {...control}
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={8}
            value={postalComposing ?? postalInput(postal).display}
            onCompositionStart={(e) => {
              composingPostal.current = true;
              setPostalComposing(e.currentTarget.value);
            }}
            onCompositionEnd={(e) => {
              composingPostal.current = false;
              setPostalComposing(null);
              onChange(e.currentTarget.value);
            }}
            onChange={(e) => (composingPostal.current ? setPostalComposing(e.target.value) : onChange(e.target.value))}
          />
          <Button variant="secondary" className={styles.searchButton} pending={searching} disabled={!isSearchablePostalCode(postal) || busy} onClick={onSearch}>
            {addressText.search}
          </Button>
        </div>
      )}
    </Field>
  );
}
