import { describe, expect, it } from 'vitest';
import { upload } from '@koza/domain/constants';
import { compressImage, needsCompression, qualityPasses, targetSize } from './image-compression.ts';

describe('compression planner', () => {
  it('compresses only files over 1 MiB', () => {
    expect(needsCompression(upload.browserLimitBytes)).toBe(false);
    expect(needsCompression(upload.browserLimitBytes + 1)).toBe(true);
  });

  it('fits the image in 1920 × 1080 (long × short side), keeping the aspect ratio', () => {
    expect(targetSize(4032, 3024)).toMatchObject({ width: 1440, height: 1080 });
    expect(targetSize(3024, 4032)).toMatchObject({ width: 1080, height: 1440 });
    expect(targetSize(4000, 1000)).toMatchObject({ width: 1920, height: 480 });
    expect(targetSize(1920, 1080)).toMatchObject({ width: 1920, height: 1080, scale: 1 });
  });

  it('never enlarges a small image', () => {
    expect(targetSize(800, 600)).toEqual({ width: 800, height: 600, scale: 1 });
  });

  it('lowers the quality by 0.1 per pass from 0.9 to 0.1, without float drift', () => {
    expect(qualityPasses()).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]);
    expect(qualityPasses(1)).toEqual([1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]);
  });

  it('sends a file under the limit unchanged', async () => {
    const file = new Blob([new Uint8Array(1000)], { type: 'image/jpeg' });
    const result = await compressImage(file);
    expect(result).toEqual({ blob: file, compressed: false, passes: 0 });
  });
});
