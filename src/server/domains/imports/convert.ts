import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { KM_PER_MILE, toCanonicalQuantity } from '../../../shared/fuel-economy.ts';
import { createFuelEntrySchema } from '../../../shared/fuel.ts';
import {
  fieldsOf,
  PRESET_COLUMNS,
  REQUIRED_FIELDS,
  IMPORT_FIELD_LABELS,
  type DateOrder,
  type DistanceUnit,
  type ImportField,
  type ImportKind,
  type ImportMapping,
  type ImportPreset,
  type ImportRowError,
  type VolumeUnit,
} from '../../../shared/imports.ts';
import { createServiceRecordSchema } from '../../../shared/service-records.ts';
import type { CsvTable } from '../../lib/csv-read.ts';

/**
 * From CSV rows to the values the manual forms would send, checked by the same schemas
 * (docs/data.md#import). Pure: no database, so the bench and the unit tests call it as it is.
 */

const normal = (header: string) => header.toLowerCase().replace(/[\s_\-./()]/g, '');

/** Guesses for "map the columns yourself": our field names, their labels and every preset's columns. */
function guesses(field: ImportField, kind: ImportKind): string[] {
  const fromPresets = Object.values(PRESET_COLUMNS).flatMap((preset) => preset[kind][field] ?? []);
  return [field, IMPORT_FIELD_LABELS[field], ...fromPresets];
}

/** The mapping used: the one sent (each column must be in the file), else the preset's columns found in the header. */
export function resolveMapping(headers: string[], kind: ImportKind, preset: ImportPreset, sent: ImportMapping | undefined): { mapping: ImportMapping } | { error: string } {
  const fields = fieldsOf(kind);
  const mapping: ImportMapping = {};
  if (sent) {
    for (const [field, column] of Object.entries(sent) as [ImportField, string | null][]) {
      if (column === null || column === '') continue;
      if (!fields.includes(field)) return { error: `${IMPORT_FIELD_LABELS[field]} is not a field of ${kind === 'service' ? 'a service record' : 'a fill-up'}` };
      if (!headers.includes(column)) return { error: `The file has no column "${column}"` };
      mapping[field] = column;
    }
  } else {
    const byNormal = new Map(headers.map((h) => [normal(h), h] as const));
    for (const field of fields) {
      const names = preset === 'custom' ? guesses(field, kind) : (PRESET_COLUMNS[preset][kind][field] ?? []);
      const found = names.map((name) => byNormal.get(normal(name))).find((h) => h !== undefined);
      if (found) mapping[field] = found;
    }
  }
  const missing = REQUIRED_FIELDS[kind].filter((field) => !mapping[field]);
  if (missing.length > 0) return { error: `Choose the column of ${missing.map((f) => IMPORT_FIELD_LABELS[f]).join(', ')}` };
  return { mapping };
}

/** Fuelly names its columns after the account's units; otherwise the person says. */
export function detectUnits(headers: string[], distance: DistanceUnit | undefined, volume: VolumeUnit | undefined): { distanceUnit: DistanceUnit; volumeUnit: VolumeUnit } {
  const names = new Set(headers.map(normal));
  return {
    distanceUnit: distance ?? (names.has('km') && !names.has('miles') ? 'km' : 'mi'),
    volumeUnit: volume ?? ((names.has('litres') || names.has('liters')) && !names.has('gallons') ? 'L' : 'gal'),
  };
}

class CellProblem extends Error {}

/** A day as YYYY-MM-DD from ISO dates, M/D/Y, D/M/Y or Y/M/D, with or without a time after it. */
export function parseDay(text: string, order: DateOrder): string {
  const value = text.trim().split(/[ T]/)[0] ?? '';
  const parts = value.split(/[/.-]/);
  if (parts.length !== 3 || parts.some((p) => !/^\d{1,4}$/.test(p))) throw new CellProblem(`"${text.trim()}" is not a date`);
  const [a, b, c] = parts.map(Number) as [number, number, number];
  let year: number, month: number, day: number;
  if (parts[0]!.length === 4 || order === 'ymd') [year, month, day] = [a, b, c];
  else if (order === 'dmy' || (order === 'auto' && a > 12)) [day, month, year] = [a, b, c];
  else [month, day, year] = [a, b, c];
  if (year < 100) year += year < 70 ? 2000 : 1900;
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const check = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== iso) throw new CellProblem(`"${text.trim()}" is not a real day`);
  return iso;
}

/** A number as spreadsheets write it: currency signs and thousands separators dropped. */
function parseNumber(text: string, what: string): number {
  const cleaned = text.trim().replace(/[$€£\s]/g, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) throw new CellProblem(`${what} "${text.trim()}" is not a number`);
  return Number(cleaned);
}

function parseBoolean(text: string, what: string): boolean {
  const value = text.trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(value)) return true;
  if (['false', 'no', 'n', '0', ''].includes(value)) return false;
  throw new CellProblem(`${what} "${text.trim()}" is not yes or no`);
}

const money = (text: string, what: string) => (Math.round(parseNumber(text, what) * 100) / 100).toFixed(2);

/** Our own export protects cells from spreadsheets' formulas with a leading apostrophe; undone here. */
const unprotect = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

export interface ImportOptions {
  kind: ImportKind;
  vehicleId: string;
  mapping: ImportMapping;
  distanceUnit: DistanceUnit;
  volumeUnit: VolumeUnit;
  dateOrder: DateOrder;
  timeZone: string;
}

export interface ServiceRow {
  kind: 'service';
  line: number;
  key: string;
  date: string;
  mileage: number | null;
  serviceType: string;
  description: string | null;
  cost: string | null;
  notes: string | null;
  status: 'completed' | 'scheduled' | 'urgent';
}
export interface FuelRow {
  kind: 'fuel';
  line: number;
  key: string;
  date: string;
  odometer: number;
  /** US gallons, 4 decimals. */
  quantity: string;
  totalPrice: string | null;
  fullFill: boolean;
  missedBefore: boolean;
  station: string | null;
}
export type ImportedRow = ServiceRow | FuelRow;

export interface Conversion {
  rows: ImportedRow[];
  invalid: number;
  errors: ImportRowError[];
}

function fingerprint(values: readonly unknown[], seen: Map<string, number>): string {
  const base = createHash('sha256').update(JSON.stringify(values)).digest('base64url').slice(0, 32);
  // The same content twice in one file is two rows (two identical fill-ups on one day), told apart by order.
  const n = (seen.get(base) ?? 0) + 1;
  seen.set(base, n);
  return n === 1 ? base : `${base}.${n}`;
}

/** Every row checked; valid ones converted to canonical units with their fingerprints. */
export function convertRows(table: CsvTable, options: ImportOptions, maxErrors: number): Conversion {
  const index = new Map(table.headers.map((h, i) => [h, i] as const));
  const columnOf = (field: ImportField) => options.mapping[field] ?? null;
  const rows: ImportedRow[] = [];
  const errors: ImportRowError[] = [];
  const seen = new Map<string, number>();
  let invalid = 0;
  const toMiles = (value: number) => (options.distanceUnit === 'km' ? Math.round(value / KM_PER_MILE) : value);

  for (const { line, cells } of table.rows) {
    const rowErrors: ImportRowError[] = [];
    const cell = (field: ImportField): string | null => {
      const column = columnOf(field);
      if (column === null) return null;
      const text = cells[index.get(column)!] ?? '';
      return text.trim() === '' ? null : unprotect(text);
    };
    const read = <T>(field: ImportField, parse: (text: string) => T): T | null => {
      const text = cell(field);
      if (text === null) return null;
      try {
        return parse(text);
      } catch (error) {
        if (!(error instanceof CellProblem)) throw error;
        rowErrors.push({ row: line, column: columnOf(field), message: error.message });
        return null;
      }
    };
    const report = (issues: z.core.$ZodIssue[], fieldOfPath: (path: string) => ImportField | null) => {
      for (const issue of issues) {
        const field = fieldOfPath(String(issue.path[0] ?? ''));
        rowErrors.push({ row: line, column: field ? columnOf(field) : null, message: issue.message });
      }
    };

    if (options.kind === 'service') {
      const input = {
        vehicleId: options.vehicleId,
        date: read('date', (t) => parseDay(t, options.dateOrder)) ?? undefined,
        mileage: read('mileage', (t) => toMiles(parseNumber(t, 'Mileage'))),
        serviceType: cell('serviceType') ?? '',
        description: cell('description'),
        cost: read('cost', (t) => money(t, 'Cost')),
        notes: cell('notes'),
        status: (cell('status')?.toLowerCase() ?? 'completed') as 'completed',
        timeZone: options.timeZone,
      };
      if (rowErrors.length === 0) {
        const parsed = createServiceRecordSchema.safeParse(input);
        if (!parsed.success) report(parsed.error.issues, (p) => (p === 'mileage' ? 'mileage' : (fieldsOf('service') as readonly string[]).includes(p) ? (p as ImportField) : null));
        else {
          const v = parsed.data;
          rows.push({
            kind: 'service',
            line,
            key: fingerprint(['service', v.date, v.mileage, v.serviceType, v.description, v.cost, v.notes, v.status], seen),
            date: v.date,
            mileage: v.mileage,
            serviceType: v.serviceType,
            description: v.description,
            cost: v.cost,
            notes: v.notes,
            status: v.status,
          });
        }
      }
    } else {
      const quantity = read('quantity', (t) => parseNumber(t, 'Quantity'));
      const pricePerUnit = read('pricePerUnit', (t) => parseNumber(t, 'Price per unit'));
      const partial = read('partialFill', (t) => parseBoolean(t, 'Partial fill'));
      const input = {
        vehicleId: options.vehicleId,
        date: read('date', (t) => parseDay(t, options.dateOrder)) ?? undefined,
        odometer: read('odometer', (t) => toMiles(parseNumber(t, 'Odometer'))) ?? undefined,
        kind: 'fuel' as const,
        quantity: quantity ?? undefined,
        unit: options.volumeUnit,
        totalPrice: read('totalPrice', (t) => money(t, 'Total price')),
        // Computed below from the price as written (Fuelly's has three decimals, the form's field two).
        pricePerUnit: null,
        fullFill: read('fullFill', (t) => parseBoolean(t, 'Filled to full')) ?? (partial === null ? true : !partial),
        missedBefore: read('missedBefore', (t) => parseBoolean(t, 'Missed fill-up')) ?? false,
        station: cell('station'),
        timeZone: options.timeZone,
      };
      if (rowErrors.length === 0) {
        const parsed = createFuelEntrySchema.safeParse(input);
        if (!parsed.success) report(parsed.error.issues, (p) => (p === 'unit' ? 'quantity' : (fieldsOf('fuel') as readonly string[]).includes(p) ? (p as ImportField) : null));
        else {
          const v = parsed.data;
          const typedQuantity = v.quantity;
          let totalPrice = v.totalPrice;
          if (totalPrice === null && pricePerUnit !== null) {
            const cents = Math.round(pricePerUnit * typedQuantity * 100);
            if (cents >= 10 ** 10) rowErrors.push({ row: line, column: columnOf('pricePerUnit'), message: 'Total price must be below 100,000,000' });
            totalPrice = (cents / 100).toFixed(2);
          }
          if (rowErrors.length === 0) {
            const canonical = toCanonicalQuantity(typedQuantity, v.unit).toFixed(4);
            rows.push({
              kind: 'fuel',
              line,
              key: fingerprint(['fuel', v.date, v.odometer, canonical, totalPrice, v.fullFill, v.missedBefore, v.station], seen),
              date: v.date,
              odometer: v.odometer,
              quantity: canonical,
              totalPrice,
              fullFill: v.fullFill,
              missedBefore: v.missedBefore,
              station: v.station,
            });
          }
        }
      }
    }
    if (rowErrors.length > 0) {
      invalid++;
      for (const error of rowErrors) if (errors.length < maxErrors) errors.push(error);
    }
  }
  return { rows, invalid, errors };
}
