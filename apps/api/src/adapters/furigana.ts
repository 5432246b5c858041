// Kanji → kana (GET /api/furigana, DECISIONS.md §7): the morphological analyser behind an interface,
// so the service owns the conversion rules and a test may pass its own analyser. The real one is
// Lindera with its IPADIC dictionary (furigana-lindera.ts, decision 0124).

/** One token of the analysed text. */
export interface FuriganaToken {
  /** The characters of the input this token covers. */
  surface: string;
  /** Its reading in full-width katakana, or null when the dictionary has none (unknown words, digits, Latin). */
  reading: string | null;
}

export interface FuriganaAnalyser {
  /** Splits text into tokens with readings. The first call may load a dictionary; later calls reuse it. */
  tokenize(text: string): Promise<FuriganaToken[]>;
}
