import { IMPORT_LIMITS, type ImportPreview, type ImportRequestValues, type ImportSummary } from '../../../shared/imports.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { garageVehicleAccess } from '../../lib/garage-access.ts';
import { raiseOdometer } from '../../lib/garage-odometer.ts';
import { readCsv } from '../../lib/csv-read.ts';
import { convertRows, detectUnits, resolveMapping, type Conversion, type ImportedRow } from './convert.ts';
import { countExisting, insertImported } from './repository.ts';

interface Prepared {
  headers: string[];
  conversion: Conversion;
  mapping: ImportPreview['mapping'];
  distanceUnit: ImportPreview['distanceUnit'];
  volumeUnit: ImportPreview['volumeUnit'];
  rows: number;
  /** Whose history the rows join: the owner's, also when a household editor imports them. */
  ownerId: string;
}

/**
 * Reads, maps and checks the file; a file that cannot be read at all is a 400 with the reason. The
 * owner and household editors may import (docs/garage.md#sharing); a viewer gets 403, a stranger 404.
 */
async function prepare(db: Executor, userId: string, input: ImportRequestValues): Promise<Prepared> {
  const { ownerId } = await garageVehicleAccess(db, userId, { vehicleId: input.vehicleId }, 'edit');
  if (Buffer.byteLength(input.csv, 'utf8') > IMPORT_LIMITS.maxBytes) {
    throw domainError('BAD_REQUEST', `The file is larger than ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB: split it into smaller files`, { field: 'csv' });
  }
  const read = readCsv(input.csv, IMPORT_LIMITS.maxRows);
  if (!read.ok) throw domainError('BAD_REQUEST', read.message, { field: 'csv' });
  const { headers, rows } = read.table;
  if (rows.length === 0) throw domainError('BAD_REQUEST', 'The file has a header line but no rows', { field: 'csv' });
  const resolved = resolveMapping(headers, input.kind, input.preset, input.mapping);
  if ('error' in resolved) throw domainError('BAD_REQUEST', resolved.error, { field: 'mapping' });
  const units = detectUnits(headers, input.distanceUnit, input.volumeUnit);
  const conversion = convertRows(
    read.table,
    { kind: input.kind, vehicleId: input.vehicleId, mapping: resolved.mapping, ...units, dateOrder: input.dateOrder, timeZone: input.timeZone },
    IMPORT_LIMITS.shownErrors,
  );
  return { headers, conversion, mapping: resolved.mapping, ...units, rows: rows.length, ownerId };
}

function sampleOf(row: ImportedRow): Record<string, string | number | boolean | null> {
  const { kind: _kind, key: _key, ...shown } = row;
  return shown;
}

/** What an import would do, changing nothing. */
export async function previewImport(db: Database, userId: string, input: ImportRequestValues): Promise<ImportPreview> {
  const p = await prepare(db, userId, input);
  const duplicates = await countExisting(db, p.ownerId, input.vehicleId, input.kind, p.conversion.rows.map((r) => r.key));
  return {
    headers: p.headers,
    mapping: p.mapping,
    distanceUnit: p.distanceUnit,
    volumeUnit: p.volumeUnit,
    rows: p.rows,
    valid: p.conversion.rows.length,
    duplicates,
    invalid: p.conversion.invalid,
    errors: p.conversion.errors,
    sample: p.conversion.rows.slice(0, IMPORT_LIMITS.sampleRows).map(sampleOf),
  };
}

/**
 * Adds the valid rows in one transaction (all or none); rows with problems are skipped and listed,
 * rows imported before are skipped and counted.
 */
export async function runImport(db: Database, userId: string, input: ImportRequestValues): Promise<ImportSummary> {
  return db.transaction().execute(async (trx) => {
    const p = await prepare(trx, userId, input);
    const added = await insertImported(trx, p.ownerId, input.vehicleId, p.conversion.rows);
    const highest = new Map<string, number>();
    for (const row of p.conversion.rows) {
      const mileage = row.kind === 'fuel' ? row.odometer : row.status === 'completed' ? row.mileage : null;
      if (mileage !== null && mileage > (highest.get(row.date) ?? -1)) highest.set(row.date, mileage);
    }
    await raiseOdometer(trx, p.ownerId, input.vehicleId, [...highest].map(([day, mileage]) => ({ day, mileage })));
    return { rows: p.rows, added, duplicates: p.conversion.rows.length - added, invalid: p.conversion.invalid, errors: p.conversion.errors };
  });
}
