import type { Executor } from '../../db/index.ts';
import type { FuelRow, ImportedRow, ServiceRow } from './convert.ts';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at 14 columns. */
const CHUNK = 1_000;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** How many of these fingerprints this owner's vehicle already has. */
export async function countExisting(db: Executor, userId: string, vehicleId: string, kind: 'service' | 'fuel', keys: string[]): Promise<number> {
  let found = 0;
  for (const part of chunks(keys, 5_000)) {
    if (part.length === 0) continue;
    const table = kind === 'service' ? 'service_records' : 'fuel_entries';
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('vehicle_id', '=', vehicleId)
      .where('import_key', 'in', part)
      .executeTakeFirstOrThrow();
    found += Number(row.n);
  }
  return found;
}

/** Inserts what is not there yet (same fingerprint, same owner and vehicle); answers how many were added. */
export async function insertImported(db: Executor, userId: string, vehicleId: string, rows: ImportedRow[]): Promise<number> {
  let added = 0;
  const service = rows.filter((r): r is ServiceRow => r.kind === 'service');
  const fuel = rows.filter((r): r is FuelRow => r.kind === 'fuel');
  for (const part of chunks(service, CHUNK)) {
    const inserted = await db
      .insertInto('service_records')
      .values(
        part.map((r) => ({
          vehicle_id: vehicleId,
          user_id: userId,
          service_type: r.serviceType,
          description: r.description,
          mileage: r.mileage === null ? null : String(r.mileage),
          mileage_value: r.mileage,
          date: `${r.date}T12:00:00Z`,
          status: r.status,
          cost: r.cost,
          notes: r.notes,
          import_key: r.key,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'vehicle_id', 'import_key']).where('import_key', 'is not', null).doNothing())
      .returning('id')
      .execute();
    added += inserted.length;
  }
  for (const part of chunks(fuel, CHUNK)) {
    const inserted = await db
      .insertInto('fuel_entries')
      .values(
        part.map((r) => ({
          user_id: userId,
          vehicle_id: vehicleId,
          date: r.date,
          odometer: r.odometer,
          kind: 'fuel',
          quantity: r.quantity,
          total_price: r.totalPrice,
          full_fill: r.fullFill,
          missed_before: r.missedBefore,
          station: r.station,
          import_key: r.key,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'vehicle_id', 'import_key']).where('import_key', 'is not', null).doNothing())
      .returning('id')
      .execute();
    added += inserted.length;
  }
  return added;
}
