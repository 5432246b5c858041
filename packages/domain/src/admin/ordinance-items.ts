// The item of 犯罪収益移転防止法施行規則 6条1項1号 each identity-verification method of this service
// relies on, in the text in force on the day the identity was checked (docs/decisions/
// 0248-amended-ordinance-2027.md). The amendment promulgated in June 2025 comes into force on
// 2027-04-01 (the service's EKYC_JPKI_CUTOVER): it abolishes the methods that rest on images or
// copies of identity documents and re-letters the items that remain. The verification record's
// `ordinance_item` and `method_label` and the case view's method are read from this one table.
//
// THE BANK'S COMPLIANCE OFFICER CORRECTS A LETTER HERE, ONE LINE. Where a letter could not be
// confirmed from the amended text itself (decision 0248 says which sources were found), `confirmed`
// is false and the decision names the line.

/** The text of the ordinance in force on a day: before the 2027 amendment, or the amended text. */
export type OrdinanceText = 'before-2027' | 'amended-2027';

/** The methods this service verifies an identity by. */
export const verificationMethods = ['PHOTO_ID_AND_FACE', 'JPKI', 'IC_CHIP_AND_FACE', 'DOCUMENT_IMAGES'] as const;
export type VerificationMethod = (typeof verificationMethods)[number];

interface ItemLine {
  /** The letter of 6条1項1号 (イ, ロ, ハ …), or null: the method is not in that text (abolished). */
  letter: string | null;
  /** Whether the letter is confirmed from the text itself (false: from summaries or inference, decision 0248). */
  confirmed: boolean;
}

/** The method's name in Japanese (the case view and the record's method_label add the item's letter). */
export const verificationMethodNames: Readonly<Record<VerificationMethod, string>> = {
  PHOTO_ID_AND_FACE: '本人確認書類の撮影＋容貌の撮影',
  JPKI: '公的個人認証（マイナンバーカードの署名用電子証明書）',
  IC_CHIP_AND_FACE: 'ICチップの読取＋容貌の撮影',
  DOCUMENT_IMAGES: '本人確認書類の写し（画像）2点の送信＋キャッシュカードの転送不要郵便',
};

/** method × text → item. One line per method and text. */
export const ordinanceItemTable: Readonly<Record<VerificationMethod, Readonly<Record<OrdinanceText, ItemLine>>>> = {
  PHOTO_ID_AND_FACE: { 'before-2027': { letter: 'ホ', confirmed: true }, 'amended-2027': { letter: null, confirmed: true } },
  JPKI: { 'before-2027': { letter: 'ワ', confirmed: true }, 'amended-2027': { letter: 'ル', confirmed: false } },
  IC_CHIP_AND_FACE: { 'before-2027': { letter: 'ヘ', confirmed: true }, 'amended-2027': { letter: 'ホ', confirmed: false } },
  DOCUMENT_IMAGES: { 'before-2027': { letter: 'リ', confirmed: false }, 'amended-2027': { letter: null, confirmed: true } },
};

/** The text in force on a Japan day (YYYY-MM-DD), the amendment in force from `amendedFrom` (EKYC_JPKI_CUTOVER). */
export const ordinanceTextOn = (japanDay: string, amendedFrom: string): OrdinanceText => (japanDay >= amendedFrom ? 'amended-2027' : 'before-2027');

const isMethod = (method: string): method is VerificationMethod => (verificationMethods as readonly string[]).includes(method);

/** 犯収法施行規則6条1項1号X for a method in a text, or null when that text has no such method. */
export function ordinanceItem(method: string, text: OrdinanceText): string | null {
  const letter = isMethod(method) ? ordinanceItemTable[method][text].letter : null;
  return letter === null ? null : `犯収法施行規則6条1項1号${letter}`;
}

/** The method's name with its item's letter (「ICチップの読取＋容貌の撮影（ホ方式）」), or its bare name where the text has none. */
export function methodLabel(method: string, text: OrdinanceText): string {
  if (!isMethod(method)) return method;
  const letter = ordinanceItemTable[method][text].letter;
  return letter === null ? verificationMethodNames[method] : `${verificationMethodNames[method]}（${letter}方式）`;
}
