import { sql, type SqlBool } from 'kysely';
import type { CreateServiceRecordValues, CustomerVehicle, RecordStatus, ServiceRecord, ServiceRecordPage } from '../../../shared/service-records.ts';
import type { Executor } from '../../db/index.ts';
import { containsPattern } from '../../lib/paging.ts';
import { vehiclesById } from '../../lib/vehicles.ts';
import type { Viewer } from '../../lib/viewer.ts';

// ---- Who may reach whose vehicle ------------------------------------------------------------

/** A customer named this vehicle in an inquiry or an appointment: technicians may keep its records. */
function tied(customerId: ReturnType<typeof sql.ref> | string, vehicleId: ReturnType<typeof sql.ref> | string) {
  const c = typeof customerId === 'string' ? sql`${customerId}::uuid` : customerId;
  const v = typeof vehicleId === 'string' ? sql`${vehicleId}::uuid` : vehicleId;
  return sql<SqlBool>`(EXISTS (SELECT 1 FROM customer_inquiries i WHERE i.customer_id = ${c} AND i.vehicle_id = ${v})
    OR EXISTS (SELECT 1 FROM service_appointments a WHERE a.customer_id = ${c} AND a.vehicle_id = ${v}))`;
}

export async function isTied(db: Executor, customerId: string, vehicleId: string): Promise<boolean> {
  const row = await sql<{ ok: boolean }>`SELECT ${tied(customerId, vehicleId)} AS ok`.execute(db);
  return row.rows[0]?.ok === true;
}

/** Customers' vehicles a technician can keep records for, most recently named first. */
export async function listCustomerVehicles(db: Executor, customerId?: string): Promise<CustomerVehicle[]> {
  const pairs = await sql<{ customer_id: string; vehicle_id: string; last: Date }>`
    SELECT customer_id, vehicle_id, max(at) AS last FROM (
      SELECT customer_id, vehicle_id, created_at AS at FROM customer_inquiries WHERE vehicle_id IS NOT NULL
      UNION ALL
      SELECT customer_id, vehicle_id, created_at AS at FROM service_appointments WHERE vehicle_id IS NOT NULL
    ) t
    WHERE ${customerId ?? null}::uuid IS NULL OR customer_id = ${customerId ?? null}::uuid
    GROUP BY customer_id, vehicle_id
    ORDER BY last DESC
    LIMIT 200`.execute(db);
  if (pairs.rows.length === 0) return [];
  const [vehicleById, users] = await Promise.all([
    vehiclesById(
      db,
      pairs.rows.map((p) => p.vehicle_id),
    ),
    db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('id', 'in', [...new Set(pairs.rows.map((p) => p.customer_id))])
      .execute(),
  ]);
  const userById = new Map(users.map((row) => [row.id, row]));
  return pairs.rows.flatMap((pair) => {
    const vehicle = vehicleById.get(pair.vehicle_id);
    const user = userById.get(pair.customer_id);
    if (!vehicle || !user) return [];
    const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
    return [{ customerId: user.id, customerName: name || user.email, customerEmail: user.email, vehicle }];
  });
}

// ---- The garage entry a history belongs to ----------------------------------------------------

export async function inGarage(db: Executor, userId: string, vehicleId: string): Promise<boolean> {
  const row = await db.selectFrom('garage_vehicles').select('id').where('user_id', '=', userId).where('vehicle_id', '=', vehicleId).executeTakeFirst();
  return row !== undefined;
}

/** Raises an odometer to a newly recorded mileage; never lowers it. */
export async function raiseOdometer(db: Executor, userId: string, vehicleId: string, mileage: number): Promise<void> {
  await db
    .updateTable('garage_vehicles')
    .set({ odometer: mileage, odometer_updated_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('vehicle_id', '=', vehicleId)
    .where('odometer', '<', mileage)
    .execute();
}

// ---- Service records ------------------------------------------------------------------------

/** Owners reach their own vehicles' records; technicians also those of vehicles tied to customers. */
function visibleTo(viewer: Viewer) {
  const own = sql<SqlBool>`r.user_id = ${viewer.userId}::uuid`;
  return viewer.isTech ? sql<SqlBool>`(${own} OR (r.user_id IS NOT NULL AND ${tied(sql.ref('r.user_id'), sql.ref('r.vehicle_id'))}))` : own;
}

function recordsQuery(db: Executor) {
  return db
    .selectFrom('service_records as r')
    .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .leftJoin('vehicle_components as c', 'c.id', 'r.component_id')
    .leftJoin('users as t', 't.id', 'r.technician_id');
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
    vehicle: { year: row.year, make: row.make, model: row.model, vin: row.vin },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface RecordFilters {
  vehicleId?: string;
  componentId?: string;
  customerId?: string;
  search?: string;
  status?: RecordStatus;
  /** Inclusive calendar days in `timeZone`. */
  from?: string;
  to?: string;
  timeZone: string;
}

export async function listRecords(
  db: Executor,
  viewer: Viewer,
  filters: RecordFilters,
  page: { limit: number; offset: number },
): Promise<ServiceRecordPage> {
  let base = recordsQuery(db).where(visibleTo(viewer));
  if (filters.vehicleId) base = base.where('r.vehicle_id', '=', filters.vehicleId);
  if (filters.componentId) base = base.where('r.component_id', '=', filters.componentId);
  if (filters.customerId) base = base.where('r.user_id', '=', filters.customerId);
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

export async function findRecord(db: Executor, viewer: Viewer, id: string): Promise<ServiceRecord | null> {
  const row = await recordsQuery(db).where(visibleTo(viewer)).where('r.id', '=', id).select(recordColumns).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The day the user typed, stored as noon UTC so it reads as the same day in every time zone. */
function storedDate(day: string): string {
  return `${day}T12:00:00Z`;
}

export async function insertRecord(
  db: Executor,
  owner: { userId: string; technicianId: string | null },
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
