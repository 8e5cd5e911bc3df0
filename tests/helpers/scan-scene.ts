import sharp from 'sharp';
import { applySimilarity, deviation, icp, umeyama } from '../../src/shared/geometry/align.ts';

/**
 * Photos of a known object for the scan tests and the bench: a box or a cylinder with a blocky,
 * many-coloured texture on every face, standing on nothing, rendered by ray casting from cameras on a ring around
 * it (a little above, looking at its centre), with pixel noise, as JPEG. Deterministic for a seed.
 */

export interface SceneBox {
  /** Half sizes along x, y (up) and z. */
  half: [number, number, number];
}

export interface RingOptions {
  views: number;
  width: number;
  height: number;
  /** Focal length in pixels. */
  focalPx: number;
  radius: number;
  /** Camera height above the box's centre. */
  elevation: number;
  /** Standard deviation of the pixel noise, in grey levels. */
  noise: number;
  seed: number;
}

export const DEFAULT_BOX: SceneBox = { half: [0.5, 0.35, 0.3] };
export const DEFAULT_RING: RingOptions = { views: 24, width: 640, height: 480, focalPx: 560, radius: 1.7, elevation: 0.7, noise: 2, seed: 7 };

function hash(a: number, b: number, c: number): number {
  let h = (a * 374761393 + b * 668265263 + c * 2147483647) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise on a grid of `cells` per unit, in 0..1. */
function valueNoise(seed: number, u: number, v: number, cells: number): number {
  const x = u * cells;
  const y = v * cells;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = hash(seed, x0, y0);
  const b = hash(seed, x0 + 1, y0);
  const c = hash(seed, x0, y0 + 1);
  const d = hash(seed, x0 + 1, y0 + 1);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}

/**
 * The colour of a face's point: fractal noise in three channels (like stone or a rusty casting:
 * every neighbourhood differs) with a few sharp-edged spots, so that features are distinct. `footprint`
 * is the size of the pixel on the face in texture units: octaves finer than it fade out, as a lens and
 * sensor average them away (sampled one ray a pixel they would alias into different noise in every view).
 * Written into `out` (red, green, blue): the renderer calls it for every pixel that sees the object.
 */
function texture(face: number, u: number, v: number, footprint: number, out: number[]): void {
  // How much of each octave survives the pixel's footprint (the same for the three channels).
  for (let octave = 0; octave < 6; octave++) FADES[octave] = Math.min(1, Math.max(0, 1 / (4 * 2 ** octave * footprint) - 1));
  const spot = hash(face + 91, Math.floor(u * 22), Math.floor(v * 22)) < 0.22 ? 0.3 : 1;
  for (let c = 0; c < 3; c++) {
    let sum = 0;
    let weight = 0;
    for (let octave = 0; octave < 6; octave++) {
      const fade = FADES[octave]!;
      const w = OCTAVE_WEIGHTS[octave]!;
      // An octave faded out entirely adds its mean alone (0 · noise + 1 · 0.5): its noise is not computed.
      const noise = fade === 0 ? 0 : fade * valueNoise(face * 31 + c * 7 + octave, u, v, 4 * 2 ** octave);
      sum += w * (noise + (1 - fade) * 0.5);
      weight += w;
    }
    out[c] = 255 * Math.min(1, Math.max(0, (sum / weight - 0.5) * 2.2 + 0.5)) * spot;
  }
}

const FADES = [0, 0, 0, 0, 0, 0];
const OCTAVE_WEIGHTS = [0, 1, 2, 3, 4, 5].map((octave) => 0.7 ** octave);

/** Camera k of the ring: its centre, and a world-to-camera rotation (rows: right, down, forward). */
export function ringCamera(ring: RingOptions, k: number): { centre: [number, number, number]; R: number[] } {
  const angle = (2 * Math.PI * k) / ring.views;
  const centre: [number, number, number] = [ring.radius * Math.cos(angle), ring.elevation, ring.radius * Math.sin(angle)];
  const norm = (v: number[]) => {
    const l = Math.hypot(v[0]!, v[1]!, v[2]!);
    return v.map((x) => x / l);
  };
  const cross = (a: number[], b: number[]) => [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
  const forward = norm([-centre[0], -centre[1], -centre[2]]);
  // Camera axes: x to the right, y down, z forward (right-handed), the world's up being +y.
  const right = norm(cross([0, -1, 0], forward));
  const down = cross(forward, right);
  return { centre, R: [...right, ...down, ...forward] };
}

/** A cylinder standing on its axis (the world's y), textured on its side and both caps. */
export interface SceneCylinder {
  radius: number;
  halfHeight: number;
}

export type SceneObject = SceneBox | SceneCylinder;

export const DEFAULT_CYLINDER: SceneCylinder = { radius: 0.4, halfHeight: 0.45 };

interface Hit {
  distance: number;
  face: number;
  u: number;
  v: number;
  /** |cos| of the angle between the ray and the surface normal. */
  facing: number;
  /** World units per texture unit. */
  scale: number;
}

function hitBox(box: SceneBox, o: readonly number[], d: readonly number[]): Hit | null {
  let near = -Infinity;
  let far = Infinity;
  let axis = -1;
  for (let i = 0; i < 3; i++) {
    const half = box.half[i]!;
    if (Math.abs(d[i]!) < 1e-12) {
      if (Math.abs(o[i]!) > half) return null;
      continue;
    }
    let t1 = (-half - o[i]!) / d[i]!;
    let t2 = (half - o[i]!) / d[i]!;
    if (t1 > t2) [t1, t2] = [t2, t1];
    if (t1 > near) [near, axis] = [t1, i];
    far = Math.min(far, t2);
  }
  if (!(near < far && near > 0 && axis >= 0)) return null;
  const p = [0, 1, 2].map((i) => o[i]! + near * d[i]!);
  const [i1, i2] = axis === 0 ? [1, 2] : axis === 1 ? [0, 2] : [0, 1];
  const u = (p[i1]! + box.half[i1]!) / (2 * box.half[i1]!);
  const v = (p[i2]! + box.half[i2]!) / (2 * box.half[i2]!);
  return { distance: near, face: axis * 2 + (p[axis]! > 0 ? 1 : 0), u, v, facing: Math.abs(d[axis]!), scale: 2 * Math.min(box.half[i1]!, box.half[i2]!) };
}

function hitCylinder(cyl: SceneCylinder, o: readonly number[], d: readonly number[]): Hit | null {
  let best: Hit | null = null;
  // The side: (ox + t·dx)² + (oz + t·dz)² = r², within the height.
  const a = d[0]! ** 2 + d[2]! ** 2;
  const b = 2 * (o[0]! * d[0]! + o[2]! * d[2]!);
  const c = o[0]! ** 2 + o[2]! ** 2 - cyl.radius ** 2;
  const disc = b * b - 4 * a * c;
  if (a > 1e-12 && disc >= 0) {
    const t = (-b - Math.sqrt(disc)) / (2 * a);
    const y = o[1]! + t * d[1]!;
    if (t > 0 && Math.abs(y) <= cyl.halfHeight) {
      const x = o[0]! + t * d[0]!;
      const z = o[2]! + t * d[2]!;
      // Arc length and height, in the same units as a box face's texture (one unit of texture per unit of size).
      const arc = (Math.atan2(z, x) + Math.PI) * cyl.radius;
      best = { distance: t, face: 0, u: arc / 2, v: (y + cyl.halfHeight) / 2, facing: Math.abs((x * d[0]! + z * d[2]!) / cyl.radius), scale: 2 };
    }
  }
  for (const sign of [-1, 1]) {
    if (Math.abs(d[1]!) < 1e-12) continue;
    const t = (sign * cyl.halfHeight - o[1]!) / d[1]!;
    const x = o[0]! + t * d[0]!;
    const z = o[2]! + t * d[2]!;
    if (t > 0 && x * x + z * z <= cyl.radius ** 2 && (!best || t < best.distance)) {
      best = { distance: t, face: sign > 0 ? 2 : 1, u: (x + cyl.radius) / 2, v: (z + cyl.radius) / 2, facing: Math.abs(d[1]!), scale: 2 };
    }
  }
  return best;
}

/** RGB pixels of one view. */
export function renderView(object: SceneObject, ring: RingOptions, k: number): Uint8Array {
  const { centre, R } = ringCamera(ring, k);
  const { width, height, focalPx } = ring;
  const out = new Uint8Array(width * height * 3);
  const dir = [0, 0, 0];
  const colour = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Ray direction in the world: Rᵀ · ((x − cx)/f, (y − cy)/f, 1).
      const a = (x + 0.5 - width / 2) / focalPx;
      const b = (y + 0.5 - height / 2) / focalPx;
      const d0 = R[0]! * a + R[3]! * b + R[6]!;
      const d1 = R[1]! * a + R[4]! * b + R[7]!;
      const d2 = R[2]! * a + R[5]! * b + R[8]!;
      const norm = Math.hypot(d0, d1, d2);
      dir[0] = d0 / norm;
      dir[1] = d1 / norm;
      dir[2] = d2 / norm;
      const hit = 'half' in object ? hitBox(object, centre, dir) : hitCylinder(object, centre, dir);
      const at = 3 * (y * width + x);
      const noise = (hash(ring.seed, k * 100003 + y, x) - 0.5) * 2 * ring.noise * 1.7;
      if (hit) {
        const footprint = hit.distance / (focalPx * Math.max(0.2, hit.facing) * hit.scale);
        texture(hit.face, hit.u, hit.v, footprint, colour);
        const light = 0.75 + 0.25 * hit.facing;
        for (let c = 0; c < 3; c++) out[at + c] = Math.max(0, Math.min(255, colour[c]! * light + noise));
      } else {
        const sky = 200 - (60 * y) / height;
        for (let c = 0; c < 3; c++) out[at + c] = Math.max(0, Math.min(255, sky + noise));
      }
    }
  }
  return out;
}

/** The ring's views as JPEG files. */
export async function ringPhotos(object: SceneObject = DEFAULT_BOX, ring: RingOptions = DEFAULT_RING): Promise<Buffer[]> {
  const photos: Buffer[] = [];
  for (let k = 0; k < ring.views; k++) {
    const pixels = renderView(object, ring, k);
    photos.push(await sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), { raw: { width: ring.width, height: ring.height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer());
  }
  return photos;
}

/** Points on the box's surface (for comparing a reconstruction with the truth). */
export function boxSurfacePoints(box: SceneBox, perFace = 400): Float64Array {
  const out: number[] = [];
  const [hx, hy, hz] = box.half;
  const half = [hx, hy, hz];
  for (let axis = 0; axis < 3; axis++) {
    for (const sign of [-1, 1]) {
      const [i1, i2] = axis === 0 ? [1, 2] : axis === 1 ? [0, 2] : [0, 1];
      const side = Math.round(Math.sqrt(perFace));
      for (let a = 0; a < side; a++) {
        for (let b = 0; b < side; b++) {
          const p = [0, 0, 0];
          p[axis] = sign * half[axis]!;
          p[i1] = ((a + 0.5) / side - 0.5) * 2 * half[i1]!;
          p[i2] = ((b + 0.5) / side - 0.5) * 2 * half[i2]!;
          out.push(...p);
        }
      }
    }
  }
  return Float64Array.from(out);
}

/** Points on the cylinder's side and caps, about `count` of them evenly spread by area. */
export function cylinderSurfacePoints(cyl: SceneCylinder, count = 2400): Float64Array {
  const out: number[] = [];
  const sideArea = 2 * Math.PI * cyl.radius * 2 * cyl.halfHeight;
  const capArea = Math.PI * cyl.radius ** 2;
  const spacing = Math.sqrt((sideArea + 2 * capArea) / count);
  const around = Math.max(8, Math.round((2 * Math.PI * cyl.radius) / spacing));
  const up = Math.max(2, Math.round((2 * cyl.halfHeight) / spacing));
  for (let a = 0; a < around; a++) {
    const angle = (2 * Math.PI * a) / around;
    for (let h = 0; h < up; h++) out.push(cyl.radius * Math.cos(angle), ((h + 0.5) / up - 0.5) * 2 * cyl.halfHeight, cyl.radius * Math.sin(angle));
  }
  for (const sign of [-1, 1]) {
    for (let x = -cyl.radius; x <= cyl.radius; x += spacing) {
      for (let z = -cyl.radius; z <= cyl.radius; z += spacing) if (x * x + z * z <= cyl.radius ** 2) out.push(x, sign * cyl.halfHeight, z);
    }
  }
  return Float64Array.from(out);
}

/** Points on the object's surface, and its size (the diagonal of its bounding box). */
export function objectSurface(object: SceneObject): { points: Float64Array; size: number } {
  if ('half' in object) return { points: boxSurfacePoints(object, 900), size: 2 * Math.hypot(...object.half) };
  return { points: cylinderSurfacePoints(object), size: Math.hypot(2 * object.radius, 2 * object.halfHeight, 2 * object.radius) };
}

/**
 * How far a reconstruction lies from the truth: the similarity that takes the placed cameras' centres
 * onto the true ones (Umeyama), refined by ICP of the points against the object's surface, then the
 * RMS distance of every point to the surface as a share of the object's size. Null when fewer than
 * three cameras were placed.
 */
export function scoreAgainstTruth(object: SceneObject, ring: RingOptions, centres: readonly (readonly number[] | null)[], points: ArrayLike<number>): { rmsShare: number; cameraRmsShare: number } | null {
  const from: number[] = [];
  const to: number[] = [];
  centres.forEach((centre, k) => {
    if (!centre) return;
    from.push(centre[0]!, centre[1]!, centre[2]!);
    to.push(...ringCamera(ring, k).centre);
  });
  const start = umeyama(from, to);
  if (!start) return null;
  const truth = objectSurface(object);
  const { similarity } = icp(points, truth.points, start, { maxIterations: 30 });
  const moved = applySimilarity(similarity, points);
  return { rmsShare: deviation(moved, truth.points).rms / truth.size, cameraRmsShare: start.rms / truth.size };
}
