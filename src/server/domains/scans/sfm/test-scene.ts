/**
 * Synthetic scenes for the tests: points on a textured box or cylinder, a ring of cameras looking at
 * it, keypoints with pixel noise and clutter, and matches between neighbouring photos with a share of
 * wrong ones. Only tests use it.
 */
import type { Intrinsics, Pose } from './camera.ts';
import { toCamera } from './camera.ts';
import { cross3, norm3, scale3, sub3, vec3 } from '../../../../shared/geometry/linalg.ts';
import { Random } from '../../../../shared/geometry/random.ts';
import type { ImageFeatures, PairMatches, ReconstructionInput } from './types.ts';

export interface SceneOptions {
  readonly shape?: 'box' | 'cylinder';
  readonly cameras?: number;
  readonly points?: number;
  readonly noisePx?: number;
  /** Share of all matches that are wrong. */
  readonly outlierShare?: number;
  /** Each photo is matched with this many following ones around the ring. */
  readonly neighbours?: number;
  readonly seed?: number;
  readonly width?: number;
  readonly height?: number;
  readonly focalPx?: number;
  /** Whether the input carries the focal length (as EXIF would). */
  readonly focalKnown?: boolean;
  readonly ringRadius?: number;
  readonly ringHeight?: number;
}

export interface SyntheticScene {
  readonly input: ReconstructionInput;
  readonly poses: Pose[];
  readonly intrinsics: Intrinsics;
  readonly points: Float64Array;
  readonly normals: Float64Array;
  /** Per image, the true point of each keypoint (−1 for clutter). */
  readonly truthOfKeypoint: Int32Array[];
  /** The object's largest dimension. */
  readonly size: number;
}

/** Pose of a camera at `centre` looking at `target`, world z up. */
export function lookAt(centre: ArrayLike<number>, target: ArrayLike<number>): Pose {
  const forward = sub3(target, centre);
  const z = scale3(forward, 1 / norm3(forward));
  const right = cross3(z, [0, 0, 1]);
  const x = scale3(right, 1 / norm3(right));
  const y = cross3(z, x);
  const R = Float64Array.of(x[0]!, x[1]!, x[2]!, y[0]!, y[1]!, y[2]!, z[0]!, z[1]!, z[2]!);
  const t = vec3(-(R[0]! * centre[0]! + R[1]! * centre[1]! + R[2]! * centre[2]!), -(R[3]! * centre[0]! + R[4]! * centre[1]! + R[5]! * centre[2]!), -(R[6]! * centre[0]! + R[7]! * centre[1]! + R[8]! * centre[2]!));
  return { R, t };
}

/** Points on the surface of a 2 × 1.2 × 1 box or a cylinder of radius 0.6 and height 1.6, with outward normals. */
export function surfacePoints(shape: 'box' | 'cylinder', count: number, random: Random): { points: Float64Array; normals: Float64Array; size: number } {
  const points = new Float64Array(3 * count);
  const normals = new Float64Array(3 * count);
  if (shape === 'box') {
    const half = [1, 0.6, 0.5];
    const areas = [half[1]! * half[2]!, half[1]! * half[2]!, half[0]! * half[2]!, half[0]! * half[2]!, half[0]! * half[1]!, half[0]! * half[1]!];
    const total = areas.reduce((a, b) => a + b, 0);
    for (let i = 0; i < count; i++) {
      let pick = random.next() * total;
      let face = 0;
      while (face < 5 && pick > areas[face]!) pick -= areas[face++]!;
      const axis = face >> 1;
      const sign = face & 1 ? -1 : 1;
      for (let k = 0; k < 3; k++) points[3 * i + k] = k === axis ? sign * half[k]! : random.range(-half[k]!, half[k]!);
      normals[3 * i + axis] = sign;
    }
    return { points, normals, size: 2 };
  }
  const radius = 0.6;
  const halfHeight = 0.8;
  const side = 2 * Math.PI * radius * 2 * halfHeight;
  const cap = Math.PI * radius * radius;
  for (let i = 0; i < count; i++) {
    const pick = random.next() * (side + 2 * cap);
    if (pick < side) {
      const a = random.range(0, 2 * Math.PI);
      points.set([radius * Math.cos(a), radius * Math.sin(a), random.range(-halfHeight, halfHeight)], 3 * i);
      normals.set([Math.cos(a), Math.sin(a), 0], 3 * i);
    } else {
      const a = random.range(0, 2 * Math.PI);
      const r = radius * Math.sqrt(random.next());
      const sign = pick < side + cap ? 1 : -1;
      points.set([r * Math.cos(a), r * Math.sin(a), sign * halfHeight], 3 * i);
      normals.set([0, 0, sign], 3 * i);
    }
  }
  return { points, normals, size: 2 * halfHeight };
}

/** A colour that varies across the surface, as a texture would. */
function texture(x: number, y: number, z: number): [number, number, number] {
  const wave = (v: number): number => Math.round(127.5 + 127.5 * Math.sin(v));
  return [wave(5 * x + 1), wave(7 * y + 2), wave(6 * z + 3)];
}

export function ringScene(options: SceneOptions = {}): SyntheticScene {
  const random = new Random(options.seed ?? 7);
  const cameraCount = options.cameras ?? 30;
  const width = options.width ?? 1600;
  const height = options.height ?? 1200;
  const focal = options.focalPx ?? 1400;
  const intrinsics: Intrinsics = { f: focal, cx: width / 2, cy: height / 2 };
  const noise = options.noisePx ?? 0.5;
  const { points, normals, size } = surfacePoints(options.shape ?? 'box', options.points ?? 1200, random);
  const pointCount = points.length / 3;
  const radius = options.ringRadius ?? 4.5;
  const elevation = options.ringHeight ?? 2;
  const poses: Pose[] = [];
  const images: ImageFeatures[] = [];
  const truthOfKeypoint: Int32Array[] = [];
  const keypointOf: Map<number, number>[] = [];
  for (let c = 0; c < cameraCount; c++) {
    const angle = (2 * Math.PI * c) / cameraCount;
    const centre = vec3(radius * Math.cos(angle), radius * Math.sin(angle), elevation + 0.3 * Math.sin(3 * angle));
    const pose = lookAt(centre, [0.1 * Math.sin(angle), 0, 0]);
    poses.push(pose);
    const seen: number[] = [];
    const pixels: number[] = [];
    const cam = vec3();
    for (let p = 0; p < pointCount; p++) {
      const toCam = sub3(centre, points.subarray(3 * p, 3 * p + 3));
      if (toCam[0]! * normals[3 * p]! + toCam[1]! * normals[3 * p + 1]! + toCam[2]! * normals[3 * p + 2]! <= 0) continue;
      toCamera(pose, points[3 * p]!, points[3 * p + 1]!, points[3 * p + 2]!, cam);
      const u = focal * (cam[0]! / cam[2]!) + intrinsics.cx + noise * random.normal();
      const v = focal * (cam[1]! / cam[2]!) + intrinsics.cy + noise * random.normal();
      if (u < 0 || v < 0 || u >= width || v >= height) continue;
      seen.push(p);
      pixels.push(u, v);
    }
    const clutter = Math.round(seen.length * 0.1);
    for (let k = 0; k < clutter; k++) {
      seen.push(-1);
      pixels.push(random.range(0, width), random.range(0, height));
    }
    const order = random.shuffle(Array.from({ length: seen.length }, (_, i) => i));
    const keypoints = new Float32Array(2 * seen.length);
    const colours = new Uint8Array(3 * seen.length);
    const truth = new Int32Array(seen.length);
    const lookup = new Map<number, number>();
    order.forEach((from, to) => {
      const p = seen[from]!;
      keypoints[2 * to] = pixels[2 * from]!;
      keypoints[2 * to + 1] = pixels[2 * from + 1]!;
      truth[to] = p;
      colours.set(p >= 0 ? texture(points[3 * p]!, points[3 * p + 1]!, points[3 * p + 2]!) : [random.int(256), random.int(256), random.int(256)], 3 * to);
      if (p >= 0) lookup.set(p, to);
    });
    images.push({ width, height, focalPx: options.focalKnown === false ? null : focal, keypoints, colours });
    truthOfKeypoint.push(truth);
    keypointOf.push(lookup);
  }
  const matches: PairMatches[] = [];
  const neighbours = options.neighbours ?? 3;
  const outlierShare = options.outlierShare ?? 0.15;
  for (let i = 0; i < cameraCount; i++) {
    for (let step = 1; step <= neighbours; step++) {
      const j = (i + step) % cameraCount;
      if (j === i) continue;
      const pairs: number[] = [];
      for (const [p, ki] of keypointOf[i]!) {
        const kj = keypointOf[j]!.get(p);
        if (kj !== undefined) pairs.push(ki, kj);
      }
      const wrong = Math.round(((pairs.length / 2) * outlierShare) / (1 - outlierShare));
      const ni = truthOfKeypoint[i]!.length;
      const nj = truthOfKeypoint[j]!.length;
      for (let k = 0; k < wrong; k++) {
        const at = 2 * random.int(pairs.length / 2 + 1);
        pairs.splice(at, 0, random.int(ni), random.int(nj));
      }
      matches.push({ i: Math.min(i, j), j: Math.max(i, j), pairs: i < j ? Uint32Array.from(pairs) : swapPairs(pairs) });
    }
  }
  return { input: { images, matches }, poses, intrinsics, points, normals, truthOfKeypoint, size };
}

function swapPairs(pairs: number[]): Uint32Array {
  const out = new Uint32Array(pairs.length);
  for (let k = 0; k < pairs.length; k += 2) {
    out[k] = pairs[k + 1]!;
    out[k + 1] = pairs[k]!;
  }
  return out;
}
