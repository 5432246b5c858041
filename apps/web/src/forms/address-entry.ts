import type { AddressItem } from '../api/application.ts';

// UI wording of the address inputs; field messages come from messages.ts.
export const addressText = {
  postal: '郵便番号',
  postalHint: '7桁の数字を入力して「住所検索」を押してください。',
  search: '住所検索',
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
} as const;

/** The chosen town of the address search (the parts the payload carries). */
export type ChosenAddress = Omit<AddressItem, 'id'>;

export interface AddressEntry {
  /** Digits only. */
  postal: string;
  /** The chosen town, or null. */
  chosen: ChosenAddress | null;
  /** The chooser's '該当する住所がない' opened the temporary address. */
  temporary: boolean;
  address: string;
  subAddress: string;
  kanaAddress: string;
  kanaSubAddress: string;
  tempAddressPrefecture: string;
  tempAddress: string;
  kanaTempAddress: string;
}
