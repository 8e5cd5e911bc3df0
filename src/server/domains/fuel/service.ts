import { summarizeCosts, type CostItem, type CostSummary } from '../../../shared/costs.ts';
import { todayIn } from '../../../shared/dates.ts';
import { averageEconomy, computeEconomy, lifetimeMileage, toCanonicalQuantity, type OdometerReplacement } from '../../../shared/fuel-economy.ts';
import type { CreateFuelEntryValues, FuelEntry, FuelKind, FuelPage, QuantityUnit } from '../../../shared/fuel.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import {
  deleteFuelEntry,
  expenseAmounts,
  findFuelEntry,
  fuelLog,
  insertFuelEntry,
  ownGarageVehicle,
  raiseOdometer,
  recordReadings,
  updateFuelEntry,
  type FuelRow,
  type FuelValues,
} from './repository.ts';

export const vehicleNotFound = () => domainError('NOT_FOUND', 'Vehicle not found in your garage');
export const fuelNotFound = () => domainError('NOT_FOUND', 'Fuel entry not found');
export const expenseNotFound = () => domainError('NOT_FOUND', 'Expense not found');

/** The owner's garage entry of the vehicle; anyone else's (staff included) reads as missing. */
export async function requireOwnVehicle(db: Executor, userId: string, vehicleId: string) {
  const entry = await ownGarageVehicle(db, userId, vehicleId);
  if (!entry) throw vehicleNotFound();
  return entry;
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
  const vehicle = await requireOwnVehicle(db, userId, input.vehicleId);
  const entries = withEconomy(await fuelLog(db, userId, input.vehicleId), vehicle.replacements).reverse();
  return { items: entries.slice(input.offset, input.offset + input.limit), total: entries.length };
}

async function answer(db: Executor, userId: string, vehicleId: string, id: string, replacements: OdometerReplacement[]): Promise<FuelEntry> {
  const entry = withEconomy(await fuelLog(db, userId, vehicleId), replacements).find((e) => e.id === id);
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
    const vehicle = await requireOwnVehicle(trx, userId, values.vehicleId);
    const id = await insertFuelEntry(trx, userId, values.vehicleId, {
      date: values.date,
      odometer: values.odometer,
      kind: values.kind,
      quantity: canonical(values.quantity, values.unit),
      totalPrice: totalOf(values.totalPrice, values.pricePerUnit, values.quantity) ?? null,
      fullFill: values.fullFill,
      missedBefore: values.missedBefore,
      station: values.station,
    });
    await raiseOdometer(trx, userId, values.vehicleId, values.date, values.odometer);
    return answer(trx, userId, values.vehicleId, id, vehicle.replacements);
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
    const existing = await findFuelEntry(trx, userId, id);
    if (!existing) throw fuelNotFound();
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
    await updateFuelEntry(trx, userId, id, values);
    if (patch.odometer !== undefined) await raiseOdometer(trx, userId, existing.vehicleId, values.date, values.odometer);
    const vehicle = await requireOwnVehicle(trx, userId, existing.vehicleId);
    return answer(trx, userId, existing.vehicleId, id, vehicle.replacements);
  });
}

export async function removeFuelEntry(db: Executor, userId: string, id: string): Promise<void> {
  if (!(await findFuelEntry(db, userId, id))) throw fuelNotFound();
  await deleteFuelEntry(db, userId, id);
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
  const vehicle = await requireOwnVehicle(db, userId, vehicleId);
  const [log, expenses, records] = await Promise.all([fuelLog(db, userId, vehicleId), expenseAmounts(db, userId, vehicleId), recordReadings(db, userId, vehicleId)]);
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
