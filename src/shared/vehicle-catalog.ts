import { CATALOG_YEAR_COUNT, VEHICLE_MAKES, ZOOM, type BodyKind, type VehicleMake } from './vehicles.ts';

/** The vehicle catalog as screens and the component set read it: years and makes offered, body kinds, zoom steps. */

export function catalogYears(now: Date = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: CATALOG_YEAR_COUNT }, (_, i) => current - i);
}

/** The make as the catalog spells it, matched without regard to case; null when it is not offered. */
export function catalogMake(make: string): VehicleMake | null {
  const wanted = make.trim().toLowerCase();
  return VEHICLE_MAKES.find((m) => m.toLowerCase() === wanted) ?? null;
}

/** The next zoom level, kept within bounds and free of floating-point dust (1.2000000000000002). */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const next = Math.round((zoom + direction * ZOOM.step) * 10) / 10;
  return Math.min(ZOOM.max, Math.max(ZOOM.min, next));
}

/** Models whose body a manual choice (no decoded body style) cannot otherwise tell. */
const MODEL_BODY: readonly (readonly [RegExp, BodyKind])[] = [
  [/\b(?:F-?\d{3}|Silverado|Sierra|Tundra|Tacoma|Titan|Frontier|Ranger|Colorado|Canyon|Ridgeline|Maverick|Gladiator|Ram|Avalanche|Lightning|Cybertruck)\b/i, 'pickup'],
  [/\b(?:Van|Odyssey|Sienna|Transit|Express|Savana|Sprinter|Metris|Quest|NV\d*|Pacifica|Caravan|Previa|Sedona|Carnival|Uplander|Venture|Astro|Freestar|Windstar|E-Series|ProMaster|Nv200)\b/i, 'van'],
  [/\b(?:Mustang|Camaro|Corvette|Civic Type R|GR86|86|Supra|GT-R|370Z|350Z|Z|Prius|Focus|Fiesta|Fit|Yaris|Leaf|Bolt|Sonic|Spark|Versa Note|Cruze Hatchback|Matrix|Insight|CR-Z|Golf|A3 Sportback|Mini|i3|Cooper|GTI|TT|R8|SLK|SLC|SL|AMG GT|Z4|M2|M4|2 Series|4 Series|8 Series|C-Class Coupe|E-Class Coupe|CLK|S5|RS 5|A5|Solara|Celica|MR2|Prelude|S2000|Del Sol|Thunderbird|GT|Probe|Cobalt SS|Juke)\b/i, 'hatchback'],
  [/\b(?:RAV4|Highlander|4Runner|Sequoia|Land Cruiser|Venza|C-HR|Corolla Cross|bZ4X|FJ Cruiser|CR-V|HR-V|Pilot|Passport|Element|Escape|Explorer|Expedition|Edge|Bronco|EcoSport|Flex|Mach-E|Equinox|Tahoe|Suburban|Traverse|Trailblazer|TrailBlazer|Blazer|Trax|Rogue|Murano|Pathfinder|Armada|Kicks|Ariya|Xterra|X\d|iX|GL[A-Z]?|ML|G-Class|EQ[A-Z]|Q\d|e-tron|SUV|Crossover)\b/i, 'suv'],
];

/** The drawing for a vehicle: from the decoded body style when there is one, else from the model name. */
export function bodyKindOf(vehicle: { bodyStyle: string | null; model: string }): BodyKind {
  const body = vehicle.bodyStyle ?? '';
  if (/pickup|truck/i.test(body)) return 'pickup';
  if (/van|bus/i.test(body)) return 'van';
  if (/suv|sport utility|crossover|cuv|mpv/i.test(body)) return 'suv';
  if (/coupe|hatch|convertible|roadster|wagon|liftback|cabriolet/i.test(body)) return 'hatchback';
  if (/sedan|saloon/i.test(body)) return 'sedan';
  for (const [pattern, kind] of MODEL_BODY) if (pattern.test(vehicle.model)) return kind;
  return 'sedan';
}
