import { CATALOG_YEAR_COUNT, VEHICLE_MAKES, ZOOM, type VehicleMake } from './vehicles.ts';

/** The vehicle picker: the years and makes it offers, and the diagram zoom steps. */

export function catalogYears(now: Date = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: CATALOG_YEAR_COUNT }, (_, i) => current - i);
}

/** The make as the catalog spells it, matched without regard to case; null when it is not offered. */
export function catalogMake(make: string): VehicleMake | null {
  const wanted = make.trim().toLowerCase();
  return VEHICLE_MAKES.find((m) => m.toLowerCase() === wanted) ?? null;
}

/** The next zoom level, kept within bounds and free of floating-point dust (1.2000000000000002). */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const next = Math.round((zoom + direction * ZOOM.step) * 10) / 10;
  return Math.min(ZOOM.max, Math.max(ZOOM.min, next));
}
