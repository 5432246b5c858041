// Is this upload an image? Decided by its first bytes, never by its name or declared type.
// JPEG, PNG, WebP and HEIF (HEIC from iPhones, AVIF) are what phone cameras and canvases produce.

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic' | 'image/avif';

const heifBrands = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const avifBrands = new Set(['avif', 'avis']);

export function sniffImage(bytes: Uint8Array): ImageType | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (heifBrands.has(brand)) return 'image/heic';
    if (avifBrands.has(brand)) return 'image/avif';
  }
  return null;
}
