/**
 * The reference models along the driveline: a gearbox (bell housing and case), an electric drive motor
 * and an exhaust line. Each runs along X.
 */
import type { Point3 } from './primitives.ts';
import { box, compose, cylinder, lathe, MeshBuilder, ring, rotationZ, stretch, sweptTube, Y_TO_MINUS_X, Y_TO_X } from './primitives.ts';

/** 590 × 380 × 380 mm: bell housing with its flange, gear case, shifter turret, sump, tail housing and output flange. */
export function gearboxModel(): MeshBuilder {
  const builder = new MeshBuilder();
  builder.part('Bell housing', [lathe([[0, 0], [190, 0], [190, 20], [180, 20], [115, 170], [0, 170]], 128)], Y_TO_X);
  builder.part('Gear case', [box([170, -110, -120], [470, 130, 120])]);
  builder.part('Shifter turret', [box([250, 130, -50], [350, 185, 50])]);
  builder.part('Sump', [box([200, -150, -90], [440, -110, 90])]);
  builder.part('Tail housing', [cylinder(50, 470, 570, 128)], Y_TO_X);
  builder.part('Output flange', [cylinder(65, 570, 590, 128)], Y_TO_X);
  return builder;
}

/** 450 × 306 × 252 mm: finned stator housing, two end bells with bearing bosses, drive shaft and terminal box. */
export function motorModel(): MeshBuilder {
  const builder = new MeshBuilder();
  builder.part('Stator housing', [cylinder(110, -130, 130, 128)], Y_TO_X);
  const fins = [];
  for (let k = 0; k < 8; k++) fins.push(ring(110, 126, -109 + 30 * k, -101 + 30 * k, 128));
  builder.part('Cooling fins', fins, Y_TO_X);
  const bell = [[0, 0], [110, 0], [110, 15], [80, 40], [35, 40], [35, 55], [0, 55]] as const;
  builder.part('Drive-end bell', [lathe(bell, 128)], Y_TO_X, [130, 0, 0]);
  builder.part('Rear bell', [lathe(bell, 128)], Y_TO_MINUS_X, [-130, 0, 0]);
  builder.part('Shaft', [cylinder(18, 185, 265, 64)], Y_TO_X);
  builder.part('Terminal box', [box([-60, 126, -50], [60, 180, 50])]);
  return builder;
}

/** Points along an S-bend that shifts sideways (in z) by `offset` between two straight runs. */
function sBend(x0: number, length: number, offset: number, steps: number): Point3[] {
  const path: Point3[] = [];
  for (let i = 0; i <= steps; i++) {
    const x = x0 + (length * i) / steps;
    const t = Math.min(1, Math.max(0, (x - x0 - 30) / (length - 60)));
    path.push([x, 0, offset * t * t * (3 - 2 * t)]);
  }
  return path;
}

const TAIL_DROP = (20 * Math.PI) / 180;

/** The tail pipe leaving the silencer: straight, bent 20° down on a 200 mm radius, straight again. */
function tailPath(start: Point3): Point3[] {
  const path: Point3[] = [];
  for (let i = 0; i <= 6; i++) path.push([start[0] + 10 * i, start[1], start[2]]);
  const [cx, cy] = [start[0] + 60, start[1] - 200];
  for (let i = 1; i <= 16; i++) {
    const a = (TAIL_DROP * i) / 16;
    path.push([cx + 200 * Math.sin(a), cy + 200 * Math.cos(a), start[2]]);
  }
  const end = path[path.length - 1]!;
  for (let i = 1; i <= 10; i++) path.push([end[0] + 10 * i * Math.cos(TAIL_DROP), end[1] - 10 * i * Math.sin(TAIL_DROP), start[2]]);
  return path;
}

/** Flange, front pipe, resonator, S-bent mid pipe, oval silencer and a bent tail pipe with its tip. */
export function exhaustModel(): MeshBuilder {
  const builder = new MeshBuilder();
  builder.part('Flange', [cylinder(50, 0, 12, 64)], Y_TO_X);
  builder.part('Front pipe', [cylinder(27, 12, 400, 32)], Y_TO_X);
  builder.part('Resonator', [lathe([[0, 400], [27, 400], [55, 440], [55, 610], [27, 650], [0, 650]], 64)], Y_TO_X);
  builder.part('Mid pipe', [sweptTube(sBend(650, 250, 80, 50), 27, 32)]);
  builder.part('Silencer', [cylinder(75, 900, 1300, 96)], compose(stretch(1, 1, 1.7), Y_TO_X));
  const tail = tailPath([1300, 0, -60]);
  builder.part('Tail pipe', [sweptTube(tail, 25, 32)]);
  const end = tail[tail.length - 1]!;
  builder.part('Tail tip', [cylinder(35, 0, 80, 64)], rotationZ(-Math.PI / 2 - TAIL_DROP), end);
  return builder;
}
