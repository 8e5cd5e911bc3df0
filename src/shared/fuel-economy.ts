import { LITRES_PER_US_GALLON, type EconomyNote, type FuelKind, type QuantityUnit } from './fuel.ts';
import { KM_PER_MILE, volumeToGallons } from './units.ts';

/**
 * Fuel economy, pure (docs/garage.md#economy). Economy is known only between two full fills: the
 * miles between them over everything put in since the first (partial fills included). A missed
 * fill-up or an odometer going backwards breaks the chain; the next full fill starts a new one.
 */

export { KM_PER_MILE };

/** A quantity typed in `unit`, in the canonical unit (US gallons for fuel, kWh for charging). */
export function toCanonicalQuantity(quantity: number, unit: QuantityUnit): number {
  return unit === 'kWh' ? quantity : volumeToGallons(quantity, unit);
}
export const gallonsToLitres = (gallons: number) => gallons * LITRES_PER_US_GALLON;
export const milesToKm = (miles: number) => miles * KM_PER_MILE;
/** Miles per US gallon as litres per 100 km (the two are reciprocal: 0 and Infinity stay undefined). */
export function mpgToLitresPer100Km(mpg: number): number | null {
  return mpg > 0 && Number.isFinite(mpg) ? 100 / (milesToKm(mpg) / LITRES_PER_US_GALLON) : null;
}

export interface EconomyInput {
  id: string;
  date: string;
  odometer: number;
  kind: FuelKind;
  quantity: number;
  fullFill: boolean;
  missedBefore: boolean;
}

/** A replaced odometer: readings dated `day` or later are on the new one, `miles` behind the old. */
export interface OdometerReplacement {
  day: string;
  miles: number;
}

export interface Economy {
  economy: number | null;
  distance: number | null;
  outlier: boolean;
  note: EconomyNote | null;
}

/** The odometer as a lifetime reading: the miles of earlier, replaced odometers added. */
export function lifetimeMileage(day: string, odometer: number, replacements: readonly OdometerReplacement[]): number {
  return odometer + replacements.reduce((sum, r) => (day >= r.day ? sum + r.miles : sum), 0);
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Beyond twice or below half the median, once there are three figures to judge by. */
export function isOutlier(value: number, middle: number | null, count: number): boolean {
  return middle !== null && count >= 3 && (value > middle * 2 || value < middle / 2);
}

/** One chain per kind (a plug-in hybrid's fuel and charges are separate), in date and mileage order. */
function chain(entries: EconomyInput[], replacements: readonly OdometerReplacement[], out: Map<string, Economy>): void {
  const ordered = entries
    .map((entry) => ({ entry, miles: lifetimeMileage(entry.date, entry.odometer, replacements) }))
    .sort((a, b) => a.entry.date.localeCompare(b.entry.date) || a.miles - b.miles);
  let anchor: number | null = null;
  let put = 0;
  let previous: number | null = null;
  for (const { entry, miles } of ordered) {
    let note: EconomyNote | null = null;
    let economy: number | null = null;
    let distance: number | null = null;
    if (previous !== null && miles <= previous) {
      note = 'backwards';
      anchor = null;
    } else if (entry.missedBefore) {
      note = 'missed';
      anchor = null;
    } else if (anchor === null) {
      note = 'first';
    } else if (!entry.fullFill) {
      note = 'partial';
      put += entry.quantity;
    } else {
      put += entry.quantity;
      distance = miles - anchor;
      economy = distance / put;
    }
    if (entry.fullFill) {
      anchor = miles;
      put = 0;
    }
    // A lower reading starts a new story: later readings are judged against it.
    previous = miles;
    out.set(entry.id, { economy, distance, outlier: false, note });
  }
}

/** Economy of every entry by id (miles per gallon or per kWh), outliers flagged per kind. */
export function computeEconomy(entries: readonly EconomyInput[], replacements: readonly OdometerReplacement[] = []): Map<string, Economy> {
  const out = new Map<string, Economy>();
  for (const kind of ['fuel', 'charge'] as const) {
    const own = entries.filter((entry) => entry.kind === kind);
    const results = new Map<string, Economy>();
    chain(own, replacements, results);
    const figures = [...results.values()].flatMap((e) => (e.economy === null ? [] : [e.economy]));
    const middle = median(figures);
    for (const [id, result] of results) {
      out.set(id, { ...result, outlier: result.economy !== null && isOutlier(result.economy, middle, figures.length) });
    }
  }
  return out;
}

/** The average over whole chains: all the miles over all the fuel that has an economy. */
export function averageEconomy(entries: readonly EconomyInput[], economies: Map<string, Economy>, kind: FuelKind): number | null {
  let miles = 0;
  let put = 0;
  for (const entry of entries) {
    const e = economies.get(entry.id);
    if (entry.kind !== kind || !e || e.economy === null || e.distance === null || e.outlier) continue;
    miles += e.distance;
    put += e.distance / e.economy;
  }
  return put > 0 ? miles / put : null;
}
