import { createRequire } from 'node:module';
import type { FuriganaAnalyser, FuriganaToken } from './furigana.ts';

// Lindera (Rust, compiled to WebAssembly) with the IPADIC dictionary embedded in its .wasm file: the
// same dictionary kuromoji used, so the same readings, at about a quarter of the memory (+90–130 MiB
// instead of +330 MiB) and a third of the load time (docs/decisions/0124-furigana-lindera.md).
// Nothing is downloaded: the package ships the .wasm. Loading it compiles 13 MB of WebAssembly and
// deserialises the dictionary, so it happens ONCE per process, lazily (a process that never
// converts never pays), and concurrent first calls share it. A failed load is forgotten so the next
// call retries.

/** What the package's tokenizer returns per token (only the fields read here). */
interface LinderaToken {
  surface: string;
  /** IPADIC reading in katakana; absent for unknown words, '*' when the entry has none. */
  reading?: string;
}
interface LinderaTokenizer {
  tokenize(text: string): LinderaToken[];
}
interface LinderaModule {
  TokenizerBuilder: new () => {
    setDictionary(uri: string): void;
    setMode(mode: string): void;
    setKeepWhitespace(keep: boolean): void;
    build(): LinderaTokenizer;
  };
}

let shared: Promise<LinderaTokenizer> | undefined;

function tokenizer(): Promise<LinderaTokenizer> {
  if (!shared) {
    const building = (async () => {
      // Required here, not imported at the top: the module instantiates its WebAssembly on load.
      const lindera = createRequire(import.meta.url)('lindera-wasm-nodejs-ipadic') as LinderaModule;
      const builder = new lindera.TokenizerBuilder();
      builder.setDictionary('embedded://ipadic');
      builder.setMode('normal');
      // Every character of the input is in some token's surface, spaces too (the service joins them).
      builder.setKeepWhitespace(true);
      return builder.build();
    })();
    building.catch(() => {
      if (shared === building) shared = undefined;
    });
    shared = building;
  }
  return shared;
}

/** The process-wide Lindera analyser. */
export const linderaAnalyser: FuriganaAnalyser = {
  async tokenize(text: string): Promise<FuriganaToken[]> {
    const t = await tokenizer();
    return t.tokenize(text).map((token) => ({
      surface: token.surface,
      reading: token.reading && token.reading !== '*' ? token.reading : null,
    }));
  },
};
