import type { GreyImage } from '../../../shared/geometry/orb.ts';
import { PHOTO_ANALYSIS } from '../../../shared/photo-analysis.ts';

/**
 * A picture drawn at most `side` px on its longest side, as greyscale (Rec. 709 luma). On an
 * OffscreenCanvas where there is one, so that a worker can do it too.
 */
export function lumaOf(source: CanvasImageSource, width: number, height: number, side: number = PHOTO_ANALYSIS.side): GreyImage {
  const scale = Math.min(1, side / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = typeof OffscreenCanvas === 'undefined' ? Object.assign(document.createElement('canvas'), { width: w, height: h }) : new OffscreenCanvas(w, h);
  const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) throw new Error('This browser cannot read pictures');
  context.drawImage(source, 0, 0, w, h);
  const { data } = context.getImageData(0, 0, w, h);
  const luma = new Uint8Array(w * h);
  for (let i = 0, p = 0; p < luma.length; i += 4, p++) luma[p] = Math.round(0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!);
  return { luma, width: w, height: h };
}

/** A picture file decoded by the browser once and read at each of the longest sides given, or null when it cannot be decoded. */
export async function readPicture(file: Blob, sides: readonly number[]): Promise<GreyImage[] | null> {
  try {
    const bitmap = await createImageBitmap(file);
    try {
      return sides.map((side) => lumaOf(bitmap, bitmap.width, bitmap.height, side));
    } finally {
      bitmap.close();
    }
  } catch {
    return null; // a PDF, or a picture the browser cannot decode: the server says what it is
  }
}
