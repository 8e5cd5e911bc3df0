import { sql, type Selectable, type SqlBool } from 'kysely';
import type {
  CreateServiceRecordValues,
  CustomerVehicle,
  GarageVehicle,
  RecordStatus,
  ServiceRecord,
  ServiceRecordPage,
} from '../../../shared/garage.ts';
import type { Executor } from '../../db/index.ts';
import type { GarageVehiclesTable } from '../../db/schema.ts';
import { toVehicle, vehicleColumns } from '../vehicles/repository.ts';

// ---- Garage ---------------------------------------------------------------------------------

type GarageRow = Selectable<GarageVehiclesTable>;

async function withVehicles(db: Executor, rows: GarageRow[]): Promise<GarageVehicle[]> {
  if (rows.length === 0) return [];
  const vehicles = await db
    .selectFrom('vehicles')
    .select(vehicleColumns)
    .where('id', 'in', [...new Set(rows.map((row) => row.vehicle_id))])
    .execute();
  const byId = new Map(vehicles.map((row) => [row.id, toVehicle(row)]));
  return rows.flatMap((row) => {
    const vehicle = byId.get(row.vehicle_id);
    return vehicle
      ? [
          {
            id: row.id,
            nickname: row.nickname,
            odometer: row.odometer,
            odometerUpdatedAt: row.odometer_updated_at,
            vehicle,
            createdAt: row.created_at,
            updatedAt: row.updated_at,
          },
        ]
      : [];
  });
}

export async function listGarage(db: Executor, userId: string): Promise<GarageVehicle[]> {
  const rows = await db.selectFrom('garage_vehicles').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  return withVehicles(db, rows);
}

export async function findGarageVehicle(db: Executor, userId: string, id: string): Promise<GarageVehicle | null> {
  const row = await db.selectFrom('garage_vehicles').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return row ? ((await withVehicles(db, [row]))[0] ?? null) : null;
}

export async function garageEntryFor(db: Executor, userId: string, vehicleId: string): Promise<GarageRow | undefined> {
  return db.selectFrom('garage_vehicles').selectAll().where('user_id', '=', userId).where('vehicle_id', '=', vehicleId).executeTakeFirst();
}

/** Undefined when the vehicle is already in the user's garage. */
export async function insertGarageVehicle(
  db: Executor,
  userId: string,
  values: { vehicleId: string; nickname: string; odometer: number },
): Promise<GarageVehicle | undefined> {
  const row = await db
    .insertInto('garage_vehicles')
    .values({ user_id: userId, vehicle_id: values.vehicleId, nickname: values.nickname, odometer: values.odometer })
    .onConflict((oc) => oc.columns(['user_id', 'vehicle_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? (await withVehicles(db, [row]))[0] : undefined;
}

export async function updateGarageVehicle(
  db: Executor,
  userId: string,
  id: string,
  patch: { nickname?: string; odometer?: number },
): Promise<GarageVehicle | null> {
  const row = await db
    .updateTable('garage_vehicles')
    .set({
      ...(patch.nickname !== undefined && { nickname: patch.nickname }),
      ...(patch.odometer !== undefined && { odometer: patch.odometer, odometer_updated_at: sql<Date>`now()` }),
      updated_at: sql<Date>`now()`,
    })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? ((await withVehicles(db, [row]))[0] ?? null) : null;
}

export async function deleteGarageVehicle(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('garage_vehicles').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
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
  const [vehicles, users] = await Promise.all([
    db.selectFrom('vehicles').select(vehicleColumns).where('id', 'in', [...new Set(pairs.rows.map((p) => p.vehicle_id))]).execute(),
    db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('id', 'in', [...new Set(pairs.rows.map((p) => p.customer_id))])
      .execute(),
  ]);
  const vehicleById = new Map(vehicles.map((row) => [row.id, toVehicle(row)]));
  const userById = new Map(users.map((row) => [row.id, row]));
  return pairs.rows.flatMap((pair) => {
    const vehicle = vehicleById.get(pair.vehicle_id);
    const user = userById.get(pair.customer_id);
    if (!vehicle || !user) return [];
    const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
    return [{ customerId: user.id, customerName: name || user.email, customerEmail: user.email, vehicle }];
  });
}

// ---- Service records ------------------------------------------------------------------------

export interface RecordViewer {
  userId: string;
  isTech: boolean;
}

/** Owners reach their own vehicles' records; technicians also those of vehicles tied to customers. */
function visibleTo(viewer: RecordViewer) {
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
  viewer: RecordViewer,
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
    const pattern = `%${filters.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
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

export async function findRecord(db: Executor, viewer: RecordViewer, id: string): Promise<ServiceRecord | null> {
  const row = await recordsQuery(db).where(visibleTo(viewer)).where('r.id', '=', id).select(recordColumns).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function componentBelongsTo(db: Executor, componentId: string, vehicleId: string): Promise<boolean> {
  const row = await db.selectFrom('vehicle_components').select('id').where('id', '=', componentId).where('vehicle_id', '=', vehicleId).executeTakeFirst();
  return row !== undefined;
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

// ---- Due list -------------------------------------------------------------------------------

export interface DueRow {
  garage_vehicle_id: string;
  vehicle_id: string;
  nickname: string;
  odometer: number;
  model_year: number;
  component_id: string;
  component_name: string;
  label: string;
  interval_text: string;
  miles: number | null;
  months: number | null;
  last_date: string | null;
  last_mileage: number | null;
  today: string;
}

/**
 * Everything the due list needs for a whole garage, in one query: every interval of every
 * component of every saved vehicle, with the latest completed service of that kind.
 */
export async function dueRows(db: Executor, userId: string, timeZone: string, vehicleId?: string): Promise<DueRow[]> {
  const result = await sql<DueRow>`
    SELECT g.id AS garage_vehicle_id, g.vehicle_id, g.nickname, g.odometer, v.year AS model_year,
           c.id AS component_id, c.name AS component_name, e.key AS label,
           coalesce(e.value->>'text', '') AS interval_text,
           (e.value->>'miles')::int AS miles, (e.value->>'months')::int AS months,
           to_char((last.date AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS last_date,
           last.mileage_value AS last_mileage,
           to_char((now() AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS today
    FROM garage_vehicles g
    JOIN vehicles v ON v.id = g.vehicle_id
    JOIN vehicle_components c ON c.vehicle_id = g.vehicle_id
    CROSS JOIN LATERAL jsonb_each(c.service_intervals) e
    LEFT JOIN LATERAL (
      SELECT r.date, r.mileage_value FROM service_records r
      WHERE r.user_id = g.user_id AND r.vehicle_id = g.vehicle_id AND r.component_id = c.id
        AND r.status = 'completed'
        AND lower(r.service_type) = lower(regexp_replace(e.key, '\\s*\\(generic\\)\\s*$', '', 'i'))
      ORDER BY r.date DESC, r.id DESC
      LIMIT 1
    ) last ON true
    WHERE g.user_id = ${userId}::uuid
      AND jsonb_typeof(e.value) = 'object'
      AND (${vehicleId ?? null}::uuid IS NULL OR g.vehicle_id = ${vehicleId ?? null}::uuid)
    ORDER BY g.created_at, g.id, c.sort_order, e.key`.execute(db);
  return result.rows;
}
