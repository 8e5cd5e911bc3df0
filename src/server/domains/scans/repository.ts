import { sql, type Selectable } from 'kysely';
import type { CreateScanSessionValues, ScanPhoto, ScanSession, ScanSessionSummary, ScanStage, ScanStatus } from '../../../shared/scans.ts';
import type { Executor } from '../../db/index.ts';
import type { ScanImagesTable, ScanSessionsTable } from '../../db/schema-media.ts';
import { byteaParam } from '../../lib/bytea.ts';
import type { IntakePhoto } from './photos.ts';

/** A user's scan sessions and their photos (docs/scans.md). */

const sessionColumns = [
  'id',
  'user_id',
  'vehicle_id',
  'component_id',
  'status',
  'stage',
  'progress',
  'failure_reason',
  'resolution',
  'scan_type',
  'output_format',
  'notes',
  'user_role',
  'guidance_used',
  'result_model_id',
  'created_at',
  'completed_at',
] as const;
export type SessionRow = Pick<Selectable<ScanSessionsTable>, (typeof sessionColumns)[number]>;

const photoColumns = ['id', 'ordinal', 'client_key', 'width', 'height', 'byte_size', 'focal_px', 'focal_source', 'sharpness', 'overlap', 'created_at'] as const;
type PhotoRow = Pick<Selectable<ScanImagesTable>, (typeof photoColumns)[number]>;

function toPhoto(row: PhotoRow): ScanPhoto {
  return {
    id: row.id,
    ordinal: row.ordinal,
    clientKey: row.client_key,
    width: row.width,
    height: row.height,
    bytes: row.byte_size,
    focalPx: row.focal_px,
    focalSource: row.focal_source,
    sharpness: row.sharpness,
    overlap: row.overlap,
    createdAt: row.created_at,
  };
}

function toSummary(row: SessionRow): Omit<ScanSession, 'photos'> {
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    componentId: row.component_id,
    status: row.status as ScanStatus,
    stage: row.stage,
    progress: row.progress,
    failureReason: row.failure_reason,
    resolution: row.resolution,
    scanType: row.scan_type,
    outputFormat: row.output_format,
    notes: row.notes,
    userRole: row.user_role,
    guidanceUsed: row.guidance_used,
    resultModelId: row.result_model_id,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

export async function findSession(db: Executor, id: string, lock = false): Promise<SessionRow | undefined> {
  let query = db.selectFrom('scan_sessions').select(sessionColumns).where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function countSessions(db: Executor, userId: string): Promise<number> {
  const row = await db.selectFrom('scan_sessions').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.n;
}

export async function insertSession(db: Executor, userId: string, role: 'simple' | 'tech', values: CreateScanSessionValues): Promise<SessionRow> {
  return db
    .insertInto('scan_sessions')
    .values({
      user_id: userId,
      vehicle_id: values.vehicleId ?? null,
      component_id: values.componentId ?? null,
      resolution: values.resolution,
      scan_type: values.scanType,
      output_format: values.outputFormat,
      notes: values.notes,
      user_role: role,
      guidance_used: values.guidanceUsed,
    })
    .returning(sessionColumns)
    .executeTakeFirstOrThrow();
}

export async function sessionPhotos(db: Executor, sessionId: string): Promise<ScanPhoto[]> {
  const rows = await db.selectFrom('scan_images').select(photoColumns).where('session_id', '=', sessionId).orderBy('ordinal').execute();
  return rows.map(toPhoto);
}

export async function withPhotos(db: Executor, row: SessionRow): Promise<ScanSession> {
  return { ...toSummary(row), photos: await sessionPhotos(db, row.id) };
}

/** The user's sessions, newest first, with their photo counts. */
export async function listSessions(db: Executor, userId: string, filters: { status?: ScanStatus; limit: number }): Promise<ScanSessionSummary[]> {
  let query = db
    .selectFrom('scan_sessions as s')
    .select(sessionColumns.map((column) => `s.${column}` as const))
    .select((eb) => eb.selectFrom('scan_images').select(sql<number>`count(*)::int`.as('n')).whereRef('scan_images.session_id', '=', 's.id').as('photo_count'))
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(filters.limit);
  if (filters.status) query = query.where('s.status', '=', filters.status);
  const rows = await query.execute();
  return rows.map((row) => ({ ...toSummary(row), photoCount: row.photo_count ?? 0 }));
}

export async function findPhotoByKey(db: Executor, sessionId: string, clientKey: string): Promise<ScanPhoto | undefined> {
  const row = await db.selectFrom('scan_images').select(photoColumns).where('session_id', '=', sessionId).where('client_key', '=', clientKey).executeTakeFirst();
  return row && toPhoto(row);
}

export async function countPhotos(db: Executor, sessionId: string): Promise<{ count: number; last: number }> {
  const row = await db
    .selectFrom('scan_images')
    .select([sql<number>`count(*)::int`.as('count'), sql<number>`coalesce(max(ordinal), 0)::int`.as('last')])
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return row;
}

/** Bytes of scan photos the user keeps, over all their sessions (docs/scans.md#storage). */
export async function storedPhotoBytes(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('scan_images as i')
    .innerJoin('scan_sessions as s', 's.id', 'i.session_id')
    .select(sql<string>`coalesce(sum(i.byte_size), 0)`.as('total'))
    .where('s.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Removes a session with its photos; the model it made stays with the user's models. */
export async function deleteSession(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('scan_sessions').where('id', '=', id).execute();
}

export async function insertPhoto(db: Executor, sessionId: string, ordinal: number, clientKey: string, photo: IntakePhoto, overlap: number | null): Promise<void> {
  await db
    .insertInto('scan_images')
    .values({
      session_id: sessionId,
      ordinal,
      client_key: clientKey,
      content: byteaParam(photo.content),
      byte_size: photo.content.byteLength,
      width: photo.width,
      height: photo.height,
      focal_px: photo.focalPx,
      focal_source: photo.focalSource,
      sharpness: photo.sharpness,
      overlap,
    })
    .execute();
  await db.updateTable('scan_sessions').set({ updated_at: new Date() }).where('id', '=', sessionId).execute();
}

/** A processing session's stage and progress; a session that has meanwhile ended keeps its outcome. */
export async function setProgress(db: Executor, id: string, stage: ScanStage, progress: number): Promise<void> {
  await db
    .updateTable('scan_sessions')
    .set({ stage, progress: Math.min(1, Math.max(0, progress)), updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .execute();
}

export async function setProcessing(db: Executor, id: string, fields: { status: ScanStatus; stage: ScanStage | null; progress: number; failureReason?: string | null; resultModelId?: string | null; completedAt?: Date | null }): Promise<void> {
  await db
    .updateTable('scan_sessions')
    .set({
      status: fields.status,
      stage: fields.stage,
      progress: Math.min(1, Math.max(0, fields.progress)),
      ...(fields.failureReason !== undefined ? { failure_reason: fields.failureReason } : {}),
      ...(fields.resultModelId !== undefined ? { result_model_id: fields.resultModelId } : {}),
      ...(fields.completedAt !== undefined ? { completed_at: fields.completedAt } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}
