import { sql, type Selectable, type Updateable } from 'kysely';
import type { ServiceCenter, ServiceCenterPage, ServiceCenterValues } from '../../../shared/service-centers.ts';
import type { Executor } from '../../db/index.ts';
import type { ServiceCentersTable } from '../../db/schema.ts';
import { containsPattern, decodeCursor, encodeCursor, pageOf } from '../../lib/paging.ts';

const centerColumns = [
  'id',
  'name',
  'address',
  'city',
  'state',
  'zip_code',
  'phone',
  'email',
  'website',
  'manager_id',
  'services',
  'operating_hours',
  'certifications',
  'specializations',
  'is_active',
  'created_at',
  'updated_at',
] as const;

type CenterRow = Pick<Selectable<ServiceCentersTable>, (typeof centerColumns)[number]>;

function toCenter(row: CenterRow): ServiceCenter {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    phone: row.phone,
    email: row.email,
    website: row.website,
    managerId: row.manager_id,
    services: row.services,
    operatingHours: row.operating_hours,
    certifications: row.certifications,
    specializations: row.specializations,
    isActive: row.is_active,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Anonymous visitors see active centers only; signed-in users see inactive ones with their badge. */
function visible(db: Executor, includeInactive: boolean) {
  const query = db.selectFrom('service_centers');
  return includeInactive ? query : query.where('is_active', '=', true);
}

// The same expression as the trigram index of migration 0001, so a search uses that index.
const searchText = sql<string>`lower(name || ' ' || city || ' ' || state)`;

/** By name, a keyset page at a time; search matches name, city or state. */
export async function listCenterPage(
  db: Executor,
  includeInactive: boolean,
  input: { search?: string; cursor?: string | null; limit: number },
): Promise<ServiceCenterPage> {
  let query = visible(db, includeInactive)
    .select(centerColumns)
    .select((eb) => eb.fn<string>('lower', ['name']).as('sort_key'))
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .limit(input.limit + 1);
  if (input.search) {
    query = query.where(searchText, 'like', containsPattern(input.search.toLowerCase()));
  }
  if (input.cursor) {
    const { key, id } = decodeCursor(input.cursor);
    query = query.where((eb) => eb(eb.refTuple(eb.fn('lower', ['name']), 'id'), '>', eb.tuple(key, id)));
  }
  const rows = await query.execute();
  return pageOf(rows, input.limit, toCenter, (row) => encodeCursor(row.sort_key, row.id));
}

export async function listAllCenters(db: Executor, includeInactive: boolean): Promise<ServiceCenter[]> {
  const rows = await visible(db, includeInactive)
    .select(centerColumns)
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .execute();
  return rows.map(toCenter);
}

export async function findCenter(db: Executor, includeInactive: boolean, id: string): Promise<ServiceCenter | null> {
  const row = await visible(db, includeInactive).select(centerColumns).where('id', '=', id).executeTakeFirst();
  return row ? toCenter(row) : null;
}

function toColumns(values: Partial<ServiceCenterValues>): Updateable<ServiceCentersTable> {
  const columns: Updateable<ServiceCentersTable> = {};
  if (values.name !== undefined) columns.name = values.name;
  if (values.address !== undefined) columns.address = values.address;
  if (values.city !== undefined) columns.city = values.city;
  if (values.state !== undefined) columns.state = values.state;
  if (values.zipCode !== undefined) columns.zip_code = values.zipCode;
  if (values.phone !== undefined) columns.phone = values.phone;
  if (values.email !== undefined) columns.email = values.email;
  if (values.website !== undefined) columns.website = values.website;
  if (values.operatingHours !== undefined) {
    columns.operating_hours = values.operatingHours === null ? null : JSON.stringify(values.operatingHours);
  }
  if (values.services !== undefined) columns.services = values.services;
  if (values.certifications !== undefined) columns.certifications = values.certifications;
  if (values.specializations !== undefined) columns.specializations = values.specializations;
  if (values.isActive !== undefined) columns.is_active = values.isActive;
  return columns;
}

export async function insertCenter(db: Executor, managerId: string, values: ServiceCenterValues): Promise<ServiceCenter> {
  const columns = toColumns(values);
  const row = await db
    .insertInto('service_centers')
    .values({
      ...columns,
      name: values.name,
      address: values.address,
      city: values.city,
      state: values.state,
      manager_id: managerId,
    })
    .returning(centerColumns)
    .executeTakeFirstOrThrow();
  return toCenter(row);
}

/** A new center with `ownerId` as its owner (staff row) and their current shop. */
export async function insertCenterWithOwner(db: Executor, ownerId: string, values: ServiceCenterValues): Promise<ServiceCenter> {
  const center = await insertCenter(db, ownerId, values);
  await db.insertInto('shop_staff').values({ service_center_id: center.id, user_id: ownerId, role: 'owner' }).execute();
  await db.updateTable('users').set({ current_shop_id: center.id }).where('id', '=', ownerId).execute();
  return center;
}

export async function updateCenter(db: Executor, id: string, values: Partial<ServiceCenterValues>): Promise<ServiceCenter | null> {
  const columns = toColumns(values);
  if (Object.keys(columns).length === 0) return findCenter(db, true, id);
  const row = await db.updateTable('service_centers').set(columns).where('id', '=', id).returning(centerColumns).executeTakeFirst();
  return row ? toCenter(row) : null;
}
