import { upload } from '@koza/domain/constants';

// SPEC.md §9 upload limit: files over upload.browserLimitBytes are scaled to fit
// upload.maxLongSide × upload.maxShortSide and re-encoded as JPEG, the quality lowered by
// upload.qualityStep per pass until the result is under the limit; smaller files are sent unchanged.

/** The first JPEG quality tried. */
export const initialQuality = 0.9;
/** The lowest quality tried; a result still over the limit after it is sent as is (the server takes up to 10 MiB). */
export const minimumQuality = 0.1;

export const needsCompression = (bytes: number, limit: number = upload.browserLimitBytes): boolean => bytes > limit;

/** The size to draw at: the long side at most maxLongSide, the short side at most maxShortSide, aspect kept, never enlarged. */
export function targetSize(width: number, height: number): { width: number; height: number; scale: number } {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (long <= 0 || short <= 0) return { width, height, scale: 1 };
  const scale = Math.min(1, upload.maxLongSide / long, upload.maxShortSide / short);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), scale };
}

/** The qualities of the passes, in order: 0.9, 0.8, … 0.1 (rounded to one decimal, no float drift). */
export function qualityPasses(start: number = initialQuality, step: number = upload.qualityStep, min: number = minimumQuality): number[] {
  const passes: number[] = [];
  for (let q = Math.round(start * 10); q >= Math.round(min * 10); q -= Math.round(step * 10)) passes.push(q / 10);
  return passes;
}

export interface CompressionResult {
  /** What to send: the original file when it was under the limit (or could not be decoded). */
  blob: Blob;
  compressed: boolean;
  /** JPEG encodings made (0 when the file is sent unchanged). */
  passes: number;
  quality?: number;
  width?: number;
  height?: number;
}

interface Surface {
  encode: (quality: number) => Promise<Blob>;
}

/** A drawing surface with the image on it: OffscreenCanvas where there is one, a <canvas> otherwise. */
function drawSurface(bitmap: ImageBitmap, width: number, height: number): Surface {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (context) {
      context.drawImage(bitmap, 0, 0, width, height);
      return { encode: (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality }) };
    }
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas is not available');
  context.drawImage(bitmap, 0, 0, width, height);
  return {
    encode: (quality) =>
      new Promise<Blob>((resolve, reject) => {
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', quality);
      }),
  };
}

/**
 * Shrinks an image over the browser limit. Images the browser cannot decode (e.g. HEIC outside
 * Safari) are sent unchanged: the server accepts JPEG, PNG and HEIC up to 10 MiB.
 */
export async function compressImage(file: Blob, limit: number = upload.browserLimitBytes): Promise<CompressionResult> {
  if (!needsCompression(file.size, limit)) return { blob: file, compressed: false, passes: 0 };
  let bitmap: ImageBitmap;
  try {
    // EXIF orientation is applied, so a portrait photo stays upright.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { blob: file, compressed: false, passes: 0 };
  }
  try {
    const size = targetSize(bitmap.width, bitmap.height);
    const surface = drawSurface(bitmap, size.width, size.height);
    let passes = 0;
    let last: { blob: Blob; quality: number } | undefined;
    for (const quality of qualityPasses()) {
      passes++;
      last = { blob: await surface.encode(quality), quality };
      if (!needsCompression(last.blob.size, limit)) break;
    }
    if (!last) return { blob: file, compressed: false, passes: 0 };
    return { blob: last.blob, compressed: true, passes, quality: last.quality, width: size.width, height: size.height };
  } finally {
    bitmap.close();
  }
}
