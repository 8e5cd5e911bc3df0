import type { ComponentName, DiagramPosition, ServiceInterval } from '../../../shared/vehicles.ts';
import type { VehicleDetails } from './vin-decoder.ts';

/** What every part of the component set is built from: the vehicle's facts and small readers of them. */

export interface ComponentSource {
  model: string;
  engine: string | null;
  transmission: string | null;
  drivetrain: string | null;
  bodyStyle: string | null;
  /** Decoded vPIC details; null for a manual choice. */
  details: VehicleDetails | null;
}

export interface ComponentDraft {
  name: ComponentName;
  category: string;
  description: string;
  specifications: Record<string, string>;
  serviceIntervals: Record<string, ServiceInterval>;
  commonIssues: string[];
  diagramPosition: DiagramPosition;
}

export function interval(text: string, miles: number | null, months: number | null): ServiceInterval {
  return { text, miles, months };
}

/** Drops unknown values so a specification list shows only what is known. */
export function known(entries: Record<string, string | number | null | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(entries)) {
    if (value !== null && value !== undefined && String(value).trim() !== '') out[key] = String(value);
  }
  return out;
}

export function fuelOf(d: VehicleDetails | null): string | null {
  if (!d?.fuelType) return null;
  return d.fuelTypeSecondary && d.fuelTypeSecondary !== d.fuelType ? `${d.fuelType} / ${d.fuelTypeSecondary}` : d.fuelType;
}

export function isDiesel(d: VehicleDetails | null): boolean {
  return /diesel/i.test(`${d?.fuelType ?? ''} ${d?.fuelTypeSecondary ?? ''}`);
}

export function transmissionKind(source: ComponentSource): 'manual' | 'cvt' | 'automatic' | 'unknown' {
  const text = `${source.transmission ?? ''} ${source.details?.transmissionStyle ?? ''}`;
  if (/manual/i.test(text) && !/automated/i.test(text)) return 'manual';
  if (/cvt|continuously/i.test(text)) return 'cvt';
  if (/automatic|dual-clutch|dct|automated/i.test(text)) return 'automatic';
  return 'unknown';
}

/** A component without its place on the drawing (components.ts places it). */
export type ComponentPart = Omit<ComponentDraft, 'diagramPosition'>;
