import { sql } from 'kysely';
import { writePly, writeStl } from '../../../shared/geometry/mesh-write.ts';
import type { Executor } from '../../db/index.ts';
import { byteaAsBase64, fromBase64 } from '../../lib/bytea.ts';
import type { ZipWriter } from '../../lib/zip.ts';

/**
 * A user's 3D scans in the account export (docs/data.md#export): `scans.json` (each session with
 * its photos' descriptions and their paths), each photo's JPEG under `scans/`, `models.json` and
 * each model's geometry under `models/`: its coloured point cloud as PLY and its surface as binary
 * STL, the files a download gives. One photo's or one model's bytes in memory at a time; the photos
 * are bounded by the scan storage budget (1 GB), each model by its 200,000 points, and their number
 * by EXPORT_MAX_MODELS.
 */

/** Models an export holds at most: each is at most about 25 MB as PLY and STL (200,000 points, a surface on a grid of 128 cells), so with the photos and files within their budgets the ZIP stays inside its 4 GiB. */
export const EXPORT_MAX_MODELS = 100;

export async function tooManyModels(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('model3d').select(sql<number>`count(*)::int`.as('n')).where('owner_id', '=', userId).executeTakeFirstOrThrow();
  return row.n > EXPORT_MAX_MODELS;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const photoPath = (sessionId: string, ordinal: number) => `scans/${sessionId}/photo-${String(ordinal).padStart(2, '0')}.jpg`;

/** Aligned copies of a stored array's bytes, so typed arrays can view them. */
function arrayBytes(text: string | null): ArrayBuffer {
  const bytes = fromBase64(text ?? '');
  const aligned = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(aligned).set(bytes);
  return aligned;
}

export async function writeScansExport(db: Executor, userId: string, zip: ZipWriter, drain: () => Promise<void>): Promise<void> {
  const sessions = await db
    .selectFrom('scan_sessions')
    .select([
      'id',
      'vehicle_id as vehicleId',
      'component_id as componentId',
      'status',
      'failure_reason as failureReason',
      'resolution',
      'scan_type as scanType',
      'output_format as outputFormat',
      'notes',
      'user_role as userRole',
      'guidance_used as guidanceUsed',
      'result_model_id as resultModelId',
      'created_at as createdAt',
      'completed_at as completedAt',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const photos = await db
    .selectFrom('scan_images as i')
    .innerJoin('scan_sessions as s', 's.id', 'i.session_id')
    .select(['i.id', 'i.session_id as sessionId', 'i.ordinal', 'i.width', 'i.height', 'i.byte_size as byteSize', 'i.focal_px as focalPx', 'i.focal_source as focalSource', 'i.sharpness', 'i.overlap', 'i.created_at as createdAt'])
    .where('s.user_id', '=', userId)
    .orderBy('i.session_id')
    .orderBy('i.ordinal')
    .execute();
  zip.add(
    'scans.json',
    json(sessions.map((s) => ({ ...s, photos: photos.filter((p) => p.sessionId === s.id).map(({ sessionId: _s, ...p }) => ({ ...p, path: photoPath(s.id, p.ordinal) })) }))),
  );
  for (const photo of photos) {
    const row = await db.selectFrom('scan_images').select(byteaAsBase64('content').as('content')).where('id', '=', photo.id).executeTakeFirst();
    if (!row?.content) continue;
    // JPEG is compressed already: stored as it is.
    zip.add(photoPath(photo.sessionId, photo.ordinal), fromBase64(row.content), { compress: false });
    await drain();
  }

  const models = await db
    .selectFrom('model3d as m')
    .leftJoin('model3d_geometry as g', 'g.model_id', 'm.id')
    .select(['m.id', 'm.name', 'm.vehicle_id as vehicleId', 'm.component_id as componentId', 'm.model_type as modelType', 'm.dimensions', 'm.mm_per_unit as mmPerUnit', 'm.scan_data as scanData', 'm.scan_source as scanSource', 'm.scan_timestamp as scanTimestamp', 'm.created_at as createdAt', 'g.point_count as pointCount', 'g.face_count as faceCount'])
    .where('m.owner_id', '=', userId)
    .orderBy('m.created_at')
    .execute();
  const pathsOf = (id: string, faces: number | null) => ({ points: `models/${id}/points.ply`, surface: faces ? `models/${id}/surface.stl` : null });
  zip.add('models.json', json(models.map((m) => ({ ...m, files: m.pointCount === null ? null : pathsOf(m.id, m.faceCount) }))));
  for (const model of models) {
    const row = await db
      .selectFrom('model3d_geometry')
      .select([byteaAsBase64('points').as('points'), byteaAsBase64('point_colors').as('colors'), byteaAsBase64('vertices').as('vertices'), byteaAsBase64('faces').as('faces')])
      .where('model_id', '=', model.id)
      .executeTakeFirst();
    if (!row) continue;
    const paths = pathsOf(model.id, model.faceCount);
    zip.add(paths.points, writePly({ positions: Float64Array.from(new Float32Array(arrayBytes(row.points))), colours: new Uint8Array(arrayBytes(row.colors)) }));
    if (paths.surface) zip.add(paths.surface, Buffer.from(writeStl({ positions: Float64Array.from(new Float32Array(arrayBytes(row.vertices))), triangles: new Uint32Array(arrayBytes(row.faces)) })));
    await drain();
  }
}
