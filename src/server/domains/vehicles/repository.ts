import { sql } from 'kysely';
import {
  DEFAULT_DIAGRAM_POSITION,
  diagramPositionSchema,
  serviceIntervalSchema,
  walkthroughChapterSchema,
  type DiagramPosition,
  type Vehicle,
  type VehicleComponent,
  type VehicleSelection,
  type VideoWalkthrough,
  type WalkthroughChapter,
} from '../../../shared/vehicles.ts';
import type { Executor } from '../../db/index.ts';
import { toVehicle, vehicleColumns } from '../../lib/vehicles.ts';
import type { JsonObject, VehicleComponentsTable, VideoWalkthroughsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import type { ComponentDraft } from './components.ts';
import type { WalkthroughDraft } from './walkthroughs.ts';

export async function findVehicleByVin(db: Executor, vin: string): Promise<Vehicle | null> {
  const row = await db.selectFrom('vehicles').select(vehicleColumns).where('vin', '=', vin).executeTakeFirst();
  return row ? toVehicle(row) : null;
}


/** The most a search answers: one make, model and year can gather many decoded VINs. */
export const SEARCH_LIMIT = 50;

/** Stored vehicles of a year, make and model (case-insensitive), oldest first, as the index orders them. */
export async function searchVehicles(db: Executor, selection: VehicleSelection, limit = SEARCH_LIMIT): Promise<Vehicle[]> {
  const rows = await db
    .selectFrom('vehicles')
    .select(vehicleColumns)
    .where(sql<string>`lower(make)`, '=', selection.make.toLowerCase())
    .where(sql<string>`lower(model)`, '=', selection.model.toLowerCase())
    .where('year', '=', selection.year)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toVehicle);
}

/** A vehicle about to be stored: the answer's fields with the decoded details kept beside them. */
export type VehicleDraft = Omit<Vehicle, 'id' | 'createdAt' | 'updatedAt'> & { details: JsonObject };

function vehicleValues(draft: VehicleDraft) {
  return {
    vin: draft.vin,
    year: draft.year,
    make: draft.make,
    model: draft.model,
    trim: draft.trim,
    engine: draft.engine,
    transmission: draft.transmission,
    drivetrain: draft.drivetrain,
    body_style: draft.bodyStyle,
    details: JSON.stringify(draft.details),
  };
}

/** Inserts a decoded vehicle; null when another request stored the same VIN first. */
export async function insertDecodedVehicle(db: Executor, draft: VehicleDraft & { vin: string }): Promise<Vehicle | null> {
  const row = await db
    .insertInto('vehicles')
    .values(vehicleValues(draft))
    .onConflict((oc) => oc.column('vin').doNothing())
    .returning(vehicleColumns)
    .executeTakeFirst();
  return row ? toVehicle(row) : null;
}

/**
 * Inserts a manual choice (no VIN); null when another request stored the same year, make and model
 * first (migration 0004 keeps one such row per choice).
 */
export async function insertManualVehicle(db: Executor, draft: VehicleDraft & { vin: null }): Promise<Vehicle | null> {
  const row = await db
    .insertInto('vehicles')
    .values(vehicleValues(draft))
    .onConflict((oc) =>
      oc
        .expression(sql`lower(make), lower(model), year`)
        .where('vin', 'is', null)
        .doNothing(),
    )
    .returning(vehicleColumns)
    .executeTakeFirst();
  return row ? toVehicle(row) : null;
}

export async function findManualVehicle(db: Executor, selection: VehicleSelection): Promise<Vehicle | null> {
  const row = await db
    .selectFrom('vehicles')
    .select(vehicleColumns)
    .where('vin', 'is', null)
    .where(sql<string>`lower(make)`, '=', selection.make.toLowerCase())
    .where(sql<string>`lower(model)`, '=', selection.model.toLowerCase())
    .where('year', '=', selection.year)
    .executeTakeFirst();
  return row ? toVehicle(row) : null;
}

export async function insertComponents(db: Executor, vehicleId: string, drafts: readonly ComponentDraft[]): Promise<void> {
  if (drafts.length === 0) return;
  await db
    .insertInto('vehicle_components')
    .values(
      drafts.map((draft, index) => ({
        vehicle_id: vehicleId,
        name: draft.name,
        category: draft.category,
        description: draft.description,
        specifications: JSON.stringify(draft.specifications),
        service_intervals: JSON.stringify(draft.serviceIntervals),
        common_issues: draft.commonIssues,
        diagram_position: JSON.stringify(draft.diagramPosition),
        sort_order: index,
      })),
    )
    .execute();
}

export async function insertWalkthrough(db: Executor, vehicleId: string, draft: WalkthroughDraft): Promise<void> {
  await db
    .insertInto('video_walkthroughs')
    .values({
      vehicle_id: vehicleId,
      title: draft.title,
      description: draft.description,
      video_url: draft.videoUrl,
      duration: draft.duration,
      chapters: JSON.stringify(draft.chapters),
    })
    .execute();
}

// ---- Reading JSON columns back ------------------------------------------------------------

function stringMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') out[key] = String(item);
  }
  return out;
}

/**
 * Stored intervals are `{label: {text, miles, months}}`; a plain `{label: text}` (as a hand-made row
 * might hold) still reads, with no machine-readable limits.
 */
function readIntervals(value: unknown): Pick<VehicleComponent, 'serviceIntervals' | 'serviceSchedule'> {
  const serviceIntervals: Record<string, string> = {};
  const serviceSchedule: VehicleComponent['serviceSchedule'] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { serviceIntervals, serviceSchedule };
  for (const [label, item] of Object.entries(value)) {
    const parsed = serviceIntervalSchema.safeParse(item);
    if (parsed.success) {
      serviceIntervals[label] = parsed.data.text;
      serviceSchedule.push({ label, ...parsed.data });
    } else if (typeof item === 'string') {
      serviceIntervals[label] = item;
      serviceSchedule.push({ label, text: item, miles: null, months: null });
    }
  }
  return { serviceIntervals, serviceSchedule };
}

function readPosition(value: unknown): DiagramPosition {
  const parsed = diagramPositionSchema.partial().safeParse(value);
  return { ...DEFAULT_DIAGRAM_POSITION, ...(parsed.success ? parsed.data : {}) };
}

function readChapters(value: unknown): WalkthroughChapter[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = walkthroughChapterSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

const componentColumns = [
  'id',
  'vehicle_id',
  'name',
  'category',
  'description',
  'specifications',
  'service_intervals',
  'common_issues',
  'diagram_position',
  'created_at',
] as const;

type ComponentColumns = Pick<Selectable<VehicleComponentsTable>, (typeof componentColumns)[number]>;

function toComponent(row: ComponentColumns): VehicleComponent {
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    name: row.name,
    category: row.category,
    description: row.description,
    specifications: stringMap(row.specifications),
    ...readIntervals(row.service_intervals),
    commonIssues: row.common_issues,
    diagramPosition: readPosition(row.diagram_position),
    createdAt: row.created_at,
  };
}

export async function listComponents(db: Executor, vehicleId: string): Promise<VehicleComponent[]> {
  const rows = await db
    .selectFrom('vehicle_components')
    .select(componentColumns)
    .where('vehicle_id', '=', vehicleId)
    .orderBy('sort_order')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toComponent);
}

const walkthroughColumns = ['id', 'vehicle_id', 'title', 'description', 'video_url', 'duration', 'chapters', 'created_at'] as const;

type WalkthroughColumns = Pick<Selectable<VideoWalkthroughsTable>, (typeof walkthroughColumns)[number]>;

function toWalkthrough(row: WalkthroughColumns): VideoWalkthrough {
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    title: row.title,
    description: row.description,
    videoUrl: row.video_url,
    duration: row.duration,
    chapters: readChapters(row.chapters),
    createdAt: row.created_at,
  };
}

export async function listWalkthroughs(db: Executor, vehicleId: string): Promise<VideoWalkthrough[]> {
  const rows = await db
    .selectFrom('video_walkthroughs')
    .select(walkthroughColumns)
    .where('vehicle_id', '=', vehicleId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toWalkthrough);
}

/** A component's service history, newest first; null when the component is not the vehicle's. */
