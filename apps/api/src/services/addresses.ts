import type { Db } from '../db/database.ts';
import { findPostalCodes } from '../db/repositories/postal-codes-repository.ts';

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
