import { sql } from 'kysely';
import type { Executor } from '../../db/index.ts';
import { textCell, toCsv, type CsvCell } from '../../http/csv.ts';
import { ZipWriter } from '../../lib/zip.ts';
import { writeScansExport } from './export-scans.ts';

/**
 * Everything of an account as one ZIP (docs/data.md#export): JSON of each kind of row, CSV of each
 * garage vehicle's service records, fill-ups and expenses (the service and fuel files in the columns
 * the "VinTech export" import preset reads), and every file's bytes. Written entry by entry to
 * `write`, one file's bytes in memory at a time; the user's files are bounded by their quota. The
 * 3D scans' photos and models are written by export-scans.ts.
 */

export const EXPORT_COLUMNS = {
  service: ['date', 'mileage', 'service_type', 'description', 'cost', 'notes', 'status'],
  fuel: ['date', 'odometer', 'quantity', 'total_price', 'full_fill', 'missed_before', 'station'],
  expenses: ['date', 'category', 'amount', 'note'],
} as const;

/**
 * Rows of one kind an export holds: each kind's JSON is built in memory before it is deflated, so
 * this bounds the memory an export takes (100,000 records are about 40 MB of JSON).
 */
export const EXPORT_MAX_ROWS = 100_000;

/** The kind of row the account has more of than an export holds, or null. */
export async function exportTooLarge(db: Executor, userId: string): Promise<string | null> {
  for (const [table, label] of [
    ['service_records', 'service records'],
    ['fuel_entries', 'fuel entries'],
    ['vehicle_expenses', 'expenses'],
  ] as const) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    if (Number(row.n) > EXPORT_MAX_ROWS) return label;
  }
  return null;
}

const text = (value: string | null): CsvCell => (value === null ? null : textCell(value));
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** A folder name from the nickname: letters, digits and dashes, with the vehicle id to keep it unique. */
function folderOf(nickname: string, vehicleId: string): string {
  const slug = nickname.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase().slice(0, 40);
  return `${slug || 'vehicle'}-${vehicleId.slice(0, 8)}`;
}

function fileEntryName(id: string, name: string): string {
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').slice(0, 120) || 'file';
  return `files/${id}/${safe}`;
}

export async function writeAccountExport(db: Executor, userId: string, zip: ZipWriter, drain: () => Promise<void>): Promise<void> {
  const profile = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name as firstName', 'last_name as lastName', 'role', 'preferences', 'created_at as createdAt'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  zip.add('profile.json', json(profile));

  const garage = await db
    .selectFrom('garage_vehicles as g')
    .innerJoin('vehicles as v', 'v.id', 'g.vehicle_id')
    .select([
      'g.id as garageId',
      'g.vehicle_id as vehicleId',
      'v.vin',
      'v.year',
      'v.make',
      'v.model',
      'v.trim',
      'g.nickname',
      'g.odometer',
      'g.tracking_odometer as trackingOdometer',
      'g.known_services as knownServices',
      'g.odometer_offset as odometerOffset',
      'g.odometer_replaced_at as odometerReplacedAt',
      'g.created_at as createdAt',
    ])
    .where('g.user_id', '=', userId)
    .orderBy('g.created_at')
    .execute();
  const corrections = await db
    .selectFrom('garage_odometer_corrections as c')
    .innerJoin('garage_vehicles as g', 'g.id', 'c.garage_vehicle_id')
    .select(['c.garage_vehicle_id as garageId', 'c.from_mileage as fromMileage', 'c.to_mileage as toMileage', 'c.reason', 'c.created_at as createdAt'])
    .where('g.user_id', '=', userId)
    .orderBy('c.created_at')
    .execute();
  zip.add('vehicles.json', json(garage.map((g) => ({ ...g, folder: folderOf(g.nickname, g.vehicleId), odometerCorrections: corrections.filter((c) => c.garageId === g.garageId) }))));

  const records = await db
    .selectFrom('service_records')
    .select(['id', 'vehicle_id as vehicleId', day('date').as('date'), 'mileage_value as mileage', 'service_type as serviceType', 'description', 'cost', 'notes', 'status', 'component_id as componentId', 'service_center_id as serviceCenterId', 'created_at as createdAt'])
    .where('user_id', '=', userId)
    .orderBy('date')
    .orderBy('created_at')
    .execute();
  zip.add('service-records.json', json(records));
  const fuel = await db
    .selectFrom('fuel_entries')
    .select(['id', 'vehicle_id as vehicleId', day('date').as('date'), 'odometer', 'kind', 'quantity', 'total_price as totalPrice', 'full_fill as fullFill', 'missed_before as missedBefore', 'station', 'created_at as createdAt'])
    .where('user_id', '=', userId)
    .orderBy('date')
    .orderBy('odometer')
    .execute();
  zip.add('fuel-entries.json', json(fuel));
  const expenses = await db
    .selectFrom('vehicle_expenses')
    .select(['id', 'vehicle_id as vehicleId', day('date').as('date'), 'category', 'amount', 'note', 'created_at as createdAt'])
    .where('user_id', '=', userId)
    .orderBy('date')
    .execute();
  zip.add('expenses.json', json(expenses));
  const reminders = await db
    .selectFrom('custom_reminders')
    .select(['id', 'vehicle_id as vehicleId', 'title', 'notes', day('due_date').as('dueDate'), 'due_mileage as dueMileage', 'every_months as everyMonths', 'every_miles as everyMiles', 'done_at as doneAt', 'created_at as createdAt'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .limit(10_000)
    .execute();
  zip.add('reminders.json', json(reminders));

  // Per vehicle of the garage: the CSV files an import reads back.
  for (const g of garage) {
    const folder = `vehicles/${folderOf(g.nickname, g.vehicleId)}`;
    const own = <T extends { vehicleId: string }>(rows: T[]) => rows.filter((r) => r.vehicleId === g.vehicleId);
    zip.add(
      `${folder}/service-records.csv`,
      toCsv([[...EXPORT_COLUMNS.service], ...own(records).map((r) => [r.date, r.mileage, text(r.serviceType), text(r.description), r.cost, text(r.notes), r.status])]),
    );
    zip.add(
      `${folder}/fuel.csv`,
      toCsv([
        [...EXPORT_COLUMNS.fuel],
        ...own(fuel)
          .filter((f) => f.kind === 'fuel')
          .map((f) => [f.date, f.odometer, f.quantity, f.totalPrice, String(f.fullFill), String(f.missedBefore), text(f.station)]),
      ]),
    );
    zip.add(`${folder}/expenses.csv`, toCsv([[...EXPORT_COLUMNS.expenses], ...own(expenses).map((e) => [e.date, e.category, e.amount, text(e.note)])]));
    await drain();
  }

  const avatars = await db
    .selectFrom('avatar_profiles')
    .select(['id', 'display_name as displayName', 'style', 'personality', 'voice', 'tips_level as tipsLevel', 'is_active as isActive', 'created_at as createdAt'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  zip.add('avatars.json', json(avatars));
  const notifications = await db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'link', 'read_at as readAt', 'created_at as createdAt'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .limit(10_000)
    .execute();
  zip.add('notifications.json', json(notifications));
  const tokens = await db.selectFrom('api_tokens').select(['name', 'token_prefix as prefix', 'created_at as createdAt', 'last_used_at as lastUsedAt', 'revoked_at as revokedAt']).where('user_id', '=', userId).execute();
  zip.add('api-tokens.json', json(tokens));
  const requests = await db
    .selectFrom('customer_inquiries')
    .select(['id', 'service_center_id as serviceCenterId', 'vehicle_id as vehicleId', 'inquiry_type as inquiryType', 'subject', 'description', 'status', 'created_at as createdAt'])
    .where('customer_id', '=', userId)
    .orderBy('created_at')
    .limit(10_000)
    .execute();
  zip.add('requests.json', json(requests));

  const files = await db
    .selectFrom('files')
    .select(['id', 'name', 'content_type as contentType', 'byte_size as byteSize', 'created_at as createdAt'])
    .where('owner_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const attachments = await db
    .selectFrom('record_attachments as a')
    .innerJoin('files as f', 'f.id', 'a.file_id')
    .select(['a.file_id as fileId', 'a.record_id as recordId'])
    .where('f.owner_id', '=', userId)
    .execute();
  zip.add('files.json', json(files.map((f) => ({ ...f, path: fileEntryName(f.id, f.name), recordIds: attachments.filter((a) => a.fileId === f.id).map((a) => a.recordId) }))));
  for (const file of files) {
    const row = await db.selectFrom('file_contents').select('content').where('file_id', '=', file.id).executeTakeFirst();
    if (!row) continue;
    // Photos and PDFs are compressed already: stored as they are.
    zip.add(fileEntryName(file.id, file.name), Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength), { compress: false });
    await drain();
  }
  await writeScansExport(db, userId, zip, drain);
}
