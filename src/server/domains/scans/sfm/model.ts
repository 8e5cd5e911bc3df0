/**
 * The growing reconstruction: the photos placed so far, the tracks with a 3D point, and which
 * sightings still count. Operations place a photo by PnP, triangulate tracks, run bundle adjustment
 * over everything placed, and drop sightings and points that do not fit.
 */
import type { BundleCameras, BundleOptions, BundleResult } from './bundle.ts';
import { bundleAdjust } from './bundle.ts';
import type { Intrinsics, Pose } from './camera.ts';
import { cameraCentre, toCamera } from './camera.ts';
import { estimatePose } from './pnp.ts';
import type { Random } from '../../../../shared/geometry/random.ts';
import type { Tracks } from './tracks.ts';
import { triangulate, triangulationAngle } from './triangulate.ts';

export class Model {
  readonly poses: (Pose | null)[];
  /** x, y, z of each track's point, meaningful where hasPoint. */
  readonly xyz: Float64Array;
  readonly hasPoint: Uint8Array;
  /** Per sighting (index into the tracks' arrays): 0 once it was found not to fit. */
  readonly active: Uint8Array;
  focalScale = 1;
  private readonly baseFocal: number[];

  constructor(
    readonly tracks: Tracks,
    readonly intrinsics: Intrinsics[],
    readonly normalised: Float64Array[],
    readonly pixels: readonly Float32Array[],
  ) {
    this.poses = intrinsics.map(() => null);
    this.xyz = new Float64Array(3 * tracks.count);
    this.hasPoint = new Uint8Array(tracks.count);
    this.active = new Uint8Array(tracks.image.length).fill(1);
    this.baseFocal = intrinsics.map((k) => k.f);
  }

  private centreCache: (Float64Array | null)[] | null = null;

  /** Centre of placed photo img (cached until a pose changes). */
  centre(img: number): Float64Array {
    if (!this.centreCache) this.centreCache = this.poses.map((p) => (p ? cameraCentre(p) : null));
    return this.centreCache[img]!;
  }

  get placed(): number {
    return this.poses.reduce((n, p) => n + (p ? 1 : 0), 0);
  }

  /** Pixel error of sighting s of the point of its track; Infinity behind the camera. */
  sightingError(s: number): number {
    const img = this.tracks.image[s]!;
    const pose = this.poses[img];
    if (!pose) return Infinity;
    const t = this.trackOf(s);
    const c = toCamera(pose, this.xyz[3 * t]!, this.xyz[3 * t + 1]!, this.xyz[3 * t + 2]!);
    if (!(c[2]! > 0)) return Infinity;
    const k = this.intrinsics[img]!;
    const kp = this.tracks.keypoint[s]!;
    const px = this.pixels[img]!;
    return Math.hypot(k.f * (c[0]! / c[2]!) + k.cx - px[2 * kp]!, k.f * (c[1]! / c[2]!) + k.cy - px[2 * kp + 1]!);
  }

  private trackOfSighting: Int32Array | null = null;

  trackOf(s: number): number {
    if (!this.trackOfSighting) {
      this.trackOfSighting = new Int32Array(this.tracks.image.length);
      for (let t = 0; t < this.tracks.count; t++) this.trackOfSighting.fill(t, this.tracks.start[t]!, this.tracks.start[t + 1]!);
    }
    return this.trackOfSighting[s]!;
  }

  /** The active sightings of track t in placed photos. */
  placedSightings(t: number): number[] {
    const out: number[] = [];
    for (let s = this.tracks.start[t]!; s < this.tracks.start[t + 1]!; s++) if (this.active[s] && this.poses[this.tracks.image[s]!]) out.push(s);
    return out;
  }

  place(img: number, pose: Pose): void {
    this.poses[img] = pose;
    this.centreCache = null;
  }

  /** Number of sightings in photo img of tracks that have a point: what PnP would have to work with. */
  correspondenceCount(img: number): number {
    let n = 0;
    for (const t of this.tracks.ofKeypoint[img]!) if (t >= 0 && this.hasPoint[t]) n++;
    return n;
  }

  /** The poses of the `count` placed photos that share the most reconstructed points with photo img. */
  neighbourPoses(img: number, count: number): Pose[] {
    const shared = new Map<number, number>();
    for (const t of this.tracks.ofKeypoint[img]!) {
      if (t < 0 || !this.hasPoint[t]) continue;
      for (const s of this.placedSightings(t)) shared.set(this.tracks.image[s]!, (shared.get(this.tracks.image[s]!) ?? 0) + 1);
    }
    return [...shared].sort((a, b) => b[1] - a[1]).slice(0, count).map(([other]) => this.poses[other]!);
  }

  /** Places photo img by PnP on the points it sees; returns the inlier count, or 0 when it could not. */
  register(img: number, thresholdPx: number, minInliers: number, random: Random): number {
    const world: number[] = [];
    const image: number[] = [];
    const sightings: number[] = [];
    const of = this.tracks.ofKeypoint[img]!;
    const norm = this.normalised[img]!;
    for (let kp = 0; kp < of.length; kp++) {
      const t = of[kp]!;
      if (t < 0 || !this.hasPoint[t]) continue;
      world.push(this.xyz[3 * t]!, this.xyz[3 * t + 1]!, this.xyz[3 * t + 2]!);
      image.push(norm[2 * kp]!, norm[2 * kp + 1]!);
      for (let s = this.tracks.start[t]!; s < this.tracks.start[t + 1]!; s++) if (this.tracks.image[s] === img) sightings.push(s);
    }
    if (sightings.length < minInliers) return 0;
    const estimate = estimatePose(world, image, { threshold: thresholdPx / this.intrinsics[img]!.f, random, priors: this.neighbourPoses(img, 2) });
    if (!estimate || estimate.inlierCount < minInliers) return 0;
    this.poses[img] = estimate.pose;
    this.centreCache = null;
    sightings.forEach((s, k) => (this.active[s] = estimate.inliers[k]!));
    return estimate.inlierCount;
  }

  /**
   * Triangulates track t from its active sightings in placed photos. Sightings that miss by more than
   * maxErrorPx are dropped and the point tried once more; it is kept when every remaining sighting
   * fits and its rays meet at minAngle (radians) or more.
   */
  triangulateTrack(t: number, maxErrorPx: number, minAngle: number): boolean {
    for (let attempt = 0; attempt < 2; attempt++) {
      const sightings = this.placedSightings(t);
      if (sightings.length < 2) return false;
      const point = triangulate(
        sightings.map((s) => {
          const img = this.tracks.image[s]!;
          const kp = this.tracks.keypoint[s]!;
          return { pose: this.poses[img]!, x: this.normalised[img]![2 * kp]!, y: this.normalised[img]![2 * kp + 1]! };
        }),
      );
      if (!point) return false;
      this.xyz.set(point, 3 * t);
      const bad = sightings.filter((s) => !(this.sightingError(s) <= maxErrorPx));
      if (bad.length === 0) {
        const angle = triangulationAngle(
          sightings.map((s) => this.centre(this.tracks.image[s]!)),
          point,
        );
        this.hasPoint[t] = angle >= minAngle ? 1 : 0;
        return this.hasPoint[t] === 1;
      }
      if (attempt === 1 || bad.length * 2 > sightings.length) return false;
      for (const s of bad) this.active[s] = 0;
    }
    return false;
  }

  /** Triangulates the tracks without a point that photo img sees; returns how many were made. */
  triangulateSeenBy(img: number, maxErrorPx: number, minAngle: number): number {
    let made = 0;
    for (const t of this.tracks.ofKeypoint[img]!) if (t >= 0 && !this.hasPoint[t] && this.triangulateTrack(t, maxErrorPx, minAngle)) made++;
    return made;
  }

  /** Bundle adjustment over every placed photo and every point; the photo `anchor` is held still. */
  adjust(anchor: number, options: BundleOptions): BundleResult | null {
    const cameraOf = new Int32Array(this.poses.length).fill(-1);
    const placed = [anchor, ...this.poses.flatMap((p, i) => (p && i !== anchor ? [i] : []))];
    placed.forEach((img, c) => (cameraOf[img] = c));
    const count = placed.length;
    const cameras: BundleCameras = { count, rotations: new Float64Array(9 * count), translations: new Float64Array(3 * count), focal: new Float64Array(count), principal: new Float64Array(2 * count) };
    placed.forEach((img, c) => {
      const pose = this.poses[img]!;
      cameras.rotations.set(pose.R, 9 * c);
      cameras.translations.set(pose.t, 3 * c);
      cameras.focal[c] = this.intrinsics[img]!.f;
      cameras.principal.set([this.intrinsics[img]!.cx, this.intrinsics[img]!.cy], 2 * c);
    });
    const trackIds: number[] = [];
    const camera: number[] = [];
    const point: number[] = [];
    const uv: number[] = [];
    for (let t = 0; t < this.tracks.count; t++) {
      if (!this.hasPoint[t]) continue;
      const sightings = this.placedSightings(t);
      if (sightings.length < 2) continue;
      for (const s of sightings) {
        const img = this.tracks.image[s]!;
        const kp = this.tracks.keypoint[s]!;
        camera.push(cameraOf[img]!);
        point.push(trackIds.length);
        uv.push(this.pixels[img]![2 * kp]!, this.pixels[img]![2 * kp + 1]!);
      }
      trackIds.push(t);
    }
    if (trackIds.length === 0) return null;
    const points = new Float64Array(3 * trackIds.length);
    trackIds.forEach((t, p) => points.set(this.xyz.subarray(3 * t, 3 * t + 3), 3 * p));
    const result = bundleAdjust(cameras, points, { camera: Int32Array.from(camera), point: Int32Array.from(point), uv: Float64Array.from(uv) }, options);
    placed.forEach((img, c) => (this.poses[img] = { R: cameras.rotations.slice(9 * c, 9 * c + 9), t: cameras.translations.slice(3 * c, 3 * c + 3) }));
    this.centreCache = null;
    trackIds.forEach((t, p) => this.xyz.set(points.subarray(3 * p, 3 * p + 3), 3 * t));
    if (options.refineFocal && result.focalScale !== 1) {
      this.focalScale *= result.focalScale;
      this.intrinsics.forEach((k, img) => {
        const f = this.baseFocal[img]! * this.focalScale;
        this.intrinsics[img] = { ...k, f };
        const px = this.pixels[img]!;
        const norm = this.normalised[img]!;
        for (let q = 0; q < norm.length; q += 2) {
          norm[q] = (px[q]! - k.cx) / f;
          norm[q + 1] = (px[q + 1]! - k.cy) / f;
        }
      });
    }
    return result;
  }

  /**
   * Drops sightings that miss by more than maxErrorPx (or lie behind their camera), then points left
   * with fewer than two sightings or whose rays meet at less than minAngle (radians). Returns the
   * number of points dropped.
   */
  filter(maxErrorPx: number, minAngle: number): number {
    let dropped = 0;
    for (let t = 0; t < this.tracks.count; t++) {
      if (!this.hasPoint[t]) continue;
      for (const s of this.placedSightings(t)) if (!(this.sightingError(s) <= maxErrorPx)) this.active[s] = 0;
      const kept = this.placedSightings(t);
      const point = this.xyz.subarray(3 * t, 3 * t + 3);
      if (kept.length < 2 || triangulationAngle(kept.map((s) => this.centre(this.tracks.image[s]!)), point) < minAngle) {
        this.hasPoint[t] = 0;
        dropped++;
      }
    }
    return dropped;
  }
}
