import { sql } from 'kysely';
import {
  INSPECTION_LIMITS,
  type InspectionItem,
  type InspectionPhoto,
  type InspectionSummary,
} from '../../../shared/inspections.ts';
import type { Executor } from '../../db/index.ts';
import type { InspectionItemsTable } from '../../db/schema.ts';
import { inspectionVisibleTo } from '../../lib/inspection-reach.ts';

/** An inspection's own row with the names a summary shows. */
const headerColumns = [
  'i.id',
  'i.vehicle_id',
  'i.user_id',
  'i.service_center_id',
  'i.customer_vehicle_id',
  'i.created_by',
  'i.status',
  'i.mileage',
  'i.notes',
  'i.signed_name',
  'i.completed_at',
  'i.shared_at',
  'i.link_hash',
  'i.created_at',
  'v.year',
  'v.make',
  'v.model',
  'sc.name as center_name',
  'c.name as customer_name',
] as const;

function headers(db: Executor) {
  return db
    .selectFrom('inspections as i')
    .innerJoin('vehicles as v', 'v.id', 'i.vehicle_id')
    .leftJoin('service_centers as sc', 'sc.id', 'i.service_center_id')
    .leftJoin('shop_customer_vehicles as cv', 'cv.id', 'i.customer_vehicle_id')
    .leftJoin('shop_customers as c', 'c.id', 'cv.customer_id')
    // One pass over the items counts every status (a list of 50 reads each inspection's items once).
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('inspection_items as it')
          .select([
            sql<string>`count(*) FILTER (WHERE it.status = 'good')`.as('good'),
            sql<string>`count(*) FILTER (WHERE it.status = 'attention')`.as('attention'),
            sql<string>`count(*) FILTER (WHERE it.status = 'urgent')`.as('urgent'),
            sql<string>`count(*) FILTER (WHERE it.recommendation IS NOT NULL AND it.decision IS NULL AND it.status IN ('attention', 'urgent'))`.as('pending'),
          ])
          .whereRef('it.inspection_id', '=', 'i.id')
          .as('n'),
      (join) => join.onTrue(),
    )
    .select(headerColumns)
    .select(['n.good', 'n.attention', 'n.urgent', 'n.pending']);
}

export type HeaderRow = Awaited<ReturnType<ReturnType<typeof headers>['executeTakeFirstOrThrow']>>;

export function toSummary(row: HeaderRow): InspectionSummary {
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    vehicleLabel: `${row.year} ${row.make} ${row.model}`,
    status: row.status,
    serviceCenterId: row.service_center_id,
    serviceCenterName: row.center_name,
    customerName: row.customer_name,
    signedName: row.signed_name,
    mileage: row.mileage,
    completedAt: row.completed_at,
    createdAt: row.created_at,
    counts: { good: Number(row.good ?? 0), attention: Number(row.attention ?? 0), urgent: Number(row.urgent ?? 0) },
    pendingDecisions: Number(row.pending ?? 0),
  };
}

/** An inspection as the caller may see it, or undefined (not there, or not theirs to see). */
export function findVisibleHeader(db: Executor, userId: string, id: string) {
  return headers(db).where('i.id', '=', id).where(inspectionVisibleTo(userId)).executeTakeFirst();
}

/** An inspection by its public link's token hash (shared or completed ones only carry a link). */
export function findHeaderByLink(db: Executor, linkHash: string) {
  return headers(db).where('i.link_hash', '=', linkHash).where('i.status', '<>', 'draft').executeTakeFirst();
}

/** Locks the inspection's row for a change: two edits at once apply one after the other. */
export async function lockInspection(db: Executor, id: string): Promise<void> {
  await db.selectFrom('inspections').select('id').where('id', '=', id).forUpdate().execute();
}

export interface InspectionFilters {
  vehicleId?: string;
  serviceCenterId?: string;
  /** Whose garage vehicle's, with vehicleId and no shop: the caller's, or the owner who shared it. */
  ownerId?: string;
}

/** The newest inspections the caller may see, filtered (bounded by `limit`). */
export async function listVisible(db: Executor, userId: string, filters: InspectionFilters, limit: number): Promise<InspectionSummary[]> {
  let query = headers(db).where(inspectionVisibleTo(userId));
  if (filters.vehicleId) query = query.where('i.vehicle_id', '=', filters.vehicleId);
  if (filters.serviceCenterId) query = query.where('i.service_center_id', '=', filters.serviceCenterId);
  else if (filters.vehicleId) query = query.where('i.user_id', '=', filters.ownerId ?? userId);
  const rows = await query.orderBy('i.created_at', 'desc').orderBy('i.id', 'desc').limit(limit).execute();
  return rows.map(toSummary);
}

const photoColumns = ['ip.item_id', 'f.id', 'f.name', 'f.width', 'f.height', 'f.thumbnail_size', 'f.sharpness', 'f.mean_brightness', 'f.dark_share', 'f.bright_share', 'f.verdict'] as const;

/** An inspection's items in order, with their component's name and their photos. */
export async function loadItems(db: Executor, inspectionId: string): Promise<InspectionItem[]> {
  const [rows, photos] = await Promise.all([
    db
      .selectFrom('inspection_items as it')
      .leftJoin('vehicle_components as vc', 'vc.id', 'it.component_id')
      .select([
        'it.id',
        'it.component_id',
        'vc.name as component_name',
        'it.name',
        'it.unit',
        'it.status',
        'it.measurement',
        'it.notes',
        'it.recommendation',
        'it.estimated_cost',
        'it.decision',
        'it.decided_at',
        'it.request_inquiry_id',
      ])
      .where('it.inspection_id', '=', inspectionId)
      .orderBy('it.position')
      .limit(INSPECTION_LIMITS.items)
      .execute(),
    db
      .selectFrom('inspection_photos as ip')
      .innerJoin('files as f', 'f.id', 'ip.file_id')
      .select(photoColumns)
      .where('ip.inspection_id', '=', inspectionId)
      .orderBy('ip.created_at')
      .orderBy('f.id')
      .limit(INSPECTION_LIMITS.items * INSPECTION_LIMITS.photosPerItem)
      .execute(),
  ]);
  const byItem = new Map<string, InspectionPhoto[]>();
  for (const photo of photos) {
    const analysis =
      photo.verdict && photo.sharpness !== null && photo.mean_brightness !== null && photo.dark_share !== null && photo.bright_share !== null
        ? { sharpness: photo.sharpness, meanBrightness: photo.mean_brightness, darkShare: photo.dark_share, brightShare: photo.bright_share, verdict: photo.verdict }
        : null;
    const list = byItem.get(photo.item_id) ?? [];
    list.push({ id: photo.id, itemId: photo.item_id, name: photo.name, width: photo.width, height: photo.height, hasThumbnail: photo.thumbnail_size > 0, analysis });
    byItem.set(photo.item_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    componentId: row.component_id,
    componentName: row.component_name,
    name: row.name,
    unit: row.unit,
    status: row.status,
    measurement: row.measurement === null ? null : Number(row.measurement),
    notes: row.notes,
    recommendation: row.recommendation,
    estimatedCost: row.estimated_cost,
    decision: row.decision,
    decidedAt: row.decided_at,
    requestInquiryId: row.request_inquiry_id,
    photos: byItem.get(row.id) ?? [],
  }));
}

export interface NewInspection {
  vehicleId: string;
  userId: string | null;
  serviceCenterId: string | null;
  customerVehicleId: string | null;
  createdBy: string;
  mileage: number | null;
}

export interface NewItem {
  componentId: string | null;
  name: string;
  unit: string | null;
}

export async function insertInspection(db: Executor, values: NewInspection): Promise<string> {
  const row = await db
    .insertInto('inspections')
    .values({
      vehicle_id: values.vehicleId,
      user_id: values.userId,
      service_center_id: values.serviceCenterId,
      customer_vehicle_id: values.customerVehicleId,
      created_by: values.createdBy,
      mileage: values.mileage,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Appends items after the inspection's last one. */
export async function insertItems(db: Executor, inspectionId: string, items: readonly NewItem[]): Promise<void> {
  if (items.length === 0) return;
  const last = await db.selectFrom('inspection_items').select(sql<number | null>`max(position)`.as('p')).where('inspection_id', '=', inspectionId).executeTakeFirst();
  const start = (last?.p ?? -1) + 1;
  await db
    .insertInto('inspection_items')
    .values(items.map((item, index) => ({ inspection_id: inspectionId, component_id: item.componentId, position: start + index, name: item.name, unit: item.unit })))
    .execute();
}

export async function countItems(db: Executor, inspectionId: string): Promise<number> {
  const row = await db.selectFrom('inspection_items').select((eb) => eb.fn.countAll<string>().as('n')).where('inspection_id', '=', inspectionId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ids among `ids` that are items of the inspection. */
export async function itemIdsOf(db: Executor, inspectionId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('inspection_items').select('id').where('inspection_id', '=', inspectionId).where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

export type ItemColumns = Partial<Pick<InspectionItemsTable, 'status' | 'notes' | 'recommendation'>> & { measurement?: number | null; estimated_cost?: string | null };

export async function updateItem(db: Executor, itemId: string, changes: ItemColumns): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('inspection_items').set(changes).where('id', '=', itemId).execute();
}

export async function deleteItems(db: Executor, inspectionId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('inspection_items').where('inspection_id', '=', inspectionId).where('id', 'in', ids).execute();
}

export async function updateInspectionRow(
  db: Executor,
  id: string,
  changes: Partial<{ mileage: number | null; notes: string | null; status: 'completed' | 'shared'; signed_name: string; signed_by: string; completed_at: Date; shared_at: Date; link_hash: string | null; link_created_at: Date | null }>,
): Promise<void> {
  await db
    .updateTable('inspections')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** How many items have a status: an inspection with none has nothing to sign. */
export async function countChecked(db: Executor, inspectionId: string): Promise<number> {
  const row = await db
    .selectFrom('inspection_items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('inspection_id', '=', inspectionId)
    .where('status', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findItem(db: Executor, inspectionId: string, itemId: string) {
  return db
    .selectFrom('inspection_items')
    .select(['id', 'name', 'status', 'measurement', 'unit', 'recommendation', 'estimated_cost', 'decision', 'request_inquiry_id'])
    .where('inspection_id', '=', inspectionId)
    .where('id', '=', itemId)
    .forUpdate()
    .executeTakeFirst();
}

export async function recordDecision(db: Executor, itemId: string, decision: 'approved' | 'declined', userId: string, inquiryId: string | null): Promise<void> {
  await db
    .updateTable('inspection_items')
    .set({ decision, decided_by: userId, decided_at: new Date(), ...(inquiryId ? { request_inquiry_id: inquiryId } : {}) })
    .where('id', '=', itemId)
    .execute();
}
