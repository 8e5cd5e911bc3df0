/**
 * The reference models of chassis and electrical parts: a 12 V battery, a brake disc with its caliper
 * and a suspension strut.
 */
import { box, cylinder, IDENTITY, lathe, MeshBuilder, ring, sweptTube, transform, Y_TO_Z } from './primitives.ts';
import type { Piece, Point3 } from './primitives.ts';

/** A battery post: a collar on the lid and a tapered post, at (x, z) on a lid whose top is at y. */
function terminal(x: number, z: number, y: number, bottom: number, top: number): Piece {
  return transform(lathe([[0, y], [14, y], [14, y + 4], [bottom, y + 4], [top, y + 18], [0, y + 18]], 96), IDENTITY, [x, 0, z]);
}

/** 278 × 190 × 175 mm (L × H × W): case, lid, six vent caps, positive (larger) and negative posts. */
export function batteryModel(): MeshBuilder {
  const builder = new MeshBuilder();
  builder.part('Case', [box([-139, 0, -87.5], [139, 160, 87.5])]);
  builder.part('Lid', [box([-136, 160, -85], [136, 172, 85])]);
  const caps: Piece[] = [];
  for (let i = 0; i < 6; i++) caps.push(transform(cylinder(10, 172, 175, 32), IDENTITY, [-62.5 + 25 * i, 0, -35]));
  builder.part('Vent caps', caps);
  builder.part('Positive terminal', [terminal(-105, 50, 172, 9.6, 8.75)]);
  builder.part('Negative terminal', [terminal(105, 50, 172, 8.8, 7.95)]);
  return builder;
}

/**
 * A solid brake disc of the given diameter (28 mm thick, friction ring from r = 85 mm)
 * with its hat and centre bore, and a two-piston caliper over the top of the disc. The wheel axis is Z.
 */
export function brakeModel(diameter = 300): MeshBuilder {
  const r = Math.min(420, Math.max(240, diameter)) / 2;
  const builder = new MeshBuilder();
  const disc = lathe([[33, 52], [33, 60], [85, 60], [85, 28], [r, 28], [r, 0], [78, 0], [78, 52]], 128);
  builder.part('Disc', [disc], Y_TO_Z);
  builder.part('Pads', [box([-55, r - 50, -2], [55, r, 0]), box([-55, r - 50, 28], [55, r, 30])]);
  builder.part('Caliper', [box([-60, r + 2, -32], [60, r + 30, 60]), box([-60, r - 55, -32], [60, r + 2, -2]), box([-60, r - 55, 30], [60, r + 2, 60])]);
  builder.part('Pistons', [-25, 25].map((x) => transform(cylinder(22, 0, 15, 64), Y_TO_Z, [x, r - 25, 60])));
  return builder;
}

/** A MacPherson strut, 160 × 520 × 160 mm: knuckle bracket, damper, rod, spring seats, coil spring and top mount. */
export function strutModel(): MeshBuilder {
  const builder = new MeshBuilder();
  builder.part('Knuckle bracket', [box([-40, 0, -30], [40, 60, 30])]);
  builder.part('Damper', [cylinder(25, 60, 300, 64)]);
  builder.part('Piston rod', [cylinder(11, 300, 440, 32)]);
  builder.part('Spring seats', [ring(25, 75, 180, 190, 64), cylinder(75, 440, 450, 64)]);
  const turns = 5;
  const steps = turns * 48;
  const path: Point3[] = [];
  for (let i = 0; i <= steps; i++) {
    const angle = (2 * Math.PI * turns * i) / steps;
    path.push([60 * Math.cos(angle), 197 + ((433 - 197) * i) / steps, 60 * Math.sin(angle)]);
  }
  builder.part('Coil spring', [sweptTube(path, 6, 12)]);
  builder.part('Top mount', [lathe([[0, 450], [80, 450], [80, 470], [50, 490], [0, 490]], 64), cylinder(6, 490, 520, 16)]);
  return builder;
}
