import { furiganaMaxLength } from '@koza/domain/fields/address';
import { z } from 'zod';
import { maxLengthRule, requiredText } from '@koza/domain/fields/rule-building-blocks';
import { toHalfWidth, toHalfWidthKatakana } from '@koza/domain/normalise';
import type { FuriganaAnalyser } from '../../adapters/furigana.ts';
import { printableRule } from '../platform/forbidden-characters.ts';

// GET /api/furigana?kanji=…: a suggestion for a kana field (address, name), which the applicant can
// still edit. The analyser misreads some place names (渡辺通 → ﾜﾀﾅﾍﾞﾄｵﾙ), so the address kana of the
// searched parts comes from the postal data; this only fills what the applicant typed.
//
// Rules (docs/decisions/0041-furigana.md):
// - the input is NFC-normalised and full-width ASCII made half-width first, so ０１２ stays digits
//   (the dictionary would read １ as イチ);
// - a token containing a kanji takes its dictionary reading; any other token (kana, digits, Latin,
//   symbols) and a kanji the dictionary does not know are kept as typed;
// - the whole is then made half-width katakana with the domain's toHalfWidthKatakana (the form every
//   kana field stores); small kana and letter case are left to the field's own on-blur normalisation.

// Longest input converted: a kana address part's limit, so what we read for it (the domain's rule).
export { furiganaMaxLength };

/** Control characters and lone surrogates are refused before the analyser sees them (it throws on some). */
export const furiganaQuerySchema = z.object({ kanji: requiredText({ rules: [printableRule, maxLengthRule(furiganaMaxLength)] }) });

const hasKanji = /[\p{Script=Han}々〆ヶ]/u;

export async function toFurigana(analyser: FuriganaAnalyser, kanji: string): Promise<string> {
  const input = toHalfWidth(kanji.normalize('NFC'));
  let tokens;
  try {
    tokens = await analyser.tokenize(input);
  } catch (error) {
    // The analyser chokes on some text no keyboard types; a dictionary that failed to load throws too.
    if (await analyserWorks(analyser)) return toHalfWidthKatakana(input); // nothing read: keep it, converted
    throw error;
  }
  const kana = tokens.map((t) => (t.reading !== null && hasKanji.test(t.surface) ? t.reading : t.surface)).join('');
  return toHalfWidthKatakana(kana);
}

const analyserWorks = async (analyser: FuriganaAnalyser): Promise<boolean> => {
  try {
    await analyser.tokenize('天神');
    return true;
  } catch {
    return false;
  }
};
