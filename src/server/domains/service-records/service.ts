import { todayIn } from '../../../shared/dates.ts';
import type { User } from '../../../shared/auth.ts';
import type { CreateServiceRecordValues, ServiceRecord } from '../../../shared/service-records.ts';
import type { Executor } from '../../db/index.ts';
import { textCell, toCsv, type CsvCell, type CsvFile } from '../../http/csv.ts';
import { domainError } from '../../http/errors.ts';
import { componentBelongsTo, findVehicleById } from '../../lib/vehicles.ts';
import { viewerOf, type Viewer } from '../../lib/viewer.ts';
import { findRecord, inGarage, insertRecord, isTied, listRecords, raiseOdometer, updateRecord } from './repository.ts';

const vehicleNotFound = () => domainError('NOT_FOUND', 'Vehicle not found in your garage');
export const recordNotFound = () => domainError('NOT_FOUND', 'Service record not found');

/**
 * Whose vehicle history a new record joins. Owners: their own garage vehicle. Technicians: a
 * customer's vehicle named in one of the customer's inquiries or appointments, or their own.
 * Anything else reads as missing: another user's rows are never revealed
 * (docs/api.md#who-may-call-what).
 */
async function historyOwner(db: Executor, user: User, vehicleId: string, customerId: string | null | undefined): Promise<string> {
  if (customerId && customerId !== user.id) {
    if (user.role !== 'tech' || !(await isTied(db, customerId, vehicleId))) throw vehicleNotFound();
    return customerId;
  }
  if (!(await inGarage(db, user.id, vehicleId))) throw vehicleNotFound();
  return user.id;
}

export async function createRecord(db: Executor, user: User, values: CreateServiceRecordValues): Promise<ServiceRecord> {
  const ownerId = await historyOwner(db, user, values.vehicleId, values.customerId);
  if (values.componentId && !(await componentBelongsTo(db, values.componentId, values.vehicleId))) {
    throw domainError('BAD_REQUEST', 'The component does not belong to this vehicle');
  }
  const id = await insertRecord(db, { userId: ownerId, technicianId: user.role === 'tech' ? user.id : null }, values);
  if (values.status === 'completed' && values.mileage !== null) await raiseOdometer(db, ownerId, values.vehicleId, values.mileage);
  const record = await findRecord(db, viewerOf(user), id);
  if (!record) throw recordNotFound();
  return record;
}

export async function changeRecord(
  db: Executor,
  user: User,
  id: string,
  patch: Parameters<typeof updateRecord>[2] & { timeZone: string },
): Promise<ServiceRecord> {
  const viewer = viewerOf(user);
  const existing = await findRecord(db, viewer, id);
  if (!existing) throw recordNotFound();
  const status = patch.status ?? existing.status;
  const day = patch.date ?? existing.date.toISOString().slice(0, 10);
  // Checked when the day or status changes: an unchanged day was accepted in the zone it was typed in.
  const redated = patch.date !== undefined || patch.status !== undefined;
  if (redated && status === 'completed' && day > todayIn(patch.timeZone)) {
    throw domainError('BAD_REQUEST', 'A completed service cannot be dated in the future');
  }
  if (patch.componentId && !(await componentBelongsTo(db, patch.componentId, existing.vehicleId))) {
    throw domainError('BAD_REQUEST', 'The component does not belong to this vehicle');
  }
  const { timeZone: _zone, ...changes } = patch;
  await updateRecord(db, id, changes);
  const mileage = patch.mileage === undefined ? existing.mileageValue : patch.mileage;
  // Only a new reading moves the odometer: an owner's later correction downwards stays.
  const newReading = patch.mileage !== undefined || (patch.status === 'completed' && existing.status !== 'completed');
  if (newReading && status === 'completed' && mileage !== null && existing.userId) {
    await raiseOdometer(db, existing.userId, existing.vehicleId, mileage);
  }
  const record = await findRecord(db, viewer, id);
  if (!record) throw recordNotFound();
  return record;
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
    text(record.technicianName),
  ];
}

/** A vehicle's history the viewer may see, newest first, as a spreadsheet. */
export async function recordsCsv(
  db: Executor,
  viewer: Viewer,
  input: { vehicleId: string; customerId?: string; timeZone: string },
): Promise<CsvFile> {
  const vehicle = await findVehicleById(db, input.vehicleId);
  if (!vehicle) throw domainError('NOT_FOUND', 'Vehicle not found');
  const { items } = await listRecords(db, viewer, input, { limit: CSV_MAX_ROWS, offset: 0 });
  const slug = `${vehicle.year}-${vehicle.make}-${vehicle.model}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { fileName: `service-history-${slug}.csv`, csv: toCsv([CSV_HEADER, ...items.map(csvRow)]) };
}

/** One component's history the viewer may see (their garage's, or customers' for technicians). */
export async function componentHistory(db: Executor, viewer: Viewer, vehicleId: string, componentId: string) {
  if (!(await componentBelongsTo(db, componentId, vehicleId))) throw domainError('NOT_FOUND', 'Component not found');
  const { items } = await listRecords(db, viewer, { vehicleId, componentId, timeZone: 'UTC' }, { limit: 100, offset: 0 });
  return items.map(({ id, serviceType, description, mileage, date }) => ({ id, serviceType, description, mileage, date }));
}
