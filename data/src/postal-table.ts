import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The generated postal table's layout and location (format: see postal.ts), shared by the reader
// (postal.ts) and the build (postal-build.ts) without either importing the other.

export type PostalRow = {
  /** 7 digits, no hyphen, e.g. '8100001'. */
  postalNumber: string;
  /** 5-digit JIS X 0402 municipality code (全国地方公共団体コード without check digit), e.g. '40133'. */
  addressCode: string;
  /** e.g. 福岡県 */
  prefecture: string;
  /** e.g. 福岡市中央区 (a county-level town keeps its county: 菊池郡菊陽町) */
  municipality: string;
  /** Town area (町域), e.g. 天神; '' when Japan Post lists no town for the code. */
  section: string;
  /** Always '' with the current source: Japan Post does not split chome (丁目) from the town. */
  chome: string;
  /** Half-width katakana as the source ships it, e.g. ﾌｸｵｶｹﾝ */
  kanaPrefecture: string;
  kanaMunicipality: string;
  kanaSection: string;
  kanaChome: string;
};

export const postalColumns = [
  'postalNumber',
  'addressCode',
  'prefecture',
  'municipality',
  'section',
  'chome',
  'kanaPrefecture',
  'kanaMunicipality',
  'kanaSection',
  'kanaChome',
] as const satisfies readonly (keyof PostalRow)[];

const dataRoot = fileURLToPath(new URL('..', import.meta.url));
export const generatedDir = join(dataRoot, 'generated');
/** Absolute path of the generated TSV table. */
export const postalTablePath = join(generatedDir, 'postal-codes.tsv');
/** Absolute path of the file holding the sha256 (hex) of the TSV. */
export const postalVersionPath = join(generatedDir, 'postal-codes.version');
