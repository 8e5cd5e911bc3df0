import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { PHOTO_VERDICT_ADVICE } from '../../../shared/photo-analysis.ts';
import { SCAN_LIMITS, SCAN_RESOLUTION_PX, type ScanResolution } from '../../../shared/scans.ts';
import { domainError } from '../../http/errors.ts';
import { lensFacts } from '../../lib/exif.ts';
import { analysePhoto } from '../../lib/photo-analysis.ts';
import { focalPixels } from './sfm/camera.ts';

/** Larger pictures than this are refused before decoding (a small file can claim any size). */
const MAX_PIXELS = 50_000_000;
const FORMATS = new Set(['jpeg', 'png', 'webp']);

export interface IntakePhoto {
  content: Buffer;
  width: number;
  height: number;
  focalPx: number;
  focalSource: 'sensor' | '35mm' | 'fallback';
  sharpness: number;
}

export const photoTooLarge = () => domainError('PAYLOAD_TOO_LARGE', `A scan photo may be at most ${SCAN_LIMITS.maxUploadBytes / 1024 / 1024} MB`);

/**
 * One photo of a scan as it is kept (docs/scans.md#photos): its lens read from EXIF first (the
 * focal length in pixels of the kept size), then turned the right way up and scaled to the session's
 * resolution (never enlarged), re-encoded as JPEG without any metadata; measured for sharpness as
 * every photo of the product is (lib/photo-analysis.ts), and refused when blurred. JPEG, PNG or WebP only.
 */
export async function intakePhoto(bytes: Buffer, resolution: ScanResolution): Promise<IntakePhoto> {
  if (bytes.byteLength === 0) throw domainError('BAD_REQUEST', 'The photo is empty');
  if (bytes.byteLength > SCAN_LIMITS.maxUploadBytes) throw photoTooLarge();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw domainError('UNSUPPORTED_MEDIA_TYPE', 'A scan takes photos only: JPEG, PNG or WebP');
  }
  if (!meta.format || !FORMATS.has(meta.format)) throw domainError('UNSUPPORTED_MEDIA_TYPE', 'A scan takes photos only: JPEG, PNG or WebP');
  const side = SCAN_RESOLUTION_PX[resolution];
  let kept: { data: Buffer; info: OutputInfo };
  try {
    kept = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw domainError('BAD_REQUEST', 'The photo could not be read: it may be damaged or too large (at most 50 megapixels)');
  }
  const analysis = await analysePhoto(bytes);
  // A blurred photo places nothing and misleads the matching: refused, with what to do instead.
  if (analysis.verdict === 'blurry') throw domainError('BAD_REQUEST', `This photo is blurry and was not added. ${PHOTO_VERDICT_ADVICE.blurry}`);
  const { width, height } = kept.info;
  const lens = lensFacts(meta.exif);
  const focal = focalPixels({ width, height, focalMm: lens.focalMm, sensorWidthMm: lens.sensorWidthMm, focal35mm: lens.focal35mm });
  return { content: kept.data, width, height, focalPx: focal.focalPx, focalSource: focal.source, sharpness: analysis.sharpness };
}
