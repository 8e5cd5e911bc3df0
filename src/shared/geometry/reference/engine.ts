/**
 * The engine's reference model: oil pan, crankcase, a row (or two banks) of cylinder barrels, cylinder
 * head and cam cover, with a crank pulley in front and a flywheel behind; inline engines also carry an
 * intake plenum and an exhaust manifold on the sides. The crankshaft runs along X.
 */
import type { Piece } from './primitives.ts';
import { box, cylinder, IDENTITY, MeshBuilder, rotationX, transform, Y_TO_X } from './primitives.ts';

export interface EngineLayout {
  readonly cylinders: 3 | 4 | 5 | 6 | 8;
  readonly arrangement: 'inline' | 'v';
}

export const DEFAULT_ENGINE: EngineLayout = { cylinders: 4, arrangement: 'inline' };

const INLINE = new Set([3, 4, 5, 6]);
const VEE = new Set([6, 8]);

function layout(cylinders: number, arrangement: 'inline' | 'v'): EngineLayout | null {
  const allowed = arrangement === 'inline' ? INLINE : VEE;
  return allowed.has(cylinders) ? { cylinders: cylinders as EngineLayout['cylinders'], arrangement } : null;
}

/**
 * The layout named in a text such as '2.5L I4', 'V6', '6 (V-Shaped)' or '4 cylinders, In-Line'. Null
 * when the text names none this model can draw (inline 3 to 6, V6, V8).
 */
export function engineLayoutFrom(text: string): EngineLayout | null {
  const vee = /\bV-?(\d{1,2})\b/i.exec(text);
  if (vee) return layout(Number(vee[1]), 'v');
  const inline = /\b(?:I|L|R|inline-?|straight-?)\s?(\d)\b/i.exec(text);
  if (inline) return layout(Number(inline[1]), 'inline');
  const count = /\b(\d{1,2})\s*(?:cyl|cylinders?\b|\()/i.exec(text);
  if (!count) return null;
  return layout(Number(count[1]), /\bV[- ]?(?:shaped|type|engine)\b|\bvee\b/i.test(text) ? 'v' : 'inline');
}

const PITCH = 100;
const BORE_RADIUS = 44;
const SEGMENTS = 96;

/** Barrels, head and cam cover of one bank, standing on y = 0 in its own frame. */
function bank(count: number, length: number, width: number): { pieces: Piece[]; names: string[] } {
  const pieces: Piece[] = [];
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = (i - (count - 1) / 2) * PITCH;
    pieces.push(transform(cylinder(BORE_RADIUS, 0, 120, SEGMENTS), IDENTITY, [x, 0, 0]));
    names.push('Cylinders');
  }
  pieces.push(box([-length / 2, 120, -width / 2], [length / 2, 240, width / 2]));
  names.push('Cylinder head');
  pieces.push(box([-length / 2 + 20, 240, -width / 2 + 40], [length / 2 - 20, 310, width / 2 - 40]));
  names.push('Cam cover');
  pieces.push(transform(cylinder(22, 310, 350, SEGMENTS), IDENTITY, [-length / 4, 0, 0]));
  names.push('Oil filler cap');
  return { pieces, names };
}

export function engineModel(option: EngineLayout = DEFAULT_ENGINE): MeshBuilder {
  const builder = new MeshBuilder();
  const perBank = option.arrangement === 'v' ? option.cylinders / 2 : option.cylinders;
  const blockLength = perBank * PITCH + 110;
  const half = blockLength / 2;
  const crankTop = 300;
  builder.part('Oil pan', [box([-half + 10, 0, -160], [half - 10, 110, 160])]);
  builder.part('Crankcase', [box([-half, 110, -175], [half, crankTop, 175])]);
  const head = option.arrangement === 'v' ? 200 : 340;
  const { pieces, names } = bank(perBank, blockLength - 10, head);
  const banks = option.arrangement === 'v' ? [-1, 1] : [0];
  for (const side of banks) {
    const tilt = rotationX(side * (Math.PI / 6));
    const moved = pieces.map((piece) => transform(piece, tilt, [0, 0, 0]));
    // Lift the bank until its lowest point rests on the crankcase, and for a V keep the banks apart.
    const all = moved.flatMap((piece) => piece.positions);
    let lowest = Infinity;
    let inner = side < 0 ? -Infinity : Infinity;
    for (let i = 0; i < all.length; i += 3) {
      lowest = Math.min(lowest, all[i + 1]!);
      inner = side < 0 ? Math.max(inner, all[i + 2]!) : Math.min(inner, all[i + 2]!);
    }
    const dz = side === 0 ? 0 : side < 0 ? -2 - inner : 2 - inner;
    const placed = moved.map((piece) => transform(piece, IDENTITY, [0, crankTop - lowest, dz]));
    let from = 0;
    while (from < placed.length) {
      let to = from;
      while (to < placed.length && names[to] === names[from]) to++;
      builder.part(names[from]!, placed.slice(from, to));
      from = to;
    }
  }
  if (option.arrangement === 'inline') {
    builder.part('Intake plenum', [box([-half + 40, 430, 170], [half - 40, 530, 225])]);
    builder.part('Exhaust manifold', [box([-half + 60, 440, -225], [half - 60, 510, -170])]);
  }
  builder.part('Crank pulley', [cylinder(80, 0, 25, SEGMENTS)], Y_TO_X, [half, 200, 0]);
  builder.part('Flywheel', [cylinder(140, 0, 25, SEGMENTS)], Y_TO_X, [-half - 25, 200, 0]);
  return builder;
}
