import { useRef } from 'react';
import { normaliseKanaAddress } from '@koza/domain/fields/address';
import { charLength } from '@koza/domain/fields/rule-building-blocks';
import { normaliseText } from '@koza/domain/normalise';
import { getFurigana } from '../api/application.ts';
import { isValidationFailure } from './use-step-form.ts';
import type { AddressEntry } from './address-entry.ts';

type TextKey = Exclude<keyof AddressEntry, 'chosen' | 'temporary' | 'postal'>;
type KanjiSource = 'address' | 'subAddress' | 'tempAddress';

const containsKanji = (s: string): boolean => /\p{Script=Han}/u.test(s);

/**
 * The kana of an address part suggested from its kanji when the part is left (decision 0041): kana
 * typed as such is only normalised; kanji is looked up unless it is over the lookup's limit. The kanji
 * last converted per part is remembered, so leaving a part unchanged asks nothing again.
 */
export function useKanaSuggestion(
  value: AddressEntry,
  update: (change: (entry: AddressEntry) => Partial<AddressEntry>) => void,
  onFail: () => void,
): (source: KanjiSource, target: TextKey, limit: number) => Promise<void> {
  const converted = useRef<Record<string, string>>({ address: value.address, subAddress: value.subAddress, tempAddress: value.tempAddress });

  return async function suggestKana(source, target, limit) {
    const text = normaliseText(value[source]);
    if (text === '' || converted.current[source] === text) return;
    converted.current[source] = text;
    if (charLength(text) > limit) return;
    if (!containsKanji(text)) {
      update(() => ({ [target]: normaliseKanaAddress(text) }));
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
  };
}
