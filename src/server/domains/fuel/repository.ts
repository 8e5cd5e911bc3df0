import { sql } from 'kysely';
import type { EconomyInput, OdometerReplacement } from '../../../shared/fuel-economy.ts';
import type { Expense, ExpenseCategory, FuelKind } from '../../../shared/fuel.ts';
import type { Executor } from '../../db/index.ts';

/** A whole log fits in one read; far beyond any real vehicle's. */
export const MAX_HISTORY = 10_000;

// ---- The garage entry a log belongs to ---------------------------------------------------------

/** The owner's garage entry of the vehicle with its replaced odometers, or null (none). */
export async function ownGarageVehicle(db: Executor, userId: string, vehicleId: string): Promise<{ id: string; odometer: number; replacements: OdometerReplacement[] } | null> {
  const row = await db.selectFrom('garage_vehicles').select(['id', 'odometer']).where('user_id', '=', userId).where('vehicle_id', '=', vehicleId).executeTakeFirst();
  if (!row) return null;
  const corrections = await db
    .selectFrom('garage_odometer_corrections')
    .select(['from_mileage', 'to_mileage', sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day')])
    .where('garage_vehicle_id', '=', row.id)
    .where('reason', '=', 'replaced')
    .orderBy('created_at')
    .execute();
  return { id: row.id, odometer: row.odometer, replacements: corrections.map((c) => ({ day: c.day, miles: c.from_mileage - c.to_mileage })) };
}

// ---- Fuel entries -------------------------------------------------------------------------------

export interface FuelRow extends EconomyInput {
  vehicleId: string;
  totalPrice: string | null;
  station: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const fuelColumns = [
  'id',
  'vehicle_id',
  sql<string>`to_char(date, 'YYYY-MM-DD')`.as('day'),
  'odometer',
  'kind',
  'quantity',
  'total_price',
  'full_fill',
  'missed_before',
  'station',
  'created_at',
  'updated_at',
] as const;

function toFuelRow(row: {
  id: string;
  vehicle_id: string;
  day: string;
  odometer: number;
  kind: FuelKind;
  quantity: string;
  total_price: string | null;
  full_fill: boolean;
  missed_before: boolean;
  station: string | null;
  created_at: Date;
  updated_at: Date;
}): FuelRow {
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    date: row.day,
    odometer: row.odometer,
    kind: row.kind,
    quantity: Number(row.quantity),
    totalPrice: row.total_price,
    fullFill: row.full_fill,
    missedBefore: row.missed_before,
    station: row.station,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The vehicle's whole log, oldest first. */
export async function fuelLog(db: Executor, userId: string, vehicleId: string): Promise<FuelRow[]> {
  const rows = await db
    .selectFrom('fuel_entries')
    .select(fuelColumns)
    .where('user_id', '=', userId)
    .where('vehicle_id', '=', vehicleId)
    .orderBy('date')
    .orderBy('odometer')
    .limit(MAX_HISTORY)
    .execute();
  return rows.map(toFuelRow);
}

/**
 * An entry, only while its vehicle is in its owner's garage, with whose history it is (the caller
 * checks who may reach it: lib/garage-access.ts).
 */
export async function findFuelEntry(db: Executor, id: string): Promise<(FuelRow & { ownerId: string }) | null> {
  const row = await db
    .selectFrom('fuel_entries')
    .select([...fuelColumns, 'user_id'])
    .where('id', '=', id)
    .where((eb) => eb.exists(eb.selectFrom('garage_vehicles as g').select('g.id').whereRef('g.user_id', '=', 'fuel_entries.user_id').whereRef('g.vehicle_id', '=', 'fuel_entries.vehicle_id')))
    .executeTakeFirst();
  return row ? { ...toFuelRow(row), ownerId: row.user_id } : null;
}

export interface FuelValues {
  date: string;
  odometer: number;
  kind: FuelKind;
  /** Canonical: US gallons or kWh, 4 decimals. */
  quantity: string;
  totalPrice: string | null;
  fullFill: boolean;
  missedBefore: boolean;
  station: string | null;
}

const fuelRowValues = (v: FuelValues) => ({
  date: v.date,
  odometer: v.odometer,
  kind: v.kind,
  quantity: v.quantity,
  total_price: v.totalPrice,
  full_fill: v.fullFill,
  missed_before: v.missedBefore,
  station: v.station,
});

export async function insertFuelEntry(db: Executor, userId: string, vehicleId: string, values: FuelValues): Promise<string> {
  const row = await db
    .insertInto('fuel_entries')
    .values({ user_id: userId, vehicle_id: vehicleId, ...fuelRowValues(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateFuelEntry(db: Executor, userId: string, id: string, values: FuelValues): Promise<void> {
  await db
    .updateTable('fuel_entries')
    .set({ ...fuelRowValues(values), updated_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

export async function deleteFuelEntry(db: Executor, userId: string, id: string): Promise<void> {
  await db.deleteFrom('fuel_entries').where('user_id', '=', userId).where('id', '=', id).execute();
}

// ---- Expenses -----------------------------------------------------------------------------------

const expenseColumns = ['id', 'vehicle_id', sql<string>`to_char(date, 'YYYY-MM-DD')`.as('day'), 'category', 'amount', 'note', 'created_at', 'updated_at'] as const;

function toExpense(row: { id: string; vehicle_id: string; day: string; category: ExpenseCategory; amount: string; note: string | null; created_at: Date; updated_at: Date }): Expense {
  return { id: row.id, vehicleId: row.vehicle_id, date: row.day, category: row.category, amount: row.amount, note: row.note, createdAt: row.created_at, updatedAt: row.updated_at };
}

export async function listExpenses(db: Executor, userId: string, vehicleId: string, page: { limit: number; offset: number }): Promise<{ items: Expense[]; total: number }> {
  const base = db.selectFrom('vehicle_expenses').where('user_id', '=', userId).where('vehicle_id', '=', vehicleId);
  const [rows, count] = await Promise.all([
    base.select(expenseColumns).orderBy('date', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toExpense), total: count.total };
}

/** An expense, only while its vehicle is in its owner's garage, with whose history it is. */
export async function findExpense(db: Executor, id: string): Promise<(Expense & { ownerId: string }) | null> {
  const row = await db
    .selectFrom('vehicle_expenses')
    .select([...expenseColumns, 'user_id'])
    .where('id', '=', id)
    .where((eb) => eb.exists(eb.selectFrom('garage_vehicles as g').select('g.id').whereRef('g.user_id', '=', 'vehicle_expenses.user_id').whereRef('g.vehicle_id', '=', 'vehicle_expenses.vehicle_id')))
    .executeTakeFirst();
  return row ? { ...toExpense(row), ownerId: row.user_id } : null;
}

export async function insertExpense(db: Executor, userId: string, vehicleId: string, v: { date: string; category: ExpenseCategory; amount: string; note: string | null }): Promise<string> {
  const row = await db
    .insertInto('vehicle_expenses')
    .values({ user_id: userId, vehicle_id: vehicleId, date: v.date, category: v.category, amount: v.amount, note: v.note })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateExpense(db: Executor, userId: string, id: string, v: { date?: string; category?: ExpenseCategory; amount?: string; note?: string | null }): Promise<void> {
  await db
    .updateTable('vehicle_expenses')
    .set({
      ...(v.date !== undefined && { date: v.date }),
      ...(v.category !== undefined && { category: v.category }),
      ...(v.amount !== undefined && { amount: v.amount }),
      ...(v.note !== undefined && { note: v.note }),
      updated_at: sql<Date>`now()`,
    })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

export async function deleteExpense(db: Executor, userId: string, id: string): Promise<void> {
  await db.deleteFrom('vehicle_expenses').where('user_id', '=', userId).where('id', '=', id).execute();
}

// ---- What the costs and odometer history read ---------------------------------------------------

/** Every expense of the vehicle (day, category, amount), for the cost summary. */
export async function expenseAmounts(db: Executor, userId: string, vehicleId: string) {
  return db
    .selectFrom('vehicle_expenses')
    .select([sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date'), 'category', 'amount'])
    .where('user_id', '=', userId)
    .where('vehicle_id', '=', vehicleId)
    .limit(MAX_HISTORY)
    .execute();
}

/** The owner's completed service records of the vehicle: day, mileage and cost. */
export async function recordReadings(db: Executor, userId: string, vehicleId: string) {
  return db
    .selectFrom('service_records')
    .select([sql<string>`to_char(date AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('date'), 'mileage_value', 'cost'])
    .where('user_id', '=', userId)
    .where('vehicle_id', '=', vehicleId)
    .where('status', '=', 'completed')
    .where((eb) => eb.or([eb('mileage_value', 'is not', null), eb('cost', 'is not', null)]))
    .limit(MAX_HISTORY)
    .execute();
}
