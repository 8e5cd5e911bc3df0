/** What the reconstruction takes in and gives back. */

export interface ImageFeatures {
  readonly width: number;
  readonly height: number;
  /** Focal length in pixels when the photo's EXIF gave one (see focalPixels); 1.2 × the long side otherwise. */
  readonly focalPx?: number | null;
  /** Keypoint positions in pixels, x, y pairs. */
  readonly keypoints: Float32Array;
  /** Colour at each keypoint, r, g, b triples. */
  readonly colours?: Uint8Array | null;
}

/** Putative matches between images i and j: keypoint index pairs (index in i, index in j). */
export interface PairMatches {
  readonly i: number;
  readonly j: number;
  readonly pairs: Uint32Array;
}

export type ReconstructionStage = 'matching' | 'poses' | 'points' | 'refining';

export interface ReconstructionInput {
  readonly images: readonly ImageFeatures[];
  readonly matches: readonly PairMatches[];
}

export interface ReconstructionOptions {
  /** Called with the stage under way and its progress from 0 to 1. */
  readonly onProgress?: (stage: ReconstructionStage, fraction: number) => void;
  /** Stops the work between steps; the result is then a failure with code 'cancelled'. */
  readonly signal?: AbortSignal;
  /** Seed of the RANSAC draws (the same input and seed give the same result). */
  readonly seed?: number;
  /** Epipolar inlier threshold in pixels (default 3). */
  readonly epipolarThresholdPx?: number;
  /** Reprojection error in pixels beyond which a sighting is dropped (default 4). */
  readonly maxReprojectionErrorPx?: number;
  /** Smallest triangulation angle a point keeps, degrees (default 1.5). */
  readonly minTriangulationAngleDeg?: number;
  /** Verified matches a pair needs to take part (default 30). */
  readonly minPairInliers?: number;
  /**
   * 2D–3D inliers an image needs to be placed (default 12: around a part's corners a photo shares only
   * a few three-photo tracks with those placed before it, and the pose it gets is refined with the rest).
   */
  readonly minRegistrationInliers?: number;
  /** Share of the photos that must be placed for a result (default 0.5); fewer is a failure. */
  readonly minPlacedShare?: number;
  /** Refine one common scale of the focal lengths in bundle adjustment (default: when some photo had no focal length). */
  readonly refineFocal?: boolean;
}

export interface ReconstructedCamera {
  readonly index: number;
  readonly registered: boolean;
  /** World-to-camera rotation (row-major 3×3) and translation: x_cam = R·X + t; null when not placed. */
  readonly R: Float64Array | null;
  readonly t: Float64Array | null;
  /** Camera centre in the world, null when not placed. */
  readonly centre: Float64Array | null;
  /** Intrinsic matrix K (row-major 3×3), with the refined focal length. */
  readonly K: Float64Array;
}

export interface ReconstructedPoints {
  readonly count: number;
  /** x, y, z triples. */
  readonly xyz: Float64Array;
  /** r, g, b triples (mean of the sightings' colours; grey without colours). */
  readonly rgb: Uint8Array;
  /** Number of photos each point was seen in. */
  readonly trackLength: Uint16Array;
  /** A place each point was seen from (the mean centre of its cameras), for orienting normals. */
  readonly viewpoint: Float64Array;
  /** The photos and keypoints each point was seen at: point p's are sightingStart[p] … sightingStart[p + 1] − 1. */
  readonly sightingStart: Uint32Array;
  readonly sightingImage: Uint32Array;
  readonly sightingKeypoint: Uint32Array;
}

export interface ReconstructionStats {
  readonly imagesTotal: number;
  readonly imagesPlaced: number;
  readonly points: number;
  readonly observations: number;
  /** Mean reprojection error over the kept sightings, pixels. */
  readonly meanReprojectionErrorPx: number;
  readonly initialPair: readonly [number, number];
  /** Focal lengths were multiplied by this in refinement (1 when not refined). */
  readonly focalScale: number;
}

export interface ReconstructionSuccess {
  readonly ok: true;
  readonly cameras: readonly ReconstructedCamera[];
  readonly points: ReconstructedPoints;
  readonly stats: ReconstructionStats;
}

export type ReconstructionFailureCode = 'too-few-images' | 'no-initial-pair' | 'too-few-placed' | 'cancelled';

export interface ReconstructionFailure {
  readonly ok: false;
  readonly code: ReconstructionFailureCode;
  /** A sentence for the person who took the photos. */
  readonly reason: string;
  readonly imagesTotal: number;
  readonly imagesPlaced: number;
}

export type ReconstructionResult = ReconstructionSuccess | ReconstructionFailure;
