import { MemoryCache, stringBytes } from '../../lib/memory-cache.ts';
import type { Statement, VpicDb } from './vin-decoder-db';

interface MakeModelYearRow {
  ModelName: string;
  YearFrom: number;
  YearTo: number | null;
}

/** vPIC vehicle types offered for manual selection: passenger car, truck, MPV (SUVs, minivans). */
const SELECTABLE_TYPES = '2, 3, 7';

/**
 * NHTSA leaves a model's newest schema open-ended (no last year) and, for a model still sold,
 * adds a newer schema every year or few; the open-ended schema of a retired model (2018 Focus,
 * 1999 Celica, 1980 Mercedes-Benz trucks) would otherwise list it for every later year. An
 * open-ended schema therefore counts for its first year and this many after; every model of the
 * catalog makes still sold in 2026 has a schema that started in 2023 or later.
 */
const OPEN_ENDED_SCHEMA_YEARS = 3;

function lastYear(row: MakeModelYearRow): number {
  return row.YearTo ?? row.YearFrom + OPEN_ENDED_SCHEMA_YEARS;
}

export class ModelCatalog {
  private readonly rowsByMake: Statement<MakeModelYearRow>;
  /** Bounded: the make is free text, so distinct inputs must not grow it without end. */
  private readonly memo = new MemoryCache<readonly string[]>({ maxEntries: 2_000, maxBytes: 4 * 1024 * 1024, ttlMs: Infinity });

  constructor(db: VpicDb) {
    this.rowsByMake = db.prepare<MakeModelYearRow>(
      `SELECT DISTINCT mmy.ModelName, mmy.YearFrom, mmy.YearTo FROM vintech_make_model_year mmy
       JOIN Make mk ON mk.Id = mmy.MakeId
       WHERE mk.Name = ? COLLATE NOCASE AND mmy.VehicleTypeId IN (${SELECTABLE_TYPES})`,
    );
  }

  /** Models of a make for a model year, sorted; unknown makes give an empty list. */
  modelsFor(make: string, year: number): string[] {
    const key = `${make.trim().toLowerCase()}|${year}`;
    let models = this.memo.get(key);
    if (!models) {
      models = this.compute(make.trim(), year);
      this.memo.set(key, models, models.reduce((bytes, model) => bytes + stringBytes(model), 64));
    }
    return [...models];
  }

  private compute(make: string, year: number): string[] {
    const rows = this.rowsByMake.all(make);
    let covering = rows.filter((r) => r.YearFrom <= year && year <= lastYear(r));
    if (covering.length === 0) {
      // vPIC lags the market: when no schema of the make reaches the requested (recent) year, answer
      // with the models of the newest year vPIC has for the make instead of an empty list.
      const newest = Math.max(...rows.filter((r) => r.YearFrom <= year).map(lastYear));
      if (Number.isFinite(newest)) covering = rows.filter((r) => r.YearFrom <= newest && newest <= lastYear(r));
    }
    return [...new Set(covering.map((r) => r.ModelName.trim()))].sort((a, b) =>
      a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }),
    );
  }
}
