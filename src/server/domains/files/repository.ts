import { sql, type SqlBool } from 'kysely';
import { FILE_LIMITS, type Attachment, type PhotoPage, type StoredFile } from '../../../shared/files.ts';
import type { PhotoAnalysis } from '../../../shared/photo-analysis.ts';
import type { Executor } from '../../db/index.ts';
import type { FilesTable } from '../../db/schema.ts';
import { byteaAsBase64, byteaParam, fromBase64 } from '../../lib/bytea.ts';
import { encodeCursor, pageOf, timestampKey, olderThanCursor } from '../../lib/paging.ts';
import { inspectionVisibleTo } from '../../lib/inspection-reach.ts';
import { recordVisibleTo } from '../../lib/record-reach.ts';

const fileColumns = [
  'f.id',
  'f.owner_id',
  'f.name',
  'f.content_type',
  'f.byte_size',
  'f.thumbnail_size',
  'f.width',
  'f.height',
  'f.created_at',
  'f.sharpness',
  'f.mean_brightness',
  'f.dark_share',
  'f.bright_share',
  'f.verdict',
] as const;

interface FileRow {
  id: string;
  owner_id: string;
  name: string;
  content_type: FilesTable['content_type'];
  byte_size: number;
  thumbnail_size: number;
  width: number | null;
  height: number | null;
  created_at: Date;
  sharpness: number | null;
  mean_brightness: number | null;
  dark_share: number | null;
  bright_share: number | null;
  verdict: FilesTable['verdict'];
}

type StripAlias<T extends string> = T extends `f.${infer C}` ? C : never;

function analysisOf(row: FileRow): PhotoAnalysis | null {
  if (row.verdict === null || row.sharpness === null || row.mean_brightness === null || row.dark_share === null || row.bright_share === null) return null;
  return { sharpness: row.sharpness, meanBrightness: row.mean_brightness, darkShare: row.dark_share, brightShare: row.bright_share, verdict: row.verdict };
}

function toFile(row: FileRow, userId: string): StoredFile {
  return {
    id: row.id,
    name: row.name,
    contentType: row.content_type,
    size: row.byte_size,
    width: row.width,
    height: row.height,
    hasThumbnail: row.thumbnail_size > 0,
    createdAt: row.created_at,
    mine: row.owner_id === userId,
    analysis: analysisOf(row),
  };
}

/**
 * A file `f` the user may see: their own upload, a file attached to a record they may read (the
 * service records' read rule, lib/record-reach.ts), or a photo of an inspection they may read
 * (lib/inspection-reach.ts).
 */
function fileVisibleTo(userId: string) {
  return sql<SqlBool>`(f.owner_id = ${userId}::uuid OR EXISTS (
    SELECT 1 FROM record_attachments ra JOIN service_records r ON r.id = ra.record_id
    WHERE ra.file_id = f.id AND ${recordVisibleTo(userId)}) OR EXISTS (
    SELECT 1 FROM inspection_photos ip JOIN inspections i ON i.id = ip.inspection_id
    WHERE ip.file_id = f.id AND ${inspectionVisibleTo(userId)}))`;
}

export async function findVisibleFile(db: Executor, userId: string, id: string): Promise<StoredFile | null> {
  const row = await db.selectFrom('files as f').select(fileColumns).where('f.id', '=', id).where(fileVisibleTo(userId)).executeTakeFirst();
  return row ? toFile(row, userId) : null;
}

/** The bytes of a visible file (or its thumbnail), with what the answer's headers need. */
export async function readVisibleContent(db: Executor, userId: string, id: string, part: 'content' | 'thumbnail') {
  const row = await db
    .selectFrom('files as f')
    .innerJoin('file_contents as fc', 'fc.file_id', 'f.id')
    .select(['f.name', 'f.content_type', 'f.created_at', byteaAsBase64(part === 'content' ? 'fc.content' : 'fc.thumbnail').as('bytes')])
    .where('f.id', '=', id)
    .where(fileVisibleTo(userId))
    .executeTakeFirst();
  return row ? { ...row, bytes: fromBase64(row.bytes) } : undefined;
}

/** Bytes the user keeps stored: every file and thumbnail they uploaded. */
export async function storedBytes(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select(sql<string>`coalesce(sum(byte_size + thumbnail_size), 0)`.as('total'))
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export interface NewFile {
  name: string;
  contentType: FilesTable['content_type'];
  content: Uint8Array;
  thumbnail: Uint8Array | null;
  width: number | null;
  height: number | null;
  analysis: PhotoAnalysis | null;
}

export async function insertFile(db: Executor, userId: string, file: NewFile): Promise<StoredFile> {
  const row = await db
    .insertInto('files')
    .values({
      owner_id: userId,
      name: file.name,
      content_type: file.contentType,
      byte_size: file.content.byteLength,
      thumbnail_size: file.thumbnail?.byteLength ?? 0,
      width: file.width,
      height: file.height,
      sharpness: file.analysis?.sharpness ?? null,
      mean_brightness: file.analysis?.meanBrightness ?? null,
      dark_share: file.analysis?.darkShare ?? null,
      bright_share: file.analysis?.brightShare ?? null,
      verdict: file.analysis?.verdict ?? null,
    })
    .returning(fileColumns.map((column) => column.slice(2) as StripAlias<typeof column>))
    .executeTakeFirstOrThrow();
  await db
    .insertInto('file_contents')
    .values({ file_id: row.id, content: byteaParam(file.content), thumbnail: file.thumbnail ? byteaParam(file.thumbnail) : null })
    .execute();
  return toFile(row, userId);
}

export async function deleteFile(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('files').where('id', '=', id).execute();
}

/** A record the user may read, with whose it is and which shop wrote it. */
export async function findVisibleRecord(db: Executor, userId: string, recordId: string) {
  return db
    .selectFrom('service_records as r')
    .select(['r.id', 'r.user_id', 'r.vehicle_id', 'r.service_center_id'])
    .where('r.id', '=', recordId)
    .where(recordVisibleTo(userId))
    .executeTakeFirst();
}

/** A record's files, in the order they were attached (bounded by the per-record limit). */
export async function listAttachments(db: Executor, userId: string, recordId: string): Promise<Attachment[]> {
  const rows = await db
    .selectFrom('record_attachments as ra')
    .innerJoin('files as f', 'f.id', 'ra.file_id')
    .select([...fileColumns, 'ra.record_id', 'ra.created_at as attached_at'])
    .where('ra.record_id', '=', recordId)
    .orderBy('ra.created_at')
    .orderBy('f.id')
    .limit(FILE_LIMITS.perRecord)
    .execute();
  return rows.map((row) => ({ ...toFile(row, userId), recordId: row.record_id, attachedAt: row.attached_at }));
}

export async function countAttachments(db: Executor, recordId: string): Promise<number> {
  const row = await db.selectFrom('record_attachments').select((eb) => eb.fn.countAll<string>().as('n')).where('record_id', '=', recordId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAttachment(db: Executor, recordId: string, fileId: string, userId: string): Promise<void> {
  await db
    .insertInto('record_attachments')
    .values({ record_id: recordId, file_id: fileId, attached_by: userId })
    .onConflict((oc) => oc.columns(['record_id', 'file_id']).doNothing())
    .execute();
}

export async function deleteAttachment(db: Executor, recordId: string, fileId: string): Promise<boolean> {
  const result = await db.deleteFrom('record_attachments').where('record_id', '=', recordId).where('file_id', '=', fileId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Whether the file is still attached to any record. */
export async function isAttached(db: Executor, fileId: string): Promise<boolean> {
  const row = await db.selectFrom('record_attachments').select('file_id').where('file_id', '=', fileId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A file the user uploaded (only uploaders attach or delete a file). */
export async function findOwnFile(db: Executor, userId: string, id: string) {
  return db.selectFrom('files').select(['id', 'owner_id']).where('id', '=', id).where('owner_id', '=', userId).executeTakeFirst();
}

/** A page of the user's own photos, newest first, keyset-paged on (created_at, id). */
export async function listOwnPhotos(db: Executor, userId: string, limit: number, cursor: string | undefined): Promise<PhotoPage> {
  let query = db
    .selectFrom('files as f')
    .select([...fileColumns, timestampKey('f.created_at').as('key')])
    .where('f.owner_id', '=', userId)
    .where('f.content_type', '<>', 'application/pdf')
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(limit + 1);
  if (cursor) query = query.where(olderThanCursor(cursor, 'f.created_at', 'f.id'));
  return pageOf(await query.execute(), limit, (row) => toFile(row, userId), (row) => encodeCursor(row.key, row.id));
}

export interface PhotoFilters {
  vehicleId?: string;
  componentId?: string;
  inspectionId?: string;
  from?: string;
  to?: string;
}

/**
 * Where a photo was used, as a condition on `f`: on an inspection item or a service record of the
 * vehicle (and component), or in one inspection. Visibility is checked beside it (fileVisibleTo).
 */
function usedIn(filters: PhotoFilters) {
  const conditions: ReturnType<typeof sql<SqlBool>>[] = [];
  const { vehicleId, componentId, inspectionId } = filters;
  if (!vehicleId && !componentId && !inspectionId) return null;
  const onInspection = sql<SqlBool>`EXISTS (SELECT 1 FROM inspection_photos ip JOIN inspections i ON i.id = ip.inspection_id JOIN inspection_items it ON it.id = ip.item_id
    WHERE ip.file_id = f.id
    ${vehicleId ? sql`AND i.vehicle_id = ${vehicleId}::uuid` : sql``}
    ${componentId ? sql`AND it.component_id = ${componentId}::uuid` : sql``}
    ${inspectionId ? sql`AND i.id = ${inspectionId}::uuid` : sql``})`;
  conditions.push(onInspection);
  if (!inspectionId) {
    conditions.push(sql<SqlBool>`EXISTS (SELECT 1 FROM record_attachments ra JOIN service_records r ON r.id = ra.record_id
      WHERE ra.file_id = f.id
      ${vehicleId ? sql`AND r.vehicle_id = ${vehicleId}::uuid` : sql``}
      ${componentId ? sql`AND r.component_id = ${componentId}::uuid` : sql``})`);
  }
  return sql<SqlBool>`(${sql.join(conditions, sql` OR `)})`;
}

/** A page of the photos the user may see, newest first, keyset-paged on (created_at, id). */
export async function listVisiblePhotos(db: Executor, userId: string, filters: PhotoFilters, limit: number, cursor: string | undefined): Promise<PhotoPage> {
  let query = db
    .selectFrom('files as f')
    .select([...fileColumns, timestampKey('f.created_at').as('key')])
    .where('f.content_type', '<>', 'application/pdf')
    .where(fileVisibleTo(userId))
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(limit + 1);
  const used = usedIn(filters);
  if (used) query = query.where(used);
  // Days are whole UTC days: the gallery's dates are the upload's calendar day.
  if (filters.from) query = query.where('f.created_at', '>=', new Date(`${filters.from}T00:00:00Z`));
  if (filters.to) query = query.where('f.created_at', '<', new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000));
  if (cursor) query = query.where(olderThanCursor(cursor, 'f.created_at', 'f.id'));
  return pageOf(await query.execute(), limit, (row) => toFile(row, userId), (row) => encodeCursor(row.key, row.id));
}
