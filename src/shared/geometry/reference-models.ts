/**
 * Reference models: a recognisable solid for each kind of vehicle component, drawn from parameters,
 * that the Component Viewer shows beside scans and compares them with. Units are millimetres, Y is up,
 * and every model stands on the floor (lowest point at y = 0) centred over the origin in x and z.
 * Each model is made of closed, outward-facing pieces that touch but never overlap, so the whole mesh
 * is closed and its volume is the sum of its pieces' volumes.
 */
import type { Mesh } from './mesh.ts';
import { batteryModel, brakeModel, strutModel } from './reference/chassis.ts';
import { exhaustModel, gearboxModel, motorModel } from './reference/driveline.ts';
import type { EngineLayout } from './reference/engine.ts';
import { DEFAULT_ENGINE, engineModel } from './reference/engine.ts';
import type { MeshBuilder, ReferencePart } from './reference/primitives.ts';

export type { EngineLayout } from './reference/engine.ts';
export { engineLayoutFrom } from './reference/engine.ts';
export type { ReferencePart } from './reference/primitives.ts';

export const REFERENCE_KINDS = ['engine', 'gearbox', 'battery', 'brake', 'strut', 'exhaust', 'motor'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export const REFERENCE_LABELS: Record<ReferenceKind, string> = {
  engine: 'Engine block',
  gearbox: 'Gearbox',
  battery: '12 V battery',
  brake: 'Brake disc and caliper',
  strut: 'Suspension strut',
  exhaust: 'Exhaust and silencer',
  motor: 'Drive motor',
};

/** Length (x) × height (y) × width (z) in millimetres of each model with its default options. */
export const REFERENCE_SIZES: Record<ReferenceKind, readonly [number, number, number]> = {
  engine: [560, 650, 450],
  gearbox: [590, 380, 380],
  battery: [278, 190, 175],
  brake: [300, 330, 107],
  strut: [160, 520, 160],
  exhaust: [1609.5, 181.5, 255],
  motor: [450, 306, 252],
};

export interface ReferenceOptions {
  /** Cylinders and their arrangement (engine only; default inline 4). */
  readonly engine?: EngineLayout;
  /** Brake disc diameter in millimetres, 240 to 420 (default 300). */
  readonly discDiameter?: number;
}

export interface ReferenceModel {
  readonly kind: ReferenceKind;
  readonly label: string;
  readonly mesh: Mesh;
  /** Named runs of the mesh's triangles (for picking and highlighting). */
  readonly parts: ReferencePart[];
}

/** Categories that name one kind outright; broader ones (Powertrain, Chassis, Safety…) leave it to the name. */
const BY_CATEGORY: Record<string, ReferenceKind> = {
  engine: 'engine',
  drivetrain: 'gearbox',
  transmission: 'gearbox',
  gearbox: 'gearbox',
  battery: 'battery',
  brakes: 'brake',
  suspension: 'strut',
  emissions: 'exhaust',
  exhaust: 'exhaust',
  'drive motor': 'motor',
};

/** Words of a component's name, tried in order (a 'Motor' or 'Electric …' part is a drive motor, not an engine). */
const BY_WORD: [RegExp, ReferenceKind][] = [
  [/\b(motor|electric|e-?motor)\b/, 'motor'],
  [/\b(engine|cylinder|block)\b/, 'engine'],
  [/\b(transmission|gearbox|transaxle|gear|clutch|drivetrain)\b/, 'gearbox'],
  [/\b(battery|batteries)\b/, 'battery'],
  [/\b(brakes?|caliper|rotor|disc)\b/, 'brake'],
  [/\b(suspension|strut|shock|damper|spring)\b/, 'strut'],
  [/\b(exhaust|muffler|silencer|catalytic|tail ?pipe)\b/, 'exhaust'],
];

/** The kind of reference model for a component, by its category first and then by its name; null when none fits. */
export function referenceKindFor(component: { category: string; name: string }): ReferenceKind | null {
  const category = BY_CATEGORY[component.category.trim().toLowerCase()];
  if (category) return category;
  const name = component.name.toLowerCase();
  for (const [pattern, kind] of BY_WORD) if (pattern.test(name)) return kind;
  return null;
}

function builderFor(kind: ReferenceKind, options: ReferenceOptions): MeshBuilder {
  switch (kind) {
    case 'engine':
      return engineModel(options.engine ?? DEFAULT_ENGINE);
    case 'gearbox':
      return gearboxModel();
    case 'battery':
      return batteryModel();
    case 'brake':
      return brakeModel(options.discDiameter ?? 300);
    case 'strut':
      return strutModel();
    case 'exhaust':
      return exhaustModel();
    case 'motor':
      return motorModel();
  }
}

/** The reference model of a kind: a closed triangle mesh in millimetres with its named parts. */
export function referenceModel(kind: ReferenceKind, options: ReferenceOptions = {}): ReferenceModel {
  const { mesh, parts } = builderFor(kind, options).build();
  return { kind, label: REFERENCE_LABELS[kind], mesh, parts };
}
