import { todayIn } from '../../../shared/dates.ts';
import type { User } from '../../../shared/auth.ts';
import type { CreateServiceRecordValues, ServiceRecord } from '../../../shared/service-records.ts';
import type { Database, Executor } from '../../db/index.ts';
import { auditable, recordAudit } from '../../lib/audit.ts';
import { findGarageAccess, garageVehicleAccess, roleAllows } from '../../lib/garage-access.ts';
import { raiseOdometer } from '../../lib/garage-odometer.ts';
import { requireShopAccess, staffRole } from '../../lib/shop-access.ts';
import { textCell, toCsv, type CsvCell, type CsvFile } from '../../http/csv.ts';
import { domainError } from '../../http/errors.ts';
import { componentBelongsTo, findVehicleById } from '../../lib/vehicles.ts';
import { deleteRecord, findRecord, insertRecord, listRecords, updateRecord, type RecordFilters } from './repository.ts';
import { customerVehicleOfMyShops } from './reach.ts';
import { shopCustomerVehicle } from '../../lib/vehicle-owner.ts';

export const recordNotFound = () => domainError('NOT_FOUND', 'Service record not found');

/**
 * Whose history a new record joins and who wrote it. Owners: their own garage vehicle. Staff
 * (`serviceCenterId`, 'work'): a vehicle of one of their shop's customers; the record names the
 * shop and the technician and joins the linked account's history. Anything else reads as missing.
 */
async function authorship(db: Executor, user: User, values: CreateServiceRecordValues) {
  if (values.serviceCenterId || values.customerVehicleId) {
    if (!values.serviceCenterId || !values.customerVehicleId) {
      throw domainError('BAD_REQUEST', 'A shop\u2019s record names both serviceCenterId and customerVehicleId');
    }
    await requireShopAccess(db, user, values.serviceCenterId, 'work');
    const target = await shopCustomerVehicle(db, values.serviceCenterId, values.customerVehicleId);
    if (!target || target.vehicle_id !== values.vehicleId) throw domainError('NOT_FOUND', 'Vehicle not found among this shop\u2019s customers');
    return { userId: target.user_id, technicianId: user.id, serviceCenterId: values.serviceCenterId, customerVehicleId: target.id };
  }
  // The owner or an editor of the vehicle in My Garage; the record joins the owner's history.
  const access = await garageVehicleAccess(db, user.id, { vehicleId: values.vehicleId }, 'edit');
  return { userId: access.ownerId, technicianId: null, serviceCenterId: null, customerVehicleId: null };
}

export async function createRecord(db: Database, user: User, values: CreateServiceRecordValues): Promise<ServiceRecord> {
  return db.transaction().execute(async (trx) => {
    const author = await authorship(trx, user, values);
    if (values.componentId && !(await componentBelongsTo(trx, values.componentId, values.vehicleId))) {
      throw domainError('BAD_REQUEST', 'The component does not belong to this vehicle');
    }
    const id = await insertRecord(trx, author, values);
    if (values.status === 'completed' && values.mileage !== null && author.userId) await raiseOdometer(trx, author.userId, values.vehicleId, [{ mileage: values.mileage, day: values.date }]);
    const record = await findRecord(trx, user.id, id);
    if (!record) throw recordNotFound();
    if (author.serviceCenterId) {
      await recordAudit(trx, { serviceCenterId: author.serviceCenterId, actorId: user.id, entity: 'service_record', entityId: id, action: 'create', after: auditable(record) });
    }
    return record;
  });
}

/**
 * What the caller may do to a record they can see: the owner keeps every right over their own
 * history, and so does an editor of the vehicle the owner shared (a viewer gets 403); staff change
 * only what their shop wrote (audited); nobody else changes anything.
 */
async function writableRecord(db: Executor, user: User, id: string): Promise<{ record: ServiceRecord; shopId: string | null }> {
  const record = await findRecord(db, user.id, id);
  if (!record) throw recordNotFound();
  if (record.userId === user.id) return { record, shopId: null };
  if (record.serviceCenterId && (await staffRole(db, user.id, record.serviceCenterId))) {
    await requireShopAccess(db, user, record.serviceCenterId, 'work');
    return { record, shopId: record.serviceCenterId };
  }
  const shared = record.userId ? await findGarageAccess(db, user.id, { ownerId: record.userId, vehicleId: record.vehicleId }) : null;
  if (shared) {
    if (!roleAllows(shared.role, 'edit')) await garageVehicleAccess(db, user.id, { id: shared.garageVehicleId }, 'edit');
    return { record, shopId: null };
  }
  throw domainError('FORBIDDEN', 'Staff change only the records their shop wrote, never the owner\u2019s own entries');
}

export async function removeRecord(db: Database, user: User, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { record, shopId } = await writableRecord(trx, user, id);
    await deleteRecord(trx, id);
    if (shopId) await recordAudit(trx, { serviceCenterId: shopId, actorId: user.id, entity: 'service_record', entityId: id, action: 'delete', before: auditable(record) });
  });
}

export async function changeRecord(
  db: Database,
  user: User,
  id: string,
  patch: Parameters<typeof updateRecord>[2] & { timeZone: string },
): Promise<ServiceRecord> {
  return db.transaction().execute(async (trx) => {
    const { record: existing, shopId } = await writableRecord(trx, user, id);
    const status = patch.status ?? existing.status;
    const day = patch.date ?? existing.date.toISOString().slice(0, 10);
    // Checked when the day or status changes: an unchanged day was accepted in the zone it was typed in.
    const redated = patch.date !== undefined || patch.status !== undefined;
    if (redated && status === 'completed' && day > todayIn(patch.timeZone)) {
      throw domainError('BAD_REQUEST', 'A completed service cannot be dated in the future');
    }
    if (patch.componentId && !(await componentBelongsTo(trx, patch.componentId, existing.vehicleId))) {
      throw domainError('BAD_REQUEST', 'The component does not belong to this vehicle');
    }
    const { timeZone: _zone, ...changes } = patch;
    await updateRecord(trx, id, changes);
    const mileage = patch.mileage === undefined ? existing.mileageValue : patch.mileage;
    // Only a new reading moves the odometer: an owner's later correction downwards stays.
    const newReading = patch.mileage !== undefined || (patch.status === 'completed' && existing.status !== 'completed');
    if (newReading && status === 'completed' && mileage !== null && existing.userId) {
      await raiseOdometer(trx, existing.userId, existing.vehicleId, [{ mileage, day }]);
    }
    const record = await findRecord(trx, user.id, id);
    if (!record) throw recordNotFound();
    if (shopId) {
      await recordAudit(trx, { serviceCenterId: shopId, actorId: user.id, entity: 'service_record', entityId: id, action: 'update', before: auditable(existing), after: auditable(record) });
    }
    return record;
  });
}

/** A whole history fits in one file; far beyond any real vehicle's. */
const CSV_MAX_ROWS = 10_000;
// The calendar day typed, stored at noon UTC (see storedDate in repository.ts).
const csvDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
const CSV_HEADER: CsvCell[] = ['date', 'service_type', 'component', 'status', 'mileage', 'cost', 'description', 'notes', 'technician'];

function csvRow(record: ServiceRecord): CsvCell[] {
  const text = (value: string | null) => (value === null ? null : textCell(value));
  return [
    csvDay.format(record.date),
    textCell(record.serviceType),
    record.componentName,
    record.status,
    record.mileageValue,
    record.cost,
    text(record.description),
    text(record.notes),
    text(record.serviceCenterName ? `${record.technicianName ?? ''} (${record.serviceCenterName})`.trim() : record.technicianName),
  ];
}

/** A vehicle's history the viewer may see, newest first, as a spreadsheet. */
export async function recordsCsv(
  db: Executor,
  userId: string,
  input: { vehicleId: string; customerVehicleId?: string; timeZone: string },
): Promise<CsvFile> {
  const vehicle = await findVehicleById(db, input.vehicleId);
  if (!vehicle) throw domainError('NOT_FOUND', 'Vehicle not found');
  const { items } = await listRecords(db, userId, await historyFilters(db, userId, input), { limit: CSV_MAX_ROWS, offset: 0 });
  const slug = `${vehicle.year}-${vehicle.make}-${vehicle.model}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { fileName: `service-history-${slug}.csv`, csv: toCsv([CSV_HEADER, ...items.map(csvRow)]) };
}

/** One component's history the viewer may see (their garage's, or customers' for technicians). */
export async function componentHistory(db: Executor, userId: string, vehicleId: string, componentId: string) {
  if (!(await componentBelongsTo(db, componentId, vehicleId))) throw domainError('NOT_FOUND', 'Component not found');
  const { items } = await listRecords(db, userId, { vehicleId, componentId, timeZone: 'UTC' }, { limit: 100, offset: 0 });
  return items.map(({ id, serviceType, description, mileage, mileageValue, date }) => ({ id, serviceType, description, mileage, mileageValue, date }));
}

/** A list's filters; a shop customer's vehicle must be one of the caller's shops' (else 404). */
export async function historyFilters<T extends { customerVehicleId?: string }>(
  db: Executor,
  userId: string,
  input: T,
): Promise<Omit<T, 'customerVehicleId'> & Pick<RecordFilters, 'customerVehicle'>> {
  const { customerVehicleId, ...rest } = input;
  if (!customerVehicleId) return rest;
  const customerVehicle = await customerVehicleOfMyShops(db, userId, customerVehicleId);
  if (!customerVehicle) throw domainError('NOT_FOUND', 'Vehicle not found');
  return { ...rest, customerVehicle };
}
