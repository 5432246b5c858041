import { addressesResponseSchema } from '@koza/domain/api/application';
import type { Db } from '../../db/database.ts';
import { findPostalCodes } from '../../db/repositories/postal-codes-repository.ts';
import { readVersions } from '../../db/repositories/reference-data-repository.ts';
import { compressionThresholdBytes, keepCompressedForms } from '../../plugins/compression.ts';

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

/**
 * The body of GET /api/addresses for a postal code: its JSON text as the route's response schema
 * writes it; from 1 KiB on (the answers that get compressed) as a Buffer whose compressed forms are
 * kept with it (plugins/compression.ts, decision 0187).
 */
export type AddressBody = string | Buffer;

export interface AddressAnswers {
  /** The kept body of a code, when it may be answered from memory right now (no version check due). */
  kept(postalNumber: string): AddressBody | undefined;
  /** The body of a code: kept, or read (checking the postal table's version when it is due). */
  body(postalNumber: string): Promise<AddressBody>;
}

export interface AddressAnswersOptions {
  /** Postal codes kept (least recently used first out). */
  maxEntries?: number;
  /** How often the postal table's version is read again; a reload by another instance is seen within it. */
  versionCheckMs?: number;
  now?: () => number;
}

/** The body of an answer in the form it is kept and sent (see AddressBody). */
function addressBody(json: string): AddressBody {
  return Buffer.byteLength(json) >= compressionThresholdBytes ? keepCompressedForms(Buffer.from(json)) : json;
}

/**
 * The answers by value (docs/decisions/0175-address-answers-by-value.md): the postal table is
 * reference data, changed only by a reload (services/platform/reference-data.ts) that writes its version
 * in the same transaction. The answer of a code is kept, serialised, under the version it was read
 * with; when the stored version changes every kept answer is dropped.
 */
export function createAddressAnswers(db: Db, options: AddressAnswersOptions = {}): AddressAnswers {
  const maxEntries = options.maxEntries ?? 10_000;
  const versionCheckMs = options.versionCheckMs ?? 5_000;
  const now = options.now ?? Date.now;
  const answers = new Map<string, AddressBody>();
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

  const kept = (postalNumber: string): AddressBody | undefined => {
    const body = answers.get(postalNumber);
    if (body !== undefined) {
      answers.delete(postalNumber);
      answers.set(postalNumber, body);
    }
    return body;
  };

  return {
    kept(postalNumber) {
      return now() - checkedAt < versionCheckMs ? kept(postalNumber) : undefined;
    },
    async body(postalNumber) {
      if (now() - checkedAt >= versionCheckMs) {
        checking ??= checkVersion().finally(() => (checking = null));
        await checking;
      }
      const body = kept(postalNumber);
      if (body !== undefined) return body;
      const readIn = generation;
      const read = addressBody(JSON.stringify(addressesResponseSchema.encode({ addressList: await searchAddresses(db, postalNumber) })));
      if (readIn === generation) {
        answers.set(postalNumber, read);
        if (answers.size > maxEntries) answers.delete(answers.keys().next().value!);
      }
      return read;
    },
  };
}
