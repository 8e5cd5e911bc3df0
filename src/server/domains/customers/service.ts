import type { User } from '../../../shared/auth.ts';
import type {
  AddCustomerVehicleInput,
  CreateCustomerValues,
  CustomerDetail,
  CustomerPatchValues,
  CustomerSummary,
  CustomerVehicle,
} from '../../../shared/customers.ts';
import type { ShopAccess } from '../../../shared/shops.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { auditable, recordAudit } from '../../lib/audit.ts';
import { checkReferences } from '../../lib/references.ts';
import { findVehicleById } from '../../lib/vehicles.ts';
import { requireRowAccess, requireShopAccess, type ShopActor } from '../../lib/shop-access.ts';
import {
  countCustomerVehicles,
  customerAppointments,
  customerInquiries,
  customerRecords,
  customerVehicles,
  deleteCustomerVehicleRow,
  findCustomerRow,
  findCustomerVehicleRow,
  hasVehicle,
  insertCustomer,
  insertCustomerVehicle,
  MAX_CUSTOMER_VEHICLES,
  toCustomer,
  updateCustomerRow,
  updateCustomerVehicleRow,
  withVehicles,
  type CustomerRow,
  type CustomerVehicleRow,
} from './repository.ts';

const customerNotFound = () => domainError('NOT_FOUND', 'Customer not found');
const vehicleNotFound = () => domainError('NOT_FOUND', 'Customer vehicle not found');

async function customerFor(db: Executor, user: User, id: string, access: ShopAccess): Promise<{ row: CustomerRow; actor: ShopActor }> {
  const row = await findCustomerRow(db, id);
  if (!row) throw customerNotFound();
  return { row, actor: await requireRowAccess(db, user, row.service_center_id, access, customerNotFound) };
}

/** What the log keeps of a customer: the fields staff edit. */
function customerAudit(row: CustomerRow) {
  return auditable({ name: row.name, email: row.email, phone: row.phone, notes: row.notes, tags: row.tags, linked: row.user_id !== null });
}

/** What the log keeps of a customer's vehicle: the ids for programs, the vehicle's name for people. */
async function vehicleAudit(db: Executor, row: CustomerVehicleRow) {
  const vehicle = await findVehicleById(db, row.vehicle_id);
  const name = vehicle ? [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(' ') + (vehicle.vin ? ` (VIN ${vehicle.vin})` : '') : null;
  return auditable({ customerId: row.customer_id, vehicleId: row.vehicle_id, vehicle: name, plate: row.plate, odometer: row.odometer });
}

export async function getCustomerDetail(db: Executor, user: User, id: string): Promise<CustomerDetail> {
  const { row } = await customerFor(db, user, id, 'read');
  const vehicles = await customerVehicles(db, row.id);
  const [inquiries, appointments, records] = await Promise.all([
    customerInquiries(db, row),
    customerAppointments(db, row),
    customerRecords(db, row, [...new Set(vehicles.map((v) => v.vehicle.id))]),
  ]);
  return { customer: toCustomer(row), vehicles, inquiries, appointments, records };
}

export async function createCustomer(db: Database, user: User, values: CreateCustomerValues): Promise<CustomerSummary> {
  const actor = await requireShopAccess(db, user, values.serviceCenterId, 'manage');
  return db.transaction().execute(async (trx) => {
    const row = await insertCustomer(trx, values);
    await recordAudit(trx, { serviceCenterId: row.service_center_id, actorId: actor.userId, entity: 'customer', entityId: row.id, action: 'create', after: customerAudit(row) });
    return toCustomer(row);
  });
}

export async function updateCustomer(db: Database, user: User, id: string, patch: CustomerPatchValues): Promise<CustomerSummary> {
  const { actor } = await customerFor(db, user, id, 'manage');
  return db.transaction().execute(async (trx) => {
    const before = await findCustomerRow(trx, id, true);
    if (!before) throw customerNotFound();
    const after = await updateCustomerRow(trx, id, patch);
    await recordAudit(trx, {
      serviceCenterId: after.service_center_id,
      actorId: actor.userId,
      entity: 'customer',
      entityId: id,
      action: 'update',
      before: customerAudit(before),
      after: customerAudit(after),
    });
    return toCustomer(after);
  });
}

export async function addCustomerVehicle(
  db: Database,
  user: User,
  values: Required<Pick<AddCustomerVehicleInput, 'customerId' | 'vehicleId'>> & { plate: string | null; odometer: number | null },
): Promise<CustomerVehicle> {
  const { row: customer, actor } = await customerFor(db, user, values.customerId, 'manage');
  await checkReferences(db, { vehicleId: values.vehicleId });
  return db.transaction().execute(async (trx) => {
    // The customer's row is locked so two adds at once cannot pass the limit together.
    await findCustomerRow(trx, customer.id, true);
    if (await hasVehicle(trx, customer.id, values.vehicleId)) throw domainError('CONFLICT', 'This vehicle is already listed for the customer');
    if ((await countCustomerVehicles(trx, customer.id)) >= MAX_CUSTOMER_VEHICLES) {
      throw domainError('BAD_REQUEST', `A customer can have at most ${MAX_CUSTOMER_VEHICLES} vehicles`);
    }
    const row = await insertCustomerVehicle(trx, values);
    await recordAudit(trx, { serviceCenterId: customer.service_center_id, actorId: actor.userId, entity: 'customer_vehicle', entityId: row.id, action: 'create', after: await vehicleAudit(trx, row) });
    const [vehicle] = await withVehicles(trx, [row]);
    if (!vehicle) throw domainError('BAD_REQUEST', 'Vehicle not found');
    return vehicle;
  });
}

export async function updateCustomerVehicle(
  db: Database,
  user: User,
  id: string,
  patch: { plate?: string | null; odometer?: number | null },
): Promise<CustomerVehicle> {
  const found = await findCustomerVehicleRow(db, id);
  if (!found) throw vehicleNotFound();
  const actor = await requireRowAccess(db, user, found.service_center_id, 'manage', vehicleNotFound);
  return db.transaction().execute(async (trx) => {
    const before = await findCustomerVehicleRow(trx, id, true);
    if (!before) throw vehicleNotFound();
    const after = await updateCustomerVehicleRow(trx, id, patch);
    await recordAudit(trx, {
      serviceCenterId: before.service_center_id,
      actorId: actor.userId,
      entity: 'customer_vehicle',
      entityId: id,
      action: 'update',
      before: await vehicleAudit(trx, before),
      after: await vehicleAudit(trx, after),
    });
    const [vehicle] = await withVehicles(trx, [after]);
    if (!vehicle) throw vehicleNotFound();
    return vehicle;
  });
}

/** The shop's record of the vehicle goes; inquiries and appointments that named it keep their own vehicle. */
export async function removeCustomerVehicle(db: Database, user: User, id: string): Promise<{ id: string }> {
  const found = await findCustomerVehicleRow(db, id);
  if (!found) throw vehicleNotFound();
  const actor = await requireRowAccess(db, user, found.service_center_id, 'manage', vehicleNotFound);
  await db.transaction().execute(async (trx) => {
    const before = await findCustomerVehicleRow(trx, id, true);
    if (!before) throw vehicleNotFound();
    await deleteCustomerVehicleRow(trx, id);
    await recordAudit(trx, { serviceCenterId: before.service_center_id, actorId: actor.userId, entity: 'customer_vehicle', entityId: id, action: 'delete', before: await vehicleAudit(trx, before) });
  });
  return { id };
}
