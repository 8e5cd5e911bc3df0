import { todayIn } from '../../../shared/analytics.ts';
import type { User } from '../../../shared/auth.ts';
import {
  computeDue,
  serviceName,
  URGENCIES,
  type CreateServiceRecordValues,
  type DueItem,
  type ServiceRecord,
} from '../../../shared/garage.ts';
import type { Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import {
  componentBelongsTo,
  dueRows,
  findRecord,
  garageEntryFor,
  insertRecord,
  isTied,
  raiseOdometer,
  updateRecord,
  type RecordViewer,
} from './repository.ts';

export function recordViewer(user: User): RecordViewer {
  return { userId: user.id, isTech: user.role === 'tech' };
}

const vehicleNotFound = () => domainError('NOT_FOUND', 'Vehicle not found in your garage');
export const recordNotFound = () => domainError('NOT_FOUND', 'Service record not found');

/**
 * Whose vehicle history a new record joins. Owners: their own garage vehicle. Technicians: a
 * customer's vehicle named in one of the customer's inquiries or appointments, or their own.
 * Anything else reads as missing (PRODUCT.md: never reveal another user's rows).
 */
async function historyOwner(db: Executor, user: User, vehicleId: string, customerId: string | null | undefined): Promise<string> {
  if (customerId && customerId !== user.id) {
    if (user.role !== 'tech' || !(await isTied(db, customerId, vehicleId))) throw vehicleNotFound();
    return customerId;
  }
  if (!(await garageEntryFor(db, user.id, vehicleId))) throw vehicleNotFound();
  return user.id;
}

export async function createRecord(db: Executor, user: User, values: CreateServiceRecordValues): Promise<ServiceRecord> {
  const ownerId = await historyOwner(db, user, values.vehicleId, values.customerId);
  if (values.componentId && !(await componentBelongsTo(db, values.componentId, values.vehicleId))) {
    throw domainError('BAD_REQUEST', 'The component does not belong to this vehicle');
  }
  const id = await insertRecord(db, { userId: ownerId, technicianId: user.role === 'tech' ? user.id : null }, values);
  if (values.status === 'completed' && values.mileage !== null) await raiseOdometer(db, ownerId, values.vehicleId, values.mileage);
  const record = await findRecord(db, recordViewer(user), id);
  if (!record) throw recordNotFound();
  return record;
}

export async function changeRecord(
  db: Executor,
  user: User,
  id: string,
  patch: Parameters<typeof updateRecord>[2] & { timeZone: string },
): Promise<ServiceRecord> {
  const viewer = recordViewer(user);
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

/** What is due for each garage vehicle, most urgent first, from one query for the whole garage. */
export async function dueList(db: Executor, userId: string, timeZone: string, vehicleId?: string): Promise<DueItem[]> {
  const rows = await dueRows(db, userId, timeZone, vehicleId);
  const items = rows.map((row): DueItem => ({
    garageVehicleId: row.garage_vehicle_id,
    vehicleId: row.vehicle_id,
    nickname: row.nickname,
    componentId: row.component_id,
    componentName: row.component_name,
    service: serviceName(row.label),
    intervalText: row.interval_text,
    lastServiceDate: row.last_date,
    lastServiceMileage: row.last_mileage,
    ...computeDue({
      miles: row.miles,
      months: row.months,
      lastDate: row.last_date,
      lastMileage: row.last_mileage,
      modelYear: row.model_year,
      odometer: row.odometer,
      today: row.today,
    }),
  }));
  const rank = (item: DueItem) => URGENCIES.indexOf(item.urgency);
  // Within an urgency: the fewest days (or miles) left first.
  const left = (item: DueItem) => Math.min(item.daysLeft ?? Infinity, item.milesLeft === null ? Infinity : item.milesLeft / 30);
  return items.sort((a, b) => rank(a) - rank(b) || left(a) - left(b));
}
