import { summarizeCosts, type CostItem, type CostSummary } from '../../../shared/costs.ts';
import { todayIn } from '../../../shared/dates.ts';
import { averageEconomy, computeEconomy, lifetimeMileage, toCanonicalQuantity, type OdometerReplacement } from '../../../shared/fuel-economy.ts';
import type { CreateFuelEntryValues, FuelEntry, FuelKind, FuelPage, QuantityUnit } from '../../../shared/fuel.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { garageVehicleAccess, historyRowAccess, type GarageNeed } from '../../lib/garage-access.ts';
import { raiseOdometer } from '../../lib/garage-odometer.ts';
import {
  deleteFuelEntry,
  expenseAmounts,
  findExpense,
  findFuelEntry,
  fuelLog,
  insertFuelEntry,
  ownGarageVehicle,
  recordReadings,
  updateFuelEntry,
  type FuelRow,
  type FuelValues,
} from './repository.ts';

export const vehicleNotFound = () => domainError('NOT_FOUND', 'Vehicle not found in your garage');
export const fuelNotFound = () => domainError('NOT_FOUND', 'Fuel entry not found');
export const expenseNotFound = () => domainError('NOT_FOUND', 'Expense not found');

/**
 * The caller's garage entry of the vehicle (own, or shared with them) for a need, with whose
 * history it is; anyone else (staff included) reads it as missing, a viewer who writes gets 403.
 */
export async function requireVehicle(db: Executor, userId: string, vehicleId: string, need: GarageNeed) {
  const access = await garageVehicleAccess(db, userId, { vehicleId }, need);
  const entry = await ownGarageVehicle(db, access.ownerId, vehicleId);
  if (!entry) throw vehicleNotFound();
  return { ...entry, ownerId: access.ownerId };
}

/** A fuel entry the caller may reach for a need (its vehicle's part decides). */
async function reachableFuelEntry(db: Executor, userId: string, id: string, need: GarageNeed) {
  const entry = await findFuelEntry(db, id);
  if (!entry) throw fuelNotFound();
  await historyRowAccess(db, userId, entry, need, fuelNotFound);
  return entry;
}

/** An expense the caller may reach for a need. */
export async function reachableExpense(db: Executor, userId: string, id: string, need: GarageNeed) {
  const expense = await findExpense(db, id);
  if (!expense) throw expenseNotFound();
  await historyRowAccess(db, userId, expense, need, expenseNotFound);
  return expense;
}

/** A log with each entry's economy, computed over the whole log. */
function withEconomy(rows: FuelRow[], replacements: OdometerReplacement[]): FuelEntry[] {
  const economies = computeEconomy(rows, replacements);
  return rows.map((row) => {
    const economy = economies.get(row.id) ?? { economy: null, distance: null, outlier: false, note: null };
    return {
      ...row,
      pricePerUnit: row.totalPrice === null ? null : Math.round((Number(row.totalPrice) / row.quantity) * 1000) / 1000,
      ...economy,
    };
  });
}

/** The page of the log, newest first. */
export async function fuelPage(db: Executor, userId: string, input: { vehicleId: string; limit: number; offset: number }): Promise<FuelPage> {
  const vehicle = await requireVehicle(db, userId, input.vehicleId, 'read');
  const entries = withEconomy(await fuelLog(db, vehicle.ownerId, input.vehicleId), vehicle.replacements).reverse();
  return { items: entries.slice(input.offset, input.offset + input.limit), total: entries.length };
}

async function answer(db: Executor, ownerId: string, vehicleId: string, id: string, replacements: OdometerReplacement[]): Promise<FuelEntry> {
  const entry = withEconomy(await fuelLog(db, ownerId, vehicleId), replacements).find((e) => e.id === id);
  if (!entry) throw fuelNotFound();
  return entry;
}

/** The total paid: as typed, or the price per unit times the quantity as typed (to the cent). */
function totalOf(totalPrice: string | null | undefined, pricePerUnit: string | null | undefined, typedQuantity: number): string | null | undefined {
  if (totalPrice !== undefined && totalPrice !== null) return totalPrice;
  if (pricePerUnit !== undefined && pricePerUnit !== null) {
    const cents = Math.round(Number(pricePerUnit) * typedQuantity * 100);
    if (cents >= 10 ** 10) throw domainError('BAD_REQUEST', 'Total price must be below 100,000,000', { field: 'pricePerUnit' });
    return (cents / 100).toFixed(2);
  }
  return totalPrice;
}

const canonical = (quantity: number, unit: QuantityUnit) => toCanonicalQuantity(quantity, unit).toFixed(4);

export async function createFuelEntry(db: Database, userId: string, values: CreateFuelEntryValues): Promise<FuelEntry> {
  return db.transaction().execute(async (trx) => {
    const vehicle = await requireVehicle(trx, userId, values.vehicleId, 'edit');
    const id = await insertFuelEntry(trx, vehicle.ownerId, values.vehicleId, {
      date: values.date,
      odometer: values.odometer,
      kind: values.kind,
      quantity: canonical(values.quantity, values.unit),
      totalPrice: totalOf(values.totalPrice, values.pricePerUnit, values.quantity) ?? null,
      fullFill: values.fullFill,
      missedBefore: values.missedBefore,
      station: values.station,
    });
    await raiseOdometer(trx, vehicle.ownerId, values.vehicleId, [{ mileage: values.odometer, day: values.date }]);
    return answer(trx, vehicle.ownerId, values.vehicleId, id, vehicle.replacements);
  });
}

export interface FuelChanges {
  date?: string;
  odometer?: number;
  kind?: FuelKind;
  quantity?: number;
  unit?: QuantityUnit;
  totalPrice?: string | null;
  pricePerUnit?: string | null;
  fullFill?: boolean;
  missedBefore?: boolean;
  station?: string | null;
}

export async function changeFuelEntry(db: Database, userId: string, id: string, patch: FuelChanges): Promise<FuelEntry> {
  return db.transaction().execute(async (trx) => {
    const existing = await reachableFuelEntry(trx, userId, id, 'edit');
    const ownerId = existing.ownerId;
    const kind = patch.kind ?? existing.kind;
    if (kind !== existing.kind && patch.quantity === undefined) {
      throw domainError('BAD_REQUEST', 'Give the quantity and its unit when changing between fuel and charge', { field: 'quantity' });
    }
    if (patch.unit !== undefined && (kind === 'charge') !== (patch.unit === 'kWh')) {
      throw domainError('BAD_REQUEST', kind === 'charge' ? 'The unit of a charge is kWh' : 'The unit of fuel is gal, impgal or L', { field: 'unit' });
    }
    const typed = patch.quantity ?? existing.quantity;
    const values: FuelValues = {
      date: patch.date ?? existing.date,
      odometer: patch.odometer ?? existing.odometer,
      kind,
      quantity: patch.quantity !== undefined && patch.unit ? canonical(patch.quantity, patch.unit) : existing.quantity.toFixed(4),
      totalPrice: totalOf(patch.totalPrice, patch.pricePerUnit, typed) ?? (patch.totalPrice === null ? null : existing.totalPrice),
      fullFill: patch.fullFill ?? existing.fullFill,
      missedBefore: patch.missedBefore ?? existing.missedBefore,
      station: patch.station === undefined ? existing.station : patch.station,
    };
    await updateFuelEntry(trx, ownerId, id, values);
    if (patch.odometer !== undefined) await raiseOdometer(trx, ownerId, existing.vehicleId, [{ mileage: values.odometer, day: values.date }]);
    const vehicle = await requireVehicle(trx, userId, existing.vehicleId, 'edit');
    return answer(trx, ownerId, existing.vehicleId, id, vehicle.replacements);
  });
}

export async function removeFuelEntry(db: Executor, userId: string, id: string): Promise<void> {
  const entry = await reachableFuelEntry(db, userId, id, 'edit');
  await deleteFuelEntry(db, entry.ownerId, id);
}

export interface EconomyPoint {
  date: string;
  kind: FuelKind;
  economy: number;
  outlier: boolean;
}
export interface OdometerPoint {
  date: string;
  /** The reading as shown on the odometer of the day. */
  mileage: number;
  /** With the miles of replaced odometers: what the chart draws. */
  lifetime: number;
  source: 'record' | 'fuel';
}
export interface VehicleOverview {
  costs: CostSummary;
  economy: EconomyPoint[];
  averageMpg: number | null;
  averageMiPerKwh: number | null;
  odometer: OdometerPoint[];
  fuelEntries: number;
}

/** At most this many odometer points are drawn: a chart has not more pixels than that. */
const MAX_POINTS = 500;

function thin<T>(points: T[]): T[] {
  if (points.length <= MAX_POINTS) return points;
  const step = points.length / MAX_POINTS;
  return Array.from({ length: MAX_POINTS }, (_, i) => points[Math.min(points.length - 1, Math.round(i * step))]!).concat(points.at(-1)!);
}

/** Costs by month and category, economy over time and the odometer history of one vehicle. */
export async function vehicleOverview(db: Executor, userId: string, vehicleId: string, timeZone: string): Promise<VehicleOverview> {
  const vehicle = await requireVehicle(db, userId, vehicleId, 'read');
  const owner = vehicle.ownerId;
  const [log, expenses, records] = await Promise.all([fuelLog(db, owner, vehicleId), expenseAmounts(db, owner, vehicleId), recordReadings(db, owner, vehicleId)]);
  const entries = withEconomy(log, vehicle.replacements);
  const economies = computeEconomy(log, vehicle.replacements);
  const costItems: CostItem[] = [
    ...records.flatMap((r) => (r.cost === null ? [] : [{ date: r.date, category: 'service' as const, amount: r.cost }])),
    ...log.flatMap((f) => (f.totalPrice === null ? [] : [{ date: f.date, category: 'fuel' as const, amount: f.totalPrice }])),
    ...expenses,
  ];
  const odometer: OdometerPoint[] = [
    ...records.flatMap((r) => (r.mileage_value === null ? [] : [{ date: r.date, mileage: r.mileage_value, source: 'record' as const }])),
    ...log.map((f) => ({ date: f.date, mileage: f.odometer, source: 'fuel' as const })),
  ]
    .map((p) => ({ ...p, lifetime: lifetimeMileage(p.date, p.mileage, vehicle.replacements) }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.lifetime - b.lifetime);
  return {
    costs: summarizeCosts(costItems, todayIn(timeZone), odometer.map((p) => p.lifetime)),
    economy: entries.flatMap((e) => (e.economy === null ? [] : [{ date: e.date, kind: e.kind, economy: Math.round(e.economy * 100) / 100, outlier: e.outlier }])),
    averageMpg: averageEconomy(log, economies, 'fuel'),
    averageMiPerKwh: averageEconomy(log, economies, 'charge'),
    odometer: thin(odometer),
    fuelEntries: log.length,
  };
}
