import sharp, { type OutputInfo } from 'sharp';
import { analyseLuma, PHOTO_ANALYSIS, type PhotoAnalysis } from '../../shared/photo-analysis.ts';
import { domainError } from '../http/errors.ts';

/** Larger pictures than this are refused before decoding (a small file can claim any size). */
const MAX_PIXELS = 50_000_000;

/**
 * Measures a photo (docs/files.md#photo-analysis): decoded once at most PHOTO_ANALYSIS.side px on
 * its longest side (JPEG decodes straight to a smaller scale, so a 12-megapixel photo costs little
 * more than a 1-megapixel one), turned the right way up, reduced to brightness alone, then measured
 * by `analyseLuma`, the same function the capture screen runs on its preview.
 */
export async function analysePhoto(input: Buffer): Promise<PhotoAnalysis> {
  let luma: { data: Buffer; info: OutputInfo };
  try {
    luma = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PHOTO_ANALYSIS.side, PHOTO_ANALYSIS.side, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('b-w')
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw domainError('BAD_REQUEST', 'The image could not be read: it may be damaged or too large (at most 50 megapixels)');
  }
  return analyseLuma(luma.data, luma.info.width, luma.info.height);
}
