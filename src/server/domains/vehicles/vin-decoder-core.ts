import { modelYearCandidates } from '../../../shared/vin';
import type { Statement, VpicDb } from './vin-decoder-db';
import { EL, type ElementValue } from './vin-decoder-elements';
import { compareRanked, formulaValue, keyMatches, type RankedItem, vinPatternKeys, vinWmi } from './vin-decoder-match';

/** Elements vPIC fills from the WMI or the model, never from a pattern (spVinDecode_Core). */
const NOT_FROM_PATTERNS = new Set<number>([EL.make, EL.manufacturer, EL.modelYear, EL.vehicleType]);
/** vPIC's fixed priorities for sources other than plain patterns (which use their schema's first year). */
const PRIORITY = { formula: 100, engineModel: 50 } as const;
/** Vehicle types that follow the position-7 model-year rule: passenger car, MPV, light truck. */
const CAR_MPV = new Set([2, 7]);
const TRUCK = 3;
const LIGHT_TRUCK_TYPE = 1;

export interface WmiRow {
  Id: number;
  ManufacturerId: number | null;
  MakeId: number | null;
  VehicleTypeId: number | null;
  TruckTypeId: number | null;
  CountryId: number | null;
}
interface SchemaRow {
  VinSchemaId: number;
  YearFrom: number;
  YearTo: number | null;
}
interface PatternRow {
  Id: number;
  Keys: string;
  ElementId: number;
  AttributeId: string;
  ChangedOn: string | null;
}
interface ElementRow {
  Id: number;
  LookupTable: string | null;
  Decode: string | null;
  IsPrivate: number | null;
  weight: number | null;
}
interface EngineSpecRow {
  Name: string;
  ElementId: number;
  AttributeId: string;
  ChangedOn: string | null;
}
interface ConversionRow {
  Id: number;
  FromElementId: number;
  ToElementId: number;
  Formula: string;
}
interface IdName {
  Id: number;
  Name: string;
}
interface NameRow {
  Name: string;
}

interface Item extends RankedItem {
  elementId: number;
  attributeId: string;
}

export interface PassResult {
  year: number | null;
  values: Map<number, ElementValue>;
  hasModel: boolean;
  weight: number;
  patterns: number;
}

export type CoreResult =
  | { kind: 'unknown-wmi'; wmi: string }
  | {
      kind: 'matched';
      wmi: string;
      wmiRow: WmiRow;
      best: PassResult;
      /** Other model years position 10 allows for which the data also names a model. */
      otherDecodedYears: number[];
    };

/** Small lookup tables, read once: the element values of a decode resolve without further queries. */
const PRELOADED_LOOKUPS = [
  'BatteryType', 'BodyCab', 'BodyStyle', 'ChargerLevel', 'DriveType', 'ElectrificationLevel',
  'EngineConfiguration', 'EVDriveUnit', 'FuelType', 'GrossVehicleWeightRating', 'Transmission', 'Turbo',
  'VehicleType',
] as const;

export class VpicCore {
  private readonly wmiByCode: Statement<WmiRow>;
  private readonly schemasByWmi: Statement<SchemaRow>;
  private readonly patternsBySchema: Statement<PatternRow>;
  private readonly makeOfModel: Statement<NameRow>;
  private readonly makesOfWmi: Statement<NameRow>;
  private readonly nameById: Record<'Model' | 'Make' | 'Manufacturer' | 'Country', Statement<NameRow>>;
  private readonly elements = new Map<number, ElementRow>();
  private readonly lookups = new Map<string, Map<string, string>>();
  private readonly engineSpecs = new Map<string, EngineSpecRow[]>();
  private readonly conversions: ConversionRow[];

  constructor(db: VpicDb) {
    this.wmiByCode = db.prepare<WmiRow>(
      `SELECT Id, ManufacturerId, MakeId, VehicleTypeId, TruckTypeId, CountryId FROM Wmi
       WHERE Wmi = ? AND (PublicAvailabilityDate IS NULL OR PublicAvailabilityDate <= ?)`,
    );
    this.schemasByWmi = db.prepare<SchemaRow>(
      `SELECT wvs.VinSchemaId, wvs.YearFrom, wvs.YearTo FROM Wmi_VinSchema wvs
       JOIN VinSchema vs ON vs.Id = wvs.VinSchemaId AND COALESCE(vs.TobeQCed, 0) = 0
       WHERE wvs.WmiId = ?`,
    );
    this.patternsBySchema = db.prepare<PatternRow>(
      `SELECT Id, Keys, ElementId, AttributeId, COALESCE(UpdatedOn, CreatedOn) AS ChangedOn
       FROM Pattern WHERE VinSchemaId = ?`,
    );
    this.makeOfModel = db.prepare<NameRow>(
      `SELECT mk.Name FROM Make_Model mm JOIN Make mk ON mk.Id = mm.MakeId WHERE mm.ModelId = ? ORDER BY mm.Id LIMIT 1`,
    );
    this.makesOfWmi = db.prepare<NameRow>(
      `SELECT mk.Name FROM Wmi_Make wm JOIN Make mk ON mk.Id = wm.MakeId WHERE wm.WmiId = ?`,
    );
    this.nameById = {
      Model: db.prepare<NameRow>('SELECT Name FROM Model WHERE Id = ?'),
      Make: db.prepare<NameRow>('SELECT Name FROM Make WHERE Id = ?'),
      Manufacturer: db.prepare<NameRow>('SELECT Name FROM Manufacturer WHERE Id = ?'),
      Country: db.prepare<NameRow>('SELECT Name FROM Country WHERE Id = ?'),
    };
    for (const row of db.prepare<ElementRow>('SELECT Id, LookupTable, Decode, IsPrivate, weight FROM Element').all()) {
      this.elements.set(row.Id, row);
    }
    const tables = db.tableNames();
    for (const table of PRELOADED_LOOKUPS) {
      if (!tables.has(table)) continue;
      const rows = db.prepare<IdName>(`SELECT Id, Name FROM "${table}"`).all();
      this.lookups.set(table, new Map(rows.map((r) => [String(r.Id), r.Name])));
    }
    const specs = db.prepare<EngineSpecRow>(
      `SELECT em.Name, p.ElementId, p.AttributeId, COALESCE(p.UpdatedOn, p.CreatedOn) AS ChangedOn
       FROM EngineModel em JOIN EngineModelPattern p ON p.EngineModelId = em.Id ORDER BY p.Id`,
    );
    for (const row of specs.all()) {
      const key = row.Name.trim().toLowerCase();
      const list = this.engineSpecs.get(key) ?? [];
      list.push(row);
      this.engineSpecs.set(key, list);
    }
    this.conversions = db.prepare<ConversionRow>('SELECT Id, FromElementId, ToElementId, Formula FROM Conversion ORDER BY Id').all();
  }

  name(table: keyof VpicCore['nameById'], id: number | null): string | null {
    return id === null ? null : (this.nameById[table].get(id)?.Name ?? null);
  }

  /** Runs vPIC's model-year passes and keeps the best one, as spVinDecode does. */
  decode(vin: string, now: Date): CoreResult {
    const wmi = vinWmi(vin);
    const wmiRow = this.wmiByCode.get(wmi, now.toISOString().replace('T', ' ').slice(0, 19));
    if (!wmiRow) return { kind: 'unknown-wmi', wmi };

    const schemas = this.schemasByWmi.all(wmiRow.Id);
    const hasSchemas = (year: number) => schemas.some((s) => inRange(s, year));
    const candidates = modelYearCandidates(vin, now);
    const carOrLightTruck =
      CAR_MPV.has(wmiRow.VehicleTypeId ?? 0) || (wmiRow.VehicleTypeId === TRUCK && wmiRow.TruckTypeId === LIGHT_TRUCK_TYPE);

    let years: (number | null)[];
    const [first, second] = candidates;
    if (first === undefined) {
      years = [null];
    } else if (carOrLightTruck || second === undefined) {
      // Position 7 settles it, unless the maker has no schema that year but has one 30 years apart.
      years = [second !== undefined && !hasSchemas(first) && hasSchemas(second) ? second : first];
    } else {
      years = [first, second];
    }

    const passes = years.map((year) => this.pass(vin, wmiRow, schemas.filter((s) => year === null || inRange(s, year)), year));
    const best = passes.reduce((a, b) => (betterPass(b, a) ? b : a));
    const otherDecodedYears = passes.flatMap((p) => (p !== best && p.hasModel && p.year !== null ? [p.year] : []));
    return { kind: 'matched', wmi, wmiRow, best, otherDecodedYears };
  }

  private pass(vin: string, wmiRow: WmiRow, schemas: SchemaRow[], year: number | null): PassResult {
    const target = vinPatternKeys(vin);
    const items: Item[] = [];
    for (const schema of schemas) {
      for (const row of this.patternsBySchema.all(schema.VinSchemaId)) {
        if (!this.usableElement(row.ElementId) || !keyMatches(row.Keys, target)) continue;
        const formula = row.Keys.includes('#');
        items.push({
          elementId: row.ElementId,
          attributeId: formula ? formulaValue(row.Keys, target) : row.AttributeId,
          priority: formula ? PRIORITY.formula : schema.YearFrom,
          changedOn: row.ChangedOn ?? '',
          keys: row.Keys,
          order: row.Id,
        });
      }
    }
    const engineModel = best(items.filter((i) => i.elementId === EL.engineModel));
    for (const spec of engineModel ? (this.engineSpecs.get(engineModel.attributeId.trim().toLowerCase()) ?? []) : []) {
      items.push({
        elementId: spec.ElementId,
        attributeId: spec.AttributeId,
        priority: PRIORITY.engineModel,
        changedOn: spec.ChangedOn ?? '',
        keys: engineModel?.keys ?? '',
        order: items.length,
      });
    }

    const chosen = new Map<number, Item>();
    for (const item of items) {
      const current = chosen.get(item.elementId);
      if (!current || compareRanked(item, current) < 0) chosen.set(item.elementId, item);
    }
    const patterns = chosen.size;

    const values = new Map<number, ElementValue>();
    for (const [id, item] of chosen) values.set(id, { attributeId: item.attributeId, text: this.resolve(id, item.attributeId) });

    const modelId = values.get(EL.model)?.attributeId;
    const makeFromModel = modelId === undefined ? undefined : this.makeOfModel.get(Number(modelId))?.Name;
    const wmiMakes = makeFromModel === undefined ? this.makesOfWmi.all(wmiRow.Id) : [];
    const make = makeFromModel ?? (wmiMakes.length === 1 ? wmiMakes[0]?.Name : undefined);
    if (make !== undefined) values.set(EL.make, { attributeId: make, text: make });
    this.applyConversions(values);
    if (year !== null) values.set(EL.modelYear, { attributeId: String(year), text: String(year) });
    const vehicleType = this.resolve(EL.vehicleType, String(wmiRow.VehicleTypeId ?? ''));
    if (vehicleType) values.set(EL.vehicleType, { attributeId: String(wmiRow.VehicleTypeId), text: vehicleType });

    let weight = 0;
    for (const id of values.keys()) weight += this.elements.get(id)?.weight ?? 0;
    return { year, values, hasModel: values.has(EL.model), weight, patterns };
  }

  private usableElement(id: number): boolean {
    const element = this.elements.get(id);
    return element !== undefined && element.Decode !== null && element.IsPrivate !== 1 && !NOT_FROM_PATTERNS.has(id);
  }

  private resolve(elementId: number, attributeId: string): string {
    const table = this.elements.get(elementId)?.LookupTable;
    if (!table) return attributeId;
    if (table === 'Model' || table === 'Make' || table === 'Manufacturer' || table === 'Country') {
      return this.name(table, Number(attributeId)) ?? attributeId;
    }
    return this.lookups.get(table)?.get(attributeId) ?? attributeId;
  }

  /** Fills a missing unit from another (e.g. litres from cc) with vPIC's own formulas ("#x# / 1000."). */
  private applyConversions(values: Map<number, ElementValue>): void {
    for (const c of this.conversions) {
      const from = values.get(c.FromElementId);
      if (!from || values.has(c.ToElementId)) continue;
      const match = /^#x#\s*([*/])\s*([\d.]+)\s*$/.exec(c.Formula.trim());
      const x = Number(from.attributeId);
      const factor = Number(match?.[2]);
      if (!match || !Number.isFinite(x) || !Number.isFinite(factor) || factor === 0) continue;
      const result = (match[1] === '*' ? x * factor : x / factor).toFixed(2);
      values.set(c.ToElementId, { attributeId: result, text: result });
    }
  }
}

function inRange(schema: SchemaRow, year: number): boolean {
  return year >= schema.YearFrom && year <= (schema.YearTo ?? 2999);
}

function best(items: Item[]): Item | undefined {
  return items.reduce<Item | undefined>((a, b) => (a === undefined || compareRanked(b, a) < 0 ? b : a), undefined);
}

/** spVinDecode's choice between passes: a decoded model, then element weight, pattern count, later year. */
function betterPass(a: PassResult, b: PassResult): boolean {
  if (a.hasModel !== b.hasModel) return a.hasModel;
  if (a.weight !== b.weight) return a.weight > b.weight;
  if (a.patterns !== b.patterns) return a.patterns > b.patterns;
  return (a.year ?? 0) > (b.year ?? 0);
}
