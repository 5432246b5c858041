import { addressesResponseSchema } from '@koza/domain/api/application';
import type { Db } from '../db/database.ts';
import { findPostalCodes } from '../db/repositories/postal-codes-repository.ts';
import { readVersions } from '../db/repositories/reference-data-repository.ts';

export interface AddressItem {
  id: number;
  addressCode: string;
  prefecture: string;
  municipality: string;
  section: string;
  chome: string;
  kanaPrefecture: string;
  kanaMunicipality: string;
  kanaSection: string;
  kanaChome: string;
  addressFull: string;
}

/** The towns of a postal code (SPEC.md §3 "Address list item"); an unknown code gives an empty list. */
export async function searchAddresses(db: Db, postalNumber: string): Promise<AddressItem[]> {
  const rows = await findPostalCodes(db, postalNumber);
  return rows.map((r) => ({
    id: r.id,
    addressCode: r.addressCode,
    prefecture: r.prefecture,
    municipality: r.municipality,
    section: r.section,
    chome: r.chome,
    kanaPrefecture: r.kanaPrefecture,
    kanaMunicipality: r.kanaMunicipality,
    kanaSection: r.kanaSection,
    kanaChome: r.kanaChome,
    addressFull: `${r.prefecture}${r.municipality}${r.section}${r.chome}`,
  }));
}

/** The JSON answer of GET /api/addresses for a postal code, as the route's response schema writes it. */
export interface AddressAnswers {
  json(postalNumber: string): Promise<string>;
}

export interface AddressAnswersOptions {
  /** Postal codes kept (least recently used first out). */
  maxEntries?: number;
  /** How often the postal table's version is read again; a reload by another instance is seen within it. */
  versionCheckMs?: number;
  now?: () => number;
}

/**
 * The answers by value (docs/decisions/0175-address-answers-by-value.md): the postal table is
 * reference data, changed only by a reload (services/reference-data.ts) that writes its version
 * in the same transaction. The answer of a code is kept, serialised, under the version it was read
 * with; when the stored version changes every kept answer is dropped.
 */
export function createAddressAnswers(db: Db, options: AddressAnswersOptions = {}): AddressAnswers {
  const maxEntries = options.maxEntries ?? 10_000;
  const versionCheckMs = options.versionCheckMs ?? 5_000;
  const now = options.now ?? Date.now;
  const answers = new Map<string, string>();
  let version: string | undefined;
  /** Bumped when the version changes: a read that started before it is not kept. */
  let generation = 0;
  let checkedAt = -Infinity;
  let checking: Promise<void> | null = null;

  const checkVersion = async (): Promise<void> => {
    const current = (await readVersions(db)).get('postal_codes');
    if (current !== version) {
      version = current;
      generation++;
      answers.clear();
    }
    checkedAt = now();
  };

  return {
    async json(postalNumber) {
      if (now() - checkedAt >= versionCheckMs) {
        checking ??= checkVersion().finally(() => (checking = null));
        await checking;
      }
      const kept = answers.get(postalNumber);
      if (kept !== undefined) {
        answers.delete(postalNumber);
        answers.set(postalNumber, kept);
        return kept;
      }
      const readIn = generation;
      const body = JSON.stringify(addressesResponseSchema.encode({ addressList: await searchAddresses(db, postalNumber) }));
      if (readIn === generation) {
        answers.set(postalNumber, body);
        if (answers.size > maxEntries) answers.delete(answers.keys().next().value!);
      }
      return body;
    },
  };
}
