import sharp from 'sharp';
import { FILE_LIMITS, type FileType } from '../../../shared/files.ts';
import { domainError } from '../../http/errors.ts';

export interface ProcessedImage {
  content: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

/** Larger pictures than this are refused before decoding (a 10 MB file can claim any size). */
const MAX_PIXELS = 50_000_000;

/**
 * Re-encodes a photo so that nothing of its metadata survives (EXIF with GPS location, XMP, IPTC,
 * comments): sharp writes none unless asked. The EXIF orientation is applied to the pixels first,
 * so the picture still stands the right way up. The thumbnail (WebP, longest side 320 px) is made
 * from the same decode, once, at upload.
 */
export async function processImage(input: Buffer, type: Exclude<FileType, 'application/pdf'>): Promise<ProcessedImage> {
  try {
    const base = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const encoded = base.clone();
    if (type === 'image/jpeg') encoded.jpeg({ quality: 85, mozjpeg: false });
    else if (type === 'image/png') encoded.png({ compressionLevel: 6 });
    else encoded.webp({ quality: 85 });
    const side = FILE_LIMITS.thumbnailPx;
    const [content, thumbnail] = await Promise.all([
      encoded.toBuffer({ resolveWithObject: true }),
      base.clone().resize(side, side, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 70 }).toBuffer(),
    ]);
    return { content: content.data, thumbnail, width: content.info.width, height: content.info.height };
  } catch {
    throw domainError('BAD_REQUEST', 'The image could not be read: it may be damaged or too large (at most 50 megapixels)');
  }
}
