import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import kuromoji from 'kuromoji';
import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import type { FuriganaAnalyser, FuriganaToken } from './furigana.ts';

// kuromoji with the IPADIC dictionary that ships inside the package (no download at run time).
// Building the tokenizer reads ~17 MB of gzipped dictionary and takes 1–2 s and ~400 MB of memory,
// so it is built ONCE per process, lazily (a process that never converts never pays), and shared:
// concurrent first calls wait on the same promise. A failed build is forgotten so the next call retries.

const dictionaryPath = (): string => {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('kuromoji/package.json')), 'dict');
};

let shared: Promise<Tokenizer<IpadicFeatures>> | undefined;

function tokenizer(): Promise<Tokenizer<IpadicFeatures>> {
  if (!shared) {
    const building = new Promise<Tokenizer<IpadicFeatures>>((resolve, reject) => {
      kuromoji.builder({ dicPath: dictionaryPath() }).build((error, built) => (error ? reject(error) : resolve(built)));
    });
    building.catch(() => {
      if (shared === building) shared = undefined;
    });
    shared = building;
  }
  return shared;
}

/** The process-wide kuromoji analyser. */
export const kuromojiAnalyser: FuriganaAnalyser = {
  async tokenize(text: string): Promise<FuriganaToken[]> {
    const t = await tokenizer();
    return t.tokenize(text).map((token) => ({
      surface: token.surface_form,
      reading: token.reading && token.reading !== '*' ? token.reading : null,
    }));
  },
};
