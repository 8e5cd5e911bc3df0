import { TRPCError } from '@trpc/server';
import { catalogMake, catalogYears } from '../../../shared/vehicle-catalog.ts';
import { CATALOG_MODELS, VEHICLE_MAKES, type IdentifiedVehicle, type PartialDecodeDetails, type Vehicle, type VehicleSelection } from '../../../shared/vehicles.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { componentSet, isElectricVehicle } from './components.ts';
import {
  findManualVehicle,
  findVehicleByVin,
  insertComponents,
  insertDecodedVehicle,
  insertManualVehicle,
  insertWalkthrough,
  searchVehicles,
  type VehicleDraft,
} from './repository.ts';
import { checkDigitWarning, type DecodedVehicle, type VinDecoder } from './vin-decoder.ts';
import { walkthroughFor } from './walkthroughs.ts';

/** Where the service gets its decoder: the process-wide one in the app, a counting one in tests. */
export type DecoderSource = () => Promise<VinDecoder>;

export const DECODER_UNAVAILABLE_MESSAGE =
  'The VIN decoder is not available right now. Please try again in a minute, or choose the vehicle manually.';

async function loadDecoder(source: DecoderSource): Promise<VinDecoder> {
  try {
    return await source();
  } catch (error) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: DECODER_UNAVAILABLE_MESSAGE, cause: error });
  }
}

/**
 * Stores a vehicle with its component set and walkthrough in one transaction, so no stored vehicle
 * is ever without them. `insert` answers null when a concurrent request stored the same vehicle
 * first; `existing` then reads that one.
 */
async function storeWithParts<D extends VehicleDraft>(
  db: Database,
  draft: D,
  insert: (trx: Executor, draft: D) => Promise<Vehicle | null>,
  existing: () => Promise<Vehicle | null>,
  details: DecodedVehicle['details'] | null,
): Promise<Vehicle> {
  const created = await db.transaction().execute(async (trx) => {
    const vehicle = await insert(trx, draft);
    if (!vehicle) return null;
    const electric = isElectricVehicle({ model: draft.model, details });
    await insertComponents(trx, vehicle.id, componentSet({ ...draft, details }));
    await insertWalkthrough(trx, vehicle.id, walkthroughFor(draft, electric));
    return vehicle;
  });
  if (created) return created;
  const stored = await existing();
  if (!stored) throw new Error('vehicle conflict without a stored row');
  return stored;
}

function storedWarnings(vin: string): string[] {
  const warning = checkDigitWarning(vin);
  return warning ? [warning] : [];
}

/**
 * Identifies a (normalised, well-formed) VIN: a stored vehicle answers without the decoder;
 * otherwise a full decode is stored with its parts, and a decode that cannot name the model
 * answers 422 with what it did establish.
 */
export async function identifyByVin(db: Database, decoders: DecoderSource, vin: string): Promise<IdentifiedVehicle> {
  const stored = await findVehicleByVin(db, vin);
  if (stored) return { ...stored, warnings: storedWarnings(vin) };

  const result = await (await loadDecoder(decoders)).decode(vin);
  switch (result.kind) {
    case 'invalid':
      throw new TRPCError({ code: 'BAD_REQUEST', message: result.message });
    case 'unknown-manufacturer':
      throw domainError('UNPROCESSABLE_CONTENT', result.message, { wmi: result.wmi });
    case 'partial': {
      const details: PartialDecodeDetails = { ...result.partial };
      throw domainError('UNPROCESSABLE_CONTENT', result.message, { ...details });
    }
    case 'decoded': {
      const decoded = result.vehicle;
      const draft = {
        vin,
        year: decoded.year,
        make: decoded.make,
        model: decoded.model,
        trim: decoded.trim,
        engine: decoded.engine,
        transmission: decoded.transmission,
        drivetrain: decoded.drivetrain,
        bodyStyle: decoded.bodyStyle,
        details: { ...decoded.details, manufacturer: decoded.manufacturer, plantCountry: decoded.plantCountry },
      };
      const vehicle = await storeWithParts(db, draft, insertDecodedVehicle, () => findVehicleByVin(db, vin), decoded.details);
      return { ...vehicle, warnings: [...result.warnings] };
    }
  }
}

export interface Catalog {
  years: number[];
  makes: string[];
}

export function catalog(now: Date = new Date()): Catalog {
  return { years: catalogYears(now), makes: [...VEHICLE_MAKES] };
}

function requireCatalogMake(make: string) {
  const known = catalogMake(make);
  if (!known) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `Make must be one of: ${VEHICLE_MAKES.join(', ')}` });
  }
  return known;
}

/**
 * Models of a catalog make for a year, from vPIC, with the product's own list always among them
 * (docs/vehicles.md#identifying-a-vehicle).
 */
export async function catalogModels(decoders: DecoderSource, input: { year: number; make: string }): Promise<string[]> {
  const make = requireCatalogMake(input.make);
  const fromVpic = await (await loadDecoder(decoders)).modelsFor(make, input.year);
  const byKey = new Map<string, string>();
  for (const model of [...fromVpic, ...(CATALOG_MODELS[make] ?? [])]) {
    const key = model.toLowerCase();
    if (!byKey.has(key)) byKey.set(key, model);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }));
}

/**
 * A manual choice: the first stored vehicle of that year, make and model, else a new stored one
 * (vin null) with its parts. Only what the catalog offers may be stored.
 */
export async function chooseVehicle(
  db: Database,
  decoders: DecoderSource,
  selection: VehicleSelection,
  now: Date = new Date(),
): Promise<Vehicle> {
  const make = requireCatalogMake(selection.make);
  const years = catalogYears(now);
  if (!years.includes(selection.year)) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `Year must be between ${years.at(-1) ?? ''} and ${years[0] ?? ''}`,
    });
  }
  const [first] = await searchVehicles(db, { ...selection, make }, 1);
  if (first) return first;

  const wanted = selection.model.toLowerCase();
  const model = (await catalogModels(decoders, { year: selection.year, make })).find((m) => m.toLowerCase() === wanted);
  if (!model) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `Unknown model '${selection.model}' for a ${selection.year} ${make}: choose one from the list`,
    });
  }
  const choice = { year: selection.year, make, model };
  const draft = {
    ...choice,
    vin: null,
    trim: null,
    engine: null,
    transmission: null,
    drivetrain: null,
    bodyStyle: null,
    details: {},
  };
  return storeWithParts(db, draft, insertManualVehicle, () => findManualVehicle(db, choice), null);
}
