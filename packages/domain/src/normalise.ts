// Width, kana and company-abbreviation conversions (SPEC.md §5, ARCHITECTURE.md "normalise, then
// validate"). One small function per conversion; the `normalise*` compositions at the bottom are what
// the web applies on blur and the API applies before validation.
//
// Own tables instead of jaconv: the conversions needed are small and fixed, jaconv leaves the
// full-width space, small kana and hyphen variants to us anyway, and the domain stays dependency-free
// apart from zod.

const mapChars = (s: string, table: ReadonlyMap<string, string>): string => {
  let out = '';
  for (const ch of s) out += table.get(ch) ?? ch;
  return out;
};

/** Trims half- and full-width spaces (and other Unicode white space) at both ends. */
export const trim = (s: string): string => s.trim();

/** Removes every half- or full-width space (and tab/newline): used for the verification code. */
export const stripSpaces = (s: string): string => s.replace(/[\s\u3000]/g, '');

/** Full-width ASCII letters, digits and symbols (U+FF01–FF5E) → half-width; full-width space → ' '. */
export const toHalfWidth = (s: string): string => s.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');

/** Characters typed as hyphens or minus signs by Japanese IMEs and phone keyboards. Not ー/ｰ (long vowel). */
export const hyphenVariants = ['-', '\uFF0D', '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212', '\uFE63'] as const;
const hyphenPattern = new RegExp(`[${hyphenVariants.join('')}]`, 'g');

/** Every hyphen variant → ASCII '-'. */
export const unifyHyphens = (s: string): string => s.replace(hyphenPattern, '-');

// Full-width katakana ↔ half-width katakana. Voiced and semi-voiced kana are two half-width characters.
const halfKanaPairs: readonly [string, string][] = [
  ['ア', 'ｱ'],
  ['イ', 'ｲ'],
  ['ウ', 'ｳ'],
  ['エ', 'ｴ'],
  ['オ', 'ｵ'],
  ['カ', 'ｶ'],
  ['キ', 'ｷ'],
  ['ク', 'ｸ'],
  ['ケ', 'ｹ'],
  ['コ', 'ｺ'],
  ['サ', 'ｻ'],
  ['シ', 'ｼ'],
  ['ス', 'ｽ'],
  ['セ', 'ｾ'],
  ['ソ', 'ｿ'],
  ['タ', 'ﾀ'],
  ['チ', 'ﾁ'],
  ['ツ', 'ﾂ'],
  ['テ', 'ﾃ'],
  ['ト', 'ﾄ'],
  ['ナ', 'ﾅ'],
  ['ニ', 'ﾆ'],
  ['ヌ', 'ﾇ'],
  ['ネ', 'ﾈ'],
  ['ノ', 'ﾉ'],
  ['ハ', 'ﾊ'],
  ['ヒ', 'ﾋ'],
  ['フ', 'ﾌ'],
  ['ヘ', 'ﾍ'],
  ['ホ', 'ﾎ'],
  ['マ', 'ﾏ'],
  ['ミ', 'ﾐ'],
  ['ム', 'ﾑ'],
  ['メ', 'ﾒ'],
  ['モ', 'ﾓ'],
  ['ヤ', 'ﾔ'],
  ['ユ', 'ﾕ'],
  ['ヨ', 'ﾖ'],
  ['ラ', 'ﾗ'],
  ['リ', 'ﾘ'],
  ['ル', 'ﾙ'],
  ['レ', 'ﾚ'],
  ['ロ', 'ﾛ'],
  ['ワ', 'ﾜ'],
  ['ヲ', 'ｦ'],
  ['ン', 'ﾝ'],
  ['ァ', 'ｧ'],
  ['ィ', 'ｨ'],
  ['ゥ', 'ｩ'],
  ['ェ', 'ｪ'],
  ['ォ', 'ｫ'],
  ['ッ', 'ｯ'],
  ['ャ', 'ｬ'],
  ['ュ', 'ｭ'],
  ['ョ', 'ｮ'],
  ['ガ', 'ｶﾞ'],
  ['ギ', 'ｷﾞ'],
  ['グ', 'ｸﾞ'],
  ['ゲ', 'ｹﾞ'],
  ['ゴ', 'ｺﾞ'],
  ['ザ', 'ｻﾞ'],
  ['ジ', 'ｼﾞ'],
  ['ズ', 'ｽﾞ'],
  ['ゼ', 'ｾﾞ'],
  ['ゾ', 'ｿﾞ'],
  ['ダ', 'ﾀﾞ'],
  ['ヂ', 'ﾁﾞ'],
  ['ヅ', 'ﾂﾞ'],
  ['デ', 'ﾃﾞ'],
  ['ド', 'ﾄﾞ'],
  ['バ', 'ﾊﾞ'],
  ['ビ', 'ﾋﾞ'],
  ['ブ', 'ﾌﾞ'],
  ['ベ', 'ﾍﾞ'],
  ['ボ', 'ﾎﾞ'],
  ['パ', 'ﾊﾟ'],
  ['ピ', 'ﾋﾟ'],
  ['プ', 'ﾌﾟ'],
  ['ペ', 'ﾍﾟ'],
  ['ポ', 'ﾎﾟ'],
  ['ヴ', 'ｳﾞ'],
  ['ヷ', 'ﾜﾞ'],
  ['ヺ', 'ｦﾞ'],
  ['ー', 'ｰ'],
  ['・', '･'],
  ['。', '｡'],
  ['「', '｢'],
  ['」', '｣'],
  ['、', '､'],
  ['゛', 'ﾞ'],
  ['゜', 'ﾟ'],
];
// Full-width-only kana with no half-width form: mapped to their nearest half-width kana.
const halfKanaExtra: readonly [string, string][] = [
  ['ヮ', 'ﾜ'],
  ['ヵ', 'ｶ'],
  ['ヶ', 'ｹ'],
  ['ヰ', 'ｲ'],
  ['ヱ', 'ｴ'],
  ['\u3099', 'ﾞ'],
  ['\u309A', 'ﾟ'],
];
const toHalfKanaTable = new Map<string, string>([...halfKanaPairs, ...halfKanaExtra]);
const toFullKanaTable = new Map<string, string>(halfKanaPairs.map(([full, half]) => [half, full]));

/** Hiragana (U+3041–3096, ゝゞ) → full-width katakana. */
export const hiraganaToKatakana = (s: string): string => s.replace(/[\u3041-\u3096\u309D\u309E]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/**
 * Hiragana and full-width katakana → half-width katakana, splitting voiced kana into kana + ﾞ/ﾟ,
 * long vowel ー → ｰ, every hyphen variant → '-', full-width space → ' '.
 */
export const toHalfWidthKatakana = (s: string): string =>
  unifyHyphens(mapChars(hiraganaToKatakana(s.normalize('NFC')), toHalfKanaTable)).replace(/\u3000/g, ' ');

/** Half-width katakana → full-width katakana, joining kana + ﾞ/ﾟ into one voiced kana. */
export const halfKatakanaToFull = (s: string): string => {
  let out = '';
  const chars = [...s];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    const next = chars[i + 1];
    if ((next === 'ﾞ' || next === 'ﾟ') && toFullKanaTable.has(c + next)) {
      out += toFullKanaTable.get(c + next);
      i++;
    } else {
      out += toFullKanaTable.get(c) ?? c;
    }
  }
  return out;
};

/** Half-width ASCII (U+0021–007E) → full-width; ' ' → full-width space; half-width katakana → full-width. */
export const toFullWidth = (s: string): string =>
  halfKatakanaToFull(s.replace(/[\u0021-\u007E]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).replace(/ /g, '\u3000'));

const smallToLarge = new Map<string, string>([
  ['ァ', 'ア'],
  ['ィ', 'イ'],
  ['ゥ', 'ウ'],
  ['ェ', 'エ'],
  ['ォ', 'オ'],
  ['ッ', 'ツ'],
  ['ャ', 'ヤ'],
  ['ュ', 'ユ'],
  ['ョ', 'ヨ'],
  ['ヮ', 'ワ'],
  ['ヵ', 'カ'],
  ['ヶ', 'ケ'],
  ['ぁ', 'あ'],
  ['ぃ', 'い'],
  ['ぅ', 'う'],
  ['ぇ', 'え'],
  ['ぉ', 'お'],
  ['っ', 'つ'],
  ['ゃ', 'や'],
  ['ゅ', 'ゆ'],
  ['ょ', 'よ'],
  ['ゎ', 'わ'],
  ['ゕ', 'か'],
  ['ゖ', 'け'],
  ['ｧ', 'ｱ'],
  ['ｨ', 'ｲ'],
  ['ｩ', 'ｳ'],
  ['ｪ', 'ｴ'],
  ['ｫ', 'ｵ'],
  ['ｯ', 'ﾂ'],
  ['ｬ', 'ﾔ'],
  ['ｭ', 'ﾕ'],
  ['ｮ', 'ﾖ'],
  // Katakana phonetic extensions (Ainu small kana).
  ['ㇰ', 'ク'],
  ['ㇱ', 'シ'],
  ['ㇲ', 'ス'],
  ['ㇳ', 'ト'],
  ['ㇴ', 'ヌ'],
  ['ㇵ', 'ハ'],
  ['ㇶ', 'ヒ'],
  ['ㇷ', 'フ'],
  ['ㇸ', 'ヘ'],
  ['ㇹ', 'ホ'],
  ['ㇺ', 'ム'],
  ['ㇻ', 'ラ'],
  ['ㇼ', 'リ'],
  ['ㇽ', 'ル'],
  ['ㇾ', 'レ'],
  ['ㇿ', 'ロ'],
]);

/** Small kana → large kana (bank kana names carry no small kana): ｼﾔﾁﾖｳ for シャチョウ. */
export const smallKanaToLarge = (s: string): string => mapChars(s, smallToLarge);

// Company abbreviations: enclosed and parenthesised forms, with full- or half-width parentheses.
const companyAbbreviations: readonly [RegExp, string][] = [
  [/[㈱㊑㍿]|[(（]株[)）]/g, '株式会社'],
  [/[㈲㊒]|[(（]有[)）]/g, '有限会社'],
];

/** ㈱ ㊑ ㍿ (株) （株） → 株式会社; ㈲ ㊒ (有) （有） → 有限会社 (either parenthesis width). */
export const expandCompanyAbbreviations = (s: string): string => companyAbbreviations.reduce((acc, [pattern, full]) => acc.replace(pattern, full), s);

/**
 * Roman numerals and similar number forms that the bank's systems cannot carry and that users should
 * retype as digits: Number Forms (Ⅰ–Ⅻ, ⅰ–ⅻ, Ⅼ…ↈ, fractions ⅓…, U+2150–218F), enclosed numbers
 * (①–⓿, ⑴, ⒈, U+2460–24FF except letters), circled numbers 21–50 (U+3251–325F, U+32B1–32BF) and dingbat
 * circled numbers (❶–➓, U+2776–2793).
 */
export const numberFormPattern = /[\u2150-\u218F\u2460-\u249B\u24EA-\u24FF\u3251-\u325F\u32B1-\u32BF\u2776-\u2793]/gu;

/** The distinct roman-numeral / number-form characters of s, in order of first appearance. */
export const romanNumeralChars = (s: string): string[] => [...new Set(s.match(numberFormPattern) ?? [])];

export const containsRomanNumeral = (s: string): boolean => romanNumeralChars(s).length > 0;

// ---- Compositions applied on blur (web) and before validation (API) ----

/** Kana name and kana address: to half-width katakana, small kana to large, full-width ASCII to half-width, trimmed. */
export const normaliseKana = (s: string): string => trim(smallKanaToLarge(toHalfWidthKatakana(toHalfWidth(s))));

/**
 * Kana address: as normaliseKana, Latin letters to upper case (the only case the bank accepts), and a
 * long-vowel mark right after a digit or letter read as the hyphen it stands for (１ー２ → 1-2).
 */
export const normaliseKanaAddress = (s: string): string =>
  normaliseKana(s)
    .toUpperCase()
    .replace(/(?<=[0-9A-Z])ｰ/g, '-');

/** Workplace name: abbreviations expanded, then full-width, then trimmed. */
export const normaliseWorkplaceName = (s: string): string => trim(toFullWidth(expandCompanyAbbreviations(trim(s))));

/** Codes, phone numbers, postal code, account numbers, mail: half-width, hyphens unified, trimmed. */
export const normaliseHalfWidth = (s: string): string => trim(unifyHyphens(toHalfWidth(s)));

/** Verification code: half-width, every space removed. */
export const normaliseVerificationCode = (s: string): string => stripSpaces(toHalfWidth(s));

/** Free text (names, other-texts, addresses): trimmed, NFC. */
export const normaliseText = (s: string): string => trim(s.normalize('NFC'));
