import { randomUUID } from 'node:crypto';
import type { User } from '../../../shared/auth.ts';
import type { z } from 'zod';
import type { listModelsSchema, ModelDimensions, ModelFormat, ScanModel, updateModelSchema } from '../../../shared/scans.ts';
import { MODEL_FORMATS } from '../../../shared/scans.ts';
import type { Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { byteaAsBase64, byteaParam, fromBase64 } from '../../lib/bytea.ts';
import type { ModelGeometry } from './pipeline.ts';
import { boundingBox, type Mesh } from '../../../shared/geometry/mesh.ts';
import { referenceKindFor } from '../../../shared/geometry/reference-models.ts';
import { writeObj, writePly, writeStl } from '../../../shared/geometry/mesh-write.ts';

export interface NewModel {
  ownerId: string;
  vehicleId: string | null;
  componentId: string | null;
  name: string;
  scanData: NonNullable<ScanModel['scanData']>;
}

const modelNotFound = () => domainError('NOT_FOUND', 'Model not found');
const bytesOf = (array: Float32Array | Uint8Array | Uint32Array) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

function dimensionsOf(points: Float32Array): ModelDimensions | null {
  if (points.length < 3) return null;
  const box = boundingBox(points);
  const triple = (v: ArrayLike<number>): [number, number, number] => [v[0]!, v[1]!, v[2]!];
  return { size: triple(box.size), min: triple(box.min), max: triple(box.max) };
}

/** Keeps a scan's model and its geometry; answers its id. */
export async function storeModel(db: Executor, model: NewModel, geometry: ModelGeometry): Promise<string> {
  // The id is chosen here so the row is written once with its own address.
  const id = randomUUID();
  await db
    .insertInto('model3d')
    .values({
      id,
      owner_id: model.ownerId,
      vehicle_id: model.vehicleId,
      component_id: model.componentId,
      name: model.name,
      model_type: geometry.faces.length > 0 ? 'mesh' : 'point-cloud',
      model_url: `/api/models/${id}`,
      dimensions: JSON.stringify(dimensionsOf(geometry.points)),
      scan_data: JSON.stringify(model.scanData),
      scan_source: 'photo-scan',
      scan_timestamp: new Date(),
    })
    .execute();
  await db
    .insertInto('model3d_geometry')
    .values({
      model_id: id,
      point_count: geometry.points.length / 3,
      points: byteaParam(bytesOf(geometry.points)),
      point_colors: byteaParam(geometry.pointColors),
      vertex_count: geometry.vertices.length / 3,
      face_count: geometry.faces.length / 3,
      vertices: byteaParam(bytesOf(geometry.vertices)),
      faces: byteaParam(bytesOf(geometry.faces)),
    })
    .execute();
  return id;
}

const MODEL_COLUMNS = [
  'model3d.id',
  'owner_id',
  'model3d.vehicle_id',
  'component_id',
  'model3d.name',
  'model_type',
  'dimensions',
  'scan_data',
  'scan_source',
  'scan_timestamp',
  'is_public',
  'mm_per_unit',
  'model3d.created_at',
  'point_count',
  'face_count',
  'vehicle_components.name as component_name',
  'vehicle_components.category as component_category',
] as const;

function modelRows(db: Executor) {
  return db
    .selectFrom('model3d')
    .leftJoin('model3d_geometry', 'model3d_geometry.model_id', 'model3d.id')
    .leftJoin('vehicle_components', 'vehicle_components.id', 'model3d.component_id')
    .select(MODEL_COLUMNS);
}
type ModelRow = NonNullable<Awaited<ReturnType<ReturnType<typeof modelRows>['executeTakeFirst']>>>;

/** A model the user may see: their own scan's, a public one, or one the product ships. */
async function visibleModel(db: Executor, user: User, id: string): Promise<ModelRow> {
  const row = await modelRows(db).where('model3d.id', '=', id).executeTakeFirst();
  if (!row || (row.owner_id !== null && row.owner_id !== user.id && !row.is_public)) throw modelNotFound();
  return row;
}

function toScanModel(row: ModelRow, user: User): ScanModel {
  return {
    id: row.id,
    name: row.name,
    vehicleId: row.vehicle_id,
    componentId: row.component_id,
    modelType: row.model_type,
    pointCount: row.point_count ?? 0,
    faceCount: row.face_count ?? 0,
    dimensions: (row.dimensions as ModelDimensions | null) ?? null,
    scanSource: row.scan_source,
    scanTimestamp: row.scan_timestamp,
    scanData: (row.scan_data as ScanModel['scanData']) ?? null,
    downloads: Object.fromEntries(MODEL_FORMATS.map((format) => [format, `/api/models/${row.id}/download?format=${format}`])) as Record<ModelFormat, string>,
    mmPerUnit: row.mm_per_unit,
    referenceKind: row.component_name !== null && row.component_category !== null ? referenceKindFor({ name: row.component_name, category: row.component_category }) : null,
    editable: row.owner_id === user.id,
    createdAt: row.created_at,
  };
}

export async function getModel(db: Executor, user: User, id: string): Promise<ScanModel> {
  return toScanModel(await visibleModel(db, user, id), user);
}

/** The user's own models (their scans' results), newest first, optionally of one vehicle or component. */
export async function listModels(db: Executor, user: User, input: z.output<typeof listModelsSchema>): Promise<ScanModel[]> {
  let query = modelRows(db).where('owner_id', '=', user.id);
  if (input.vehicleId) query = query.where('model3d.vehicle_id', '=', input.vehicleId);
  if (input.componentId) query = query.where('component_id', '=', input.componentId);
  const rows = await query.orderBy('model3d.created_at', 'desc').orderBy('model3d.id', 'desc').limit(input.limit).execute();
  return rows.map((row) => toScanModel(row, user));
}

/** Renames a model or sets its scale (millimetres per unit; null forgets it): its owner alone. */
export async function updateModel(db: Executor, user: User, input: z.output<typeof updateModelSchema>): Promise<ScanModel> {
  const row = await visibleModel(db, user, input.id);
  if (row.owner_id !== user.id) throw domainError('FORBIDDEN', 'Only the owner of a scan may change its model');
  await db
    .updateTable('model3d')
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.mmPerUnit !== undefined ? { mm_per_unit: input.mmPerUnit } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', input.id)
    .execute();
  return getModel(db, user, input.id);
}

/** A model's geometry as arrays (for the viewer and the downloads). */
export async function modelGeometry(db: Executor, user: User, id: string): Promise<ModelGeometry> {
  await visibleModel(db, user, id);
  const row = await db
    .selectFrom('model3d_geometry')
    .select([byteaAsBase64('points').as('points'), byteaAsBase64('point_colors').as('colors'), byteaAsBase64('vertices').as('vertices'), byteaAsBase64('faces').as('faces')])
    .where('model_id', '=', id)
    .executeTakeFirst();
  if (!row) throw domainError('NOT_FOUND', 'This model has no geometry to download');
  const copy = (text: string | null) => {
    const bytes = fromBase64(text ?? '');
    const aligned = new ArrayBuffer(bytes.byteLength);
    new Uint8Array(aligned).set(bytes);
    return aligned;
  };
  return { points: new Float32Array(copy(row.points)), pointColors: new Uint8Array(copy(row.colors)), vertices: new Float32Array(copy(row.vertices)), faces: new Uint32Array(copy(row.faces)) };
}

/**
 * A model as a file (docs/scans.md#downloads): PLY is the coloured point cloud, STL and OBJ the
 * surface; a model without a surface offers PLY alone (409 for the others, saying so).
 */
export async function modelFile(db: Executor, user: User, id: string, format: ModelFormat): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const geometry = await modelGeometry(db, user, id);
  const mesh: Mesh = { positions: Float64Array.from(geometry.vertices), triangles: geometry.faces };
  const name = `scan-${id.slice(0, 8)}`;
  if (format === 'ply') {
    return { body: Buffer.from(writePly({ positions: Float64Array.from(geometry.points), colours: geometry.pointColors })), contentType: 'application/x-ply', fileName: `${name}.ply` };
  }
  if (geometry.faces.length === 0) throw domainError('CONFLICT', 'This model is a point cloud without a surface: download it as PLY');
  if (format === 'stl') return { body: Buffer.from(writeStl(mesh)), contentType: 'model/stl', fileName: `${name}.stl` };
  return { body: Buffer.from(writeObj(mesh)), contentType: 'model/obj', fileName: `${name}.obj` };
}
