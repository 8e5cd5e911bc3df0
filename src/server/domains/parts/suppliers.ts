import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { CreateSupplierValues, Supplier, SupplierPatchValues, SupplierStatus } from '../../../shared/suppliers.ts';
import type { Executor } from '../../db/index.ts';
import type { SuppliersTable } from '../../db/schema.ts';

/** A shop's suppliers (docs/parts.md#suppliers): rows and the list. */

const supplierColumns = ['id', 'service_center_id', 'name', 'contact_name', 'email', 'phone', 'status', 'notes', 'created_at', 'updated_at'] as const;
export type SupplierRow = Pick<Selectable<SuppliersTable>, (typeof supplierColumns)[number]>;

export function toSupplier(row: SupplierRow): Supplier {
  return {
    id: row.id,
    serviceCenterId: row.service_center_id,
    name: row.name,
    contactName: row.contact_name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findSupplierRow(db: Executor, id: string, lock = false): Promise<SupplierRow | undefined> {
  let query = db.selectFrom('suppliers').select(supplierColumns).where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Another supplier of the shop with this name, whatever its case. */
export async function supplierNamed(db: Executor, serviceCenterId: string, name: string, exceptId?: string): Promise<boolean> {
  let query = db
    .selectFrom('suppliers')
    .select('id')
    .where('service_center_id', '=', serviceCenterId)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertSupplier(db: Executor, values: CreateSupplierValues): Promise<SupplierRow> {
  return db
    .insertInto('suppliers')
    .values({
      service_center_id: values.serviceCenterId,
      name: values.name,
      contact_name: values.contactName,
      email: values.email,
      phone: values.phone,
      status: values.status,
      notes: values.notes,
    })
    .returning(supplierColumns)
    .executeTakeFirstOrThrow();
}

export async function updateSupplierRow(db: Executor, id: string, patch: SupplierPatchValues): Promise<SupplierRow> {
  const columns = { name: patch.name, contact_name: patch.contactName, email: patch.email, phone: patch.phone, status: patch.status, notes: patch.notes };
  const set = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length === 0) return db.selectFrom('suppliers').select(supplierColumns).where('id', '=', id).executeTakeFirstOrThrow();
  return db.updateTable('suppliers').set(set).where('id', '=', id).returning(supplierColumns).executeTakeFirstOrThrow();
}

/** The shop's suppliers by name (at most `limit`). */
export async function listSuppliers(db: Executor, serviceCenterId: string, status: SupplierStatus | undefined, limit: number): Promise<Supplier[]> {
  let query = db
    .selectFrom('suppliers')
    .select(supplierColumns)
    .where('service_center_id', '=', serviceCenterId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(limit);
  if (status) query = query.where('status', '=', status);
  return (await query.execute()).map(toSupplier);
}
