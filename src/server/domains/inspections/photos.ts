import { INSPECTION_LIMITS } from '../../../shared/inspections.ts';
import type { Executor } from '../../db/index.ts';
import { byteaAsBase64, fromBase64 } from '../../lib/bytea.ts';

// Photos on inspection items: the rows tying files to items, and their bytes for the public link and the PDF.

export async function countItemPhotos(db: Executor, itemId: string): Promise<number> {
  const row = await db.selectFrom('inspection_photos').select((eb) => eb.fn.countAll<string>().as('n')).where('item_id', '=', itemId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPhoto(db: Executor, inspectionId: string, itemId: string, fileId: string, userId: string): Promise<void> {
  await db
    .insertInto('inspection_photos')
    .values({ inspection_id: inspectionId, item_id: itemId, file_id: fileId, attached_by: userId })
    .onConflict((oc) => oc.columns(['item_id', 'file_id']).doNothing())
    .execute();
}

/** Takes a photo off an item of this inspection only (the item id alone would reach any inspection's). */
export async function deletePhoto(db: Executor, inspectionId: string, itemId: string, fileId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('inspection_photos')
    .where('inspection_id', '=', inspectionId)
    .where('item_id', '=', itemId)
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A file the user uploaded themselves: only those are attached. */
export async function isOwnFile(db: Executor, userId: string, fileId: string): Promise<boolean> {
  const row = await db.selectFrom('files').select('id').where('id', '=', fileId).where('owner_id', '=', userId).where('content_type', '<>', 'application/pdf').executeTakeFirst();
  return row !== undefined;
}

/**
 * The bytes of a photo of the inspection behind a public link (the photo must be one of its
 * items'), or of every photo of one inspection for its PDF (bounded by the items' limits).
 */
export async function photoBytesByLink(db: Executor, linkHash: string, fileId: string, part: 'content' | 'thumbnail') {
  const row = await db
    .selectFrom('inspection_photos as ip')
    .innerJoin('inspections as i', 'i.id', 'ip.inspection_id')
    .innerJoin('files as f', 'f.id', 'ip.file_id')
    .innerJoin('file_contents as fc', 'fc.file_id', 'f.id')
    .select(['f.content_type', byteaAsBase64(part === 'content' ? 'fc.content' : 'fc.thumbnail').as('bytes')])
    .where('i.link_hash', '=', linkHash)
    .where('i.status', '<>', 'draft')
    .where('ip.file_id', '=', fileId)
    .limit(1)
    .executeTakeFirst();
  return row ? { contentType: row.content_type, bytes: fromBase64(row.bytes) } : undefined;
}

/** Every photo of an inspection, for its PDF: thumbnails are too small to print, so the stored images. */
export async function inspectionPhotoBytes(db: Executor, inspectionId: string): Promise<Map<string, Uint8Array>> {
  const rows = await db
    .selectFrom('inspection_photos as ip')
    .innerJoin('file_contents as fc', 'fc.file_id', 'ip.file_id')
    .select(['ip.file_id', byteaAsBase64('fc.content').as('bytes')])
    .where('ip.inspection_id', '=', inspectionId)
    .limit(INSPECTION_LIMITS.items * INSPECTION_LIMITS.photosPerItem)
    .execute();
  const map = new Map<string, Uint8Array>();
  for (const row of rows) if (row.bytes) map.set(row.file_id, fromBase64(row.bytes));
  return map;
}
