import { sql } from 'kysely';
import { todayIn } from '../../shared/dates.ts';
import { dueSummary } from '../../shared/due.ts';
import type { Urgency } from '../../shared/garage.ts';
import type { Database, Executor } from '../db/index.ts';
import { dueItems } from './due-list.ts';
import { notify } from './notify.ts';
import { activeReminders } from './reminders-due.ts';

/**
 * The daily scan for due crossings (docs/reminders.md): every garage vehicle's computed services
 * and custom reminders; an item that has reached Soon, Due or Overdue since the last scan is
 * announced once. What was announced is kept per garage vehicle, item, due cycle (the due day and
 * mileage it counts to) and urgency under a primary key, so a second scan, or two at once, adds
 * nothing; a new cycle (a service recorded, a reminder marked done) starts over.
 */

type Level = Exclude<Urgency, 'ok'>;
const LEVELS: readonly Level[] = ['soon', 'due', 'overdue'];
const WORDS: Readonly<Record<Level, string>> = { soon: 'is due soon', due: 'is due', overdue: 'is overdue' };
/** More crossings than this for one vehicle in one scan are announced in one notification. */
const SEPARATE_AT_MOST = 3;

interface Crossing {
  itemKey: string;
  cycle: string;
  urgency: Level;
  name: string;
  summary: string;
}

interface GarageEntry {
  id: string;
  user_id: string;
  nickname: string;
}

export interface ScanOptions {
  /** Which day is today (default UTC). */
  timeZone?: string;
  /** Garage vehicles read per query (1 to 500, default 100). */
  batchSize?: number;
  /** The most vehicles one call scans (default 5,000); `next` says where to go on. */
  maxVehicles?: number;
  /** Continue after this garage vehicle id (a previous call's `next`). */
  after?: string | null;
}

export interface ScanResult {
  vehicles: number;
  notified: number;
  /** Null when every vehicle was scanned; otherwise pass it as `after` to continue. */
  next: string | null;
}

const cycleOf = (item: { dueDate: string | null; dueMileage: number | null }) => `${item.dueDate ?? ''}|${item.dueMileage ?? ''}`;

/** Records the crossings not yet announced (nor passed: an earlier Due hides a later Soon); answers those it recorded. */
async function record(db: Executor, garageVehicleId: string, crossings: Crossing[]): Promise<Crossing[]> {
  const recorded: Crossing[] = [];
  for (const crossing of crossings) {
    const atLeast = LEVELS.slice(LEVELS.indexOf(crossing.urgency));
    const result = await sql<{ urgency: string }>`
      INSERT INTO due_crossings (garage_vehicle_id, item_key, cycle, urgency)
      SELECT ${garageVehicleId}::uuid, ${crossing.itemKey}, ${crossing.cycle}, ${crossing.urgency}
      WHERE NOT EXISTS (
        SELECT 1 FROM due_crossings
        WHERE garage_vehicle_id = ${garageVehicleId}::uuid AND item_key = ${crossing.itemKey} AND cycle = ${crossing.cycle}
          AND urgency IN (${sql.join(atLeast)})
      )
      ON CONFLICT DO NOTHING
      RETURNING urgency`.execute(db);
    if (result.rows.length > 0) recorded.push(crossing);
  }
  return recorded;
}

/** One vehicle's new crossings and their notifications, in one transaction: both or neither. */
async function announce(db: Database, entry: GarageEntry, crossings: Crossing[]): Promise<number> {
  if (crossings.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const recorded = await record(trx, entry.id, crossings);
    const link = `/garage?vehicle=${entry.id}`;
    if (recorded.length > SEPARATE_AT_MOST) {
      const worst = LEVELS.filter((level) => recorded.some((c) => c.urgency === level)).at(-1)!;
      await notify(trx, {
        userId: entry.user_id,
        kind: 'service_due',
        title: `${recorded.length} services need attention: ${entry.nickname}`,
        body: `${recorded.map((c) => c.name).join(', ')} (the most urgent ${WORDS[worst].replace('is ', '')})`,
        link,
      });
      return 1;
    }
    for (const crossing of recorded) {
      await notify(trx, { userId: entry.user_id, kind: 'service_due', title: `${crossing.name} ${WORDS[crossing.urgency]}: ${entry.nickname}`, body: crossing.summary, link });
    }
    return recorded.length;
  });
}

/** The crossings of a batch of garage vehicles on `today`, by garage vehicle. */
async function crossingsOf(db: Executor, ids: string[], timeZone: string, today: string): Promise<Map<string, Crossing[]>> {
  const byVehicle = new Map<string, Crossing[]>();
  const add = (garageVehicleId: string, crossing: Crossing) => byVehicle.set(garageVehicleId, [...(byVehicle.get(garageVehicleId) ?? []), crossing]);
  for (const item of await dueItems(db, { garageVehicleIds: ids }, timeZone, today)) {
    if (item.urgency === 'ok') continue;
    add(item.garageVehicleId, {
      itemKey: `service:${item.componentId}:${item.service.toLowerCase()}`,
      cycle: cycleOf(item),
      urgency: item.urgency,
      name: item.service,
      summary: dueSummary(item),
    });
  }
  for (const reminder of await activeReminders(db, { garageVehicleIds: ids }, today)) {
    if (reminder.urgency === 'ok') continue;
    add(reminder.garageVehicleId, {
      itemKey: `reminder:${reminder.id}`,
      cycle: cycleOf(reminder),
      urgency: reminder.urgency,
      name: reminder.title,
      summary: dueSummary(reminder),
    });
  }
  return byVehicle;
}

/**
 * Scans garage vehicles in id order, a batch at a time, and announces new crossings. Bounded: at
 * most `maxVehicles` per call. Safe to run twice at once (the primary key decides who announces).
 */
export async function scanDueCrossings(db: Database, now: Date, options: ScanOptions = {}): Promise<ScanResult> {
  const timeZone = options.timeZone ?? 'UTC';
  const today = todayIn(timeZone, now);
  const batchSize = Math.min(Math.max(Math.trunc(options.batchSize ?? 100), 1), 500);
  const maxVehicles = Math.max(Math.trunc(options.maxVehicles ?? 5000), 1);
  let after = options.after ?? null;
  let vehicles = 0;
  let notified = 0;
  while (vehicles < maxVehicles) {
    const limit = Math.min(batchSize, maxVehicles - vehicles);
    let query = db.selectFrom('garage_vehicles').select(['id', 'user_id', 'nickname']).orderBy('id').limit(limit);
    if (after !== null) query = query.where('id', '>', after);
    const batch = await query.execute();
    if (batch.length === 0) return { vehicles, notified, next: null };
    const crossings = await crossingsOf(
      db,
      batch.map((entry) => entry.id),
      timeZone,
      today,
    );
    for (const entry of batch) notified += await announce(db, entry, crossings.get(entry.id) ?? []);
    vehicles += batch.length;
    after = batch.at(-1)!.id;
    if (batch.length < limit) return { vehicles, notified, next: null };
  }
  return { vehicles, notified, next: after };
}
