import sharp from 'sharp';
import type { User } from '../../src/shared/auth.ts';
import type { Database } from '../../src/server/db/index.ts';
import { byteaParam } from '../../src/server/lib/bytea.ts';
import { storeModel } from '../../src/server/domains/scans/models.ts';

/** A sharp photo that matches no other: fine random noise, deterministic per seed. */
export async function noisePhoto(seed: number, width = 320, height = 240): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let state = (seed * 2654435761) >>> 0;
  for (let i = 0; i < raw.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    raw[i] = state >>> 24;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

/**
 * A session of the user's (Low resolution, taking photos) with `photos` photo rows, all written
 * directly, so that fixtures may make more than a user's 50: one byte each (not a picture: for tests
 * that never process them), or with `pictures` a noise photo each (320 × 240, about 80 KB), which
 * the reconstruction reads and fails on (they share nothing).
 */
export async function scanWithPhotos(db: Database, user: User, photos: number, options: { pictures?: boolean } = {}): Promise<string> {
  const session = await db
    .insertInto('scan_sessions')
    .values({ user_id: user.id, images: '[]', user_role: user.role === 'tech' ? 'tech' : 'simple', resolution: 'low' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let k = 1; k <= photos; k++) {
    const content = options.pictures ? await noisePhoto(k) : Buffer.from([k]);
    await db
      .insertInto('scan_images')
      .values({ session_id: session.id, ordinal: k, client_key: `fixture-${k}`, content: byteaParam(content), byte_size: content.byteLength, width: options.pictures ? 320 : 1024, height: options.pictures ? 240 : 768, focal_px: 1200, focal_source: 'fallback', sharpness: 500, overlap: null })
      .execute();
  }
  return session.id;
}

/** A small model of the user's: a tetrahedron's four points and its four faces. */
export async function modelOf(db: Database, user: User): Promise<string> {
  const points = Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1);
  return storeModel(
    db,
    { ownerId: user.id, vehicleId: null, componentId: null, name: 'Fixture scan', scanData: { photosTaken: 20, photosPlaced: 20, reprojectionErrorPx: 0.6, seconds: 12 } },
    { points, pointColors: Uint8Array.of(255, 0, 0, 0, 255, 0, 0, 0, 255, 200, 200, 200), vertices: points, faces: Uint32Array.of(0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3) },
  );
}
