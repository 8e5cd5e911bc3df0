import { sql, type SqlBool } from 'kysely';
import type { CreateServiceRecordValues, RecordStatus, ServiceRecord, ServiceRecordPage } from '../../../shared/service-records.ts';
import type { Executor } from '../../db/index.ts';
import { containsPattern } from '../../lib/paging.ts';
import { visibleTo } from './reach.ts';

// ---- Service records ------------------------------------------------------------------------

function recordsQuery(db: Executor) {
  return db
    .selectFrom('service_records as r')
    .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .leftJoin('vehicle_components as c', 'c.id', 'r.component_id')
    .leftJoin('users as t', 't.id', 'r.technician_id')
    .leftJoin('service_centers as sc', 'sc.id', 'r.service_center_id');
}

const recordColumns = [
  'r.id',
  'r.vehicle_id',
  'r.user_id',
  'r.component_id',
  'c.name as component_name',
  'r.service_type',
  'r.description',
  'r.mileage',
  'r.mileage_value',
  'r.date',
  'r.status',
  'r.cost',
  'r.notes',
  'r.technician_id',
  't.first_name as technician_first_name',
  't.last_name as technician_last_name',
  't.email as technician_email',
  'r.service_center_id',
  'sc.name as service_center_name',
  'r.customer_vehicle_id',
  'v.year',
  'v.make',
  'v.model',
  'v.vin',
  'r.created_at',
  'r.updated_at',
] as const;

interface RecordRow {
  id: string;
  vehicle_id: string;
  user_id: string | null;
  component_id: string | null;
  component_name: string | null;
  service_type: string;
  description: string | null;
  mileage: string | null;
  mileage_value: number | null;
  date: Date;
  status: RecordStatus;
  cost: string | null;
  notes: string | null;
  technician_id: string | null;
  technician_first_name: string | null;
  technician_last_name: string | null;
  technician_email: string | null;
  service_center_id: string | null;
  service_center_name: string | null;
  customer_vehicle_id: string | null;
  year: number;
  make: string;
  model: string;
  vin: string | null;
  created_at: Date;
  updated_at: Date;
}

function toRecord(row: RecordRow): ServiceRecord {
  const technicianName = [row.technician_first_name, row.technician_last_name].filter(Boolean).join(' ') || row.technician_email;
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    userId: row.user_id,
    componentId: row.component_id,
    componentName: row.component_name,
    serviceType: row.service_type,
    description: row.description,
    mileage: row.mileage,
    mileageValue: row.mileage_value,
    date: row.date,
    status: row.status,
    cost: row.cost,
    notes: row.notes,
    technicianId: row.technician_id,
    technicianName: technicianName ?? null,
    serviceCenterId: row.service_center_id,
    serviceCenterName: row.service_center_name,
    customerVehicleId: row.customer_vehicle_id,
    vehicle: { year: row.year, make: row.make, model: row.model, vin: row.vin },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface RecordFilters {
  vehicleId?: string;
  componentId?: string;
  /** One shop customer's vehicle: the shop's records of it and the linked account's own history of it. */
  customerVehicle?: { id: string; userId: string | null; vehicleId: string };
  search?: string;
  status?: RecordStatus;
  /** Inclusive calendar days in `timeZone`. */
  from?: string;
  to?: string;
  timeZone: string;
}

export async function listRecords(
  db: Executor,
  userId: string,
  filters: RecordFilters,
  page: { limit: number; offset: number },
): Promise<ServiceRecordPage> {
  let base = recordsQuery(db).where(visibleTo(userId));
  if (filters.vehicleId) base = base.where('r.vehicle_id', '=', filters.vehicleId);
  if (filters.componentId) base = base.where('r.component_id', '=', filters.componentId);
  const cv = filters.customerVehicle;
  if (cv) {
    base = base.where((eb) =>
      eb.or([
        eb('r.customer_vehicle_id', '=', cv.id),
        ...(cv.userId ? [eb.and([eb('r.user_id', '=', cv.userId), eb('r.vehicle_id', '=', cv.vehicleId)])] : []),
      ]),
    );
  }
  if (filters.status) base = base.where('r.status', '=', filters.status);
  // A record's date is the calendar day typed, stored at noon UTC (storedDate): its UTC day is that
  // day in every zone (read in a zone of UTC+12 or more it would be the next day).
  if (filters.from) base = base.where(sql<SqlBool>`(r.date AT TIME ZONE 'UTC')::date >= ${filters.from}::date`);
  if (filters.to) base = base.where(sql<SqlBool>`(r.date AT TIME ZONE 'UTC')::date <= ${filters.to}::date`);
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    base = base.where((eb) =>
      eb.or([
        eb('r.service_type', 'ilike', pattern),
        eb('r.description', 'ilike', pattern),
        eb('r.notes', 'ilike', pattern),
        eb('c.name', 'ilike', pattern),
        eb(sql<string>`v.make || ' ' || v.model`, 'ilike', pattern),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select(recordColumns)
      .orderBy('r.date', 'desc')
      .orderBy('r.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toRecord), total: count.total };
}

export async function findRecord(db: Executor, userId: string, id: string): Promise<ServiceRecord | null> {
  const row = await recordsQuery(db).where(visibleTo(userId)).where('r.id', '=', id).select(recordColumns).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The day the user typed, stored as noon UTC so it reads as the same day in every time zone. */
function storedDate(day: string): string {
  return `${day}T12:00:00Z`;
}

export async function insertRecord(
  db: Executor,
  owner: { userId: string | null; technicianId: string | null; serviceCenterId: string | null; customerVehicleId: string | null },
  values: CreateServiceRecordValues,
): Promise<string> {
  const row = await db
    .insertInto('service_records')
    .values({
      vehicle_id: values.vehicleId,
      user_id: owner.userId,
      component_id: values.componentId,
      service_type: values.serviceType,
      description: values.description,
      mileage: values.mileage === null ? null : String(values.mileage),
      mileage_value: values.mileage,
      date: storedDate(values.date),
      status: values.status,
      cost: values.cost,
      notes: values.notes,
      technician_id: owner.technicianId,
      service_center_id: owner.serviceCenterId,
      customer_vehicle_id: owner.customerVehicleId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRecord(
  db: Executor,
  id: string,
  patch: {
    componentId?: string | null;
    serviceType?: string;
    description?: string | null;
    mileage?: number | null;
    date?: string;
    cost?: string | null;
    notes?: string | null;
    status?: RecordStatus;
  },
): Promise<void> {
  const set = {
    ...(patch.componentId !== undefined && { component_id: patch.componentId }),
    ...(patch.serviceType !== undefined && { service_type: patch.serviceType }),
    ...(patch.description !== undefined && { description: patch.description }),
    ...(patch.mileage !== undefined && { mileage: patch.mileage === null ? null : String(patch.mileage), mileage_value: patch.mileage }),
    ...(patch.date !== undefined && { date: storedDate(patch.date) }),
    ...(patch.cost !== undefined && { cost: patch.cost }),
    ...(patch.notes !== undefined && { notes: patch.notes }),
    ...(patch.status !== undefined && { status: patch.status }),
  };
  if (Object.keys(set).length === 0) return;
  await db.updateTable('service_records').set(set).where('id', '=', id).execute();
}

export async function deleteRecord(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('service_records').where('id', '=', id).execute();
}
