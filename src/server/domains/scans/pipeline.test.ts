import { describe, expect, it } from 'vitest';
import { DEFAULT_BOX, DEFAULT_RING, ringPhotos, scoreAgainstTruth, type RingOptions } from '../../../../tests/helpers/scan-scene.ts';
import { reconstructPhotos } from './pipeline.ts';

/**
 * The whole reconstruction on rendered photos (ORB features on JPEGs with pixel noise, not ideal
 * matches): a textured box seen from 24 cameras on a ring, 480 × 360. The result is aligned to the
 * truth by the camera centres and ICP, then measured against the box's surface.
 */
describe('reconstructPhotos on rendered photos', () => {
  it('places the photos of a box and puts its points within 2% of its size', async () => {
    const ring: RingOptions = { ...DEFAULT_RING, views: 24, width: 480, height: 360, focalPx: 420 };
    const jpegs = await ringPhotos(DEFAULT_BOX, ring);
    const result = await reconstructPhotos(
      jpegs.map((jpeg) => ({ jpeg, focalPx: ring.focalPx })),
      { scanType: 'full' },
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.stats.photosPlaced).toBeGreaterThanOrEqual(Math.ceil(0.9 * ring.views));
    expect(result.cameraCentres.filter((c) => c !== null)).toHaveLength(result.stats.photosPlaced);
    expect(result.geometry.points.length / 3).toBeGreaterThan(500);
    expect(result.geometry.faces.length).toBeGreaterThan(0);
    const score = scoreAgainstTruth(DEFAULT_BOX, ring, result.cameraCentres, result.geometry.points);
    expect(score).not.toBeNull();
    expect(score!.cameraRmsShare).toBeLessThan(0.02);
    expect(score!.rmsShare).toBeLessThan(0.02);
  }, 60_000);
});
