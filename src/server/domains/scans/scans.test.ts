import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, rejection, signInCookie } from '../../../../tests/helpers/factories.ts';
import { multipart, picture } from '../../../../tests/helpers/files.ts';
import { storeGenericTruck } from '../../../../tests/helpers/garage.ts';
import { modelOf, noisePhoto, scanWithPhotos } from '../../../../tests/helpers/scans.ts';
import { DEFAULT_CYLINDER, DEFAULT_RING, ringPhotos } from '../../../../tests/helpers/scan-scene.ts';
import sharp from 'sharp';
import { readPly, readStl } from '../../../shared/geometry/mesh-read.ts';
import { formatBytes } from '../../../shared/files.ts';
import { SCAN_LIMITS } from '../../../shared/scans.ts';
import { reconstructSession } from './job.ts';
import { setProgress } from './repository.ts';
import { addPhoto } from './service.ts';
import type { Database } from '../../db/index.ts';

describeEachDatabase('3D scans: sessions, photos and processing', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app?.close();
  });

  const send = (cookie: string, id: string, photo: Buffer, query: string) => {
    const body = multipart(photo, 'photo.jpg', 'image/jpeg');
    return app.inject({ method: 'POST', url: `/api/scan-sessions/${id}/images?${query}`, headers: { ...body.headers, cookie }, payload: body.payload });
  };

  it('keeps a session to its maker, refuses bad options, and takes sharp photos once per client key', async () => {
    const db = getDb();
    const owner = await createUser(db, { role: 'simple' });
    const stranger = await createUser(db, { role: 'tech' });
    const truck = await storeGenericTruck(db, `1SC${randomUUID().replace(/-/g, '').slice(0, 14).toUpperCase()}`);
    const brakes = await db.selectFrom('vehicle_components').select('id').where('vehicle_id', '=', truck).where('name', '=', 'Brakes').executeTakeFirstOrThrow();
    const mine = callerFor(db, owner);

    const session = await mine.scans.create({ vehicleId: truck, componentId: brakes.id, resolution: 'low', scanType: 'detail', outputFormat: 'stl' });
    expect(session).toMatchObject({ status: 'pending', stage: null, resolution: 'low', scanType: 'detail', outputFormat: 'stl', userRole: 'simple', photos: [] });
    expect((await rejection(callerFor(db, stranger).scans.get({ id: session.id }))).code).toBe('NOT_FOUND');
    expect((await rejection(mine.scans.create({ componentId: brakes.id }))).code).toBe('BAD_REQUEST');
    expect((await rejection(mine.scans.create({ vehicleId: randomUUID() }))).code).toBe('NOT_FOUND');
    const otherTruck = await storeGenericTruck(db, `1SD${randomUUID().replace(/-/g, '').slice(0, 14).toUpperCase()}`);
    expect((await rejection(mine.scans.create({ vehicleId: otherTruck, componentId: brakes.id }))).code).toBe('NOT_FOUND');
    expect((await rejection(mine.scans.create({ resolution: '8k' as never }))).code).toBe('BAD_REQUEST');

    const cookie = await signInCookie(app, owner.email);
    const photo = await noisePhoto(1, 1600, 1200);
    const first = await send(cookie, session.id, photo, 'clientKey=p-1&overlap=0.7');
    expect(first.statusCode).toBe(201);
    // Kept at the session's resolution (Low: 1024 px on the longest side), measured, with a focal length.
    expect(first.json().photos).toMatchObject([{ ordinal: 1, clientKey: 'p-1', width: 1024, height: 768, overlap: 0.7, focalSource: 'fallback' }]);
    // The same upload again (a retry after a dropped connection) stores nothing more.
    expect((await send(cookie, session.id, photo, 'clientKey=p-1')).json().photos).toHaveLength(1);
    const blurry = await send(cookie, session.id, await picture(800, 600, 'jpeg'), 'clientKey=p-2');
    expect(blurry.statusCode).toBe(400);
    expect(blurry.json().message).toMatch(/^This photo is blurry and was not added\./);
    const notAPhoto = await send(cookie, session.id, Buffer.from('%PDF-1.4 nothing'), 'clientKey=p-3');
    expect(notAPhoto.statusCode).toBe(415);
    expect((await send(cookie, session.id, photo, 'clientKey=bad key')).statusCode).toBe(400);
    expect((await send(cookie, session.id, photo, 'clientKey=p-4&overlap=2')).statusCode).toBe(400);
    expect((await send(await signInCookie(app, stranger.email), session.id, photo, 'clientKey=x')).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/api/scan-sessions/${session.id}/images?clientKey=y` })).statusCode).toBe(401);
    expect((await mine.scans.get({ id: session.id })).photos.map((p) => p.clientKey)).toEqual(['p-1']);

    // Too few photos to process; the list counts them.
    const few = await rejection(mine.scans.process({ id: session.id }));
    expect(few.code).toBe('CONFLICT');
    expect(few.message).toContain(`at least ${SCAN_LIMITS.minPhotosToProcess} photos`);
    expect((await mine.scans.list({})).map((s) => [s.id, s.photoCount])).toEqual([[session.id, 1]]);
    expect(await callerFor(db, stranger).scans.list({})).toEqual([]);
  });

  it('fails a scan whose photos share nothing with a reason a person can act on, and lets it be processed again', async () => {
    const db = getDb();
    const owner = await createUser(db, { role: 'tech' });
    const mine = callerFor(db, owner);
    const session = await mine.scans.create({ resolution: 'low' });
    const cookie = await signInCookie(app, owner.email);
    for (let k = 0; k < SCAN_LIMITS.minPhotosToProcess; k++) expect((await send(cookie, session.id, await noisePhoto(100 + k), `clientKey=n-${k}`)).statusCode).toBe(201);

    const processing = await app.inject({ method: 'POST', url: `/api/scan-sessions/${session.id}/process`, headers: { cookie } });
    expect(processing.statusCode).toBe(202);
    expect(processing.json()).toMatchObject({ status: 'processing', stage: 'queued', progress: 0 });
    expect((await rejection(mine.scans.process({ id: session.id }))).code).toBe('CONFLICT');
    expect((await send(cookie, session.id, await noisePhoto(999), 'clientKey=late')).statusCode).toBe(409);
    const job = await db.selectFrom('jobs').select(['name', 'payload']).where('name', '=', 'scans.reconstruct').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(job.payload).toEqual({ sessionId: session.id });

    await reconstructSession(db, session.id, new AbortController().signal);
    const failed = await mine.scans.get({ id: session.id });
    expect(failed).toMatchObject({ status: 'failed', stage: null, resultModelId: null });
    // The reconstruction's own reason, not a crash of its thread.
    expect(failed.failureReason).toMatch(/^No two photos share enough features seen from different angles: take the photos closer together/);
    expect(failed.failureReason).toMatch(/^[A-Z].*\.$/);
    // A failed scan may be processed again (after more photos, or as it is).
    expect((await mine.scans.process({ id: session.id })).status).toBe('processing');
  });

  /** A tech's scan of real photos, its reconstruction under way and past listing the photos (stage 'features'). */
  async function reconstructionUnderWay(db: Database) {
    const owner = await createUser(db, { role: 'tech' });
    const mine = callerFor(db, owner);
    const id = await scanWithPhotos(db, owner, SCAN_LIMITS.minPhotosToProcess, { pictures: true });
    await mine.scans.process({ id });
    const run = reconstructSession(db, id, new AbortController().signal);
    // The photos are listed before the stage is written; the last is asked for only after the others' features.
    await expect.poll(async () => (await mine.scans.get({ id })).stage, { timeout: 10_000, interval: 5 }).toBe('features');
    return { owner, mine, id, run };
  }

  it('reads the photos one by one as the reconstruction asks: a photo removed meanwhile fails the scan with a reason', async () => {
    const db = getDb();
    const { mine, id, run } = await reconstructionUnderWay(db);
    await db.deleteFrom('scan_images').where('session_id', '=', id).where('ordinal', '=', SCAN_LIMITS.minPhotosToProcess).execute();
    await run;
    expect(await mine.scans.get({ id })).toMatchObject({
      status: 'failed',
      resultModelId: null,
      failureReason: `Photo ${SCAN_LIMITS.minPhotosToProcess} of this scan was removed while it was processed: process the scan again.`,
    });
  });

  it('keeps a user\u2019s scan photos within their storage, saying how much is used; deleting a scan frees its photos and keeps its model', async () => {
    const db = getDb();
    const owner = await createUser(db, { role: 'tech' });
    const mine = callerFor(db, owner);
    const old = await scanWithPhotos(db, owner, 2, { pictures: true });
    const model = await modelOf(db, owner);
    await db.updateTable('scan_sessions').set({ status: 'completed', result_model_id: model }).where('id', '=', old).execute();
    const stored = async () => (await db.selectFrom('scan_images').innerJoin('scan_sessions', 'scan_sessions.id', 'scan_images.session_id').select('byte_size').where('user_id', '=', owner.id).execute()).reduce((sum, row) => sum + row.byte_size, 0);
    const used = await stored();
    // Another user's photos count for them only.
    await scanWithPhotos(db, await createUser(db), 2, { pictures: true });

    // A small budget stands for SCAN_LIMITS.storageBytes: the old scan's photos and 1 KB more.
    const budget = used + 1024;
    const session = await mine.scans.create({ resolution: 'low' });
    const photo = await noisePhoto(7);
    const refused = await rejection(addPhoto(db, owner, session.id, photo, { clientKey: 'over' }, budget));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toContain(`Your scan photos already use ${formatBytes(used)} of your ${formatBytes(budget)}: this `);
    expect(refused.message).toMatch(/: this \d+ KB photo does not fit\. Delete scans you no longer need \(their models stay\) and try again\.$/);
    expect(await stored()).toBe(used);

    expect((await rejection(callerFor(db, await createUser(db)).scans.delete({ id: old }))).code).toBe('NOT_FOUND');
    await mine.scans.delete({ id: old });
    expect((await rejection(mine.scans.get({ id: old }))).code).toBe('NOT_FOUND');
    expect(await stored()).toBe(0);
    expect((await mine.scans.model({ id: model })).id).toBe(model);
    expect((await mine.scans.models({})).map((m) => m.id)).toEqual([model]);
    expect((await addPhoto(db, owner, session.id, photo, { clientKey: 'fits' }, budget)).photos.map((p) => p.clientKey)).toEqual(['fits']);
  });

  it('a scan deleted while it is processed stops at the next photo and leaves nothing behind', async () => {
    const db = getDb();
    const { owner, mine, id, run } = await reconstructionUnderWay(db);
    await mine.scans.delete({ id });
    await run;
    expect(await db.selectFrom('scan_sessions').select('id').where('user_id', '=', owner.id).execute()).toEqual([]);
    expect(await mine.scans.models({})).toEqual([]);
  });

  it('reconstructs 24 photos of a cylinder, taken with their lens in EXIF, into a model with its downloads', async () => {
    const db = getDb();
    const owner = await createUser(db, { role: 'tech' });
    const mine = callerFor(db, owner);
    const cookie = await signInCookie(app, owner.email);
    const session = await mine.scans.create({ resolution: 'low', scanType: 'full', outputFormat: 'stl' });
    // 480 × 360 at 420 px focal length: a 30 mm equivalent, as a phone would write it. A textured
    // cylinder reconstructs several times faster than the box, whose accuracy pipeline.test.ts checks.
    const ring = { ...DEFAULT_RING, views: 24, width: 480, height: 360, focalPx: 420, seed: 11 };
    const photos = await ringPhotos(DEFAULT_CYLINDER, ring);
    for (const [k, photo] of photos.entries()) {
      const withLens = await sharp(photo).withExif({ IFD2: { FocalLengthIn35mmFilm: '30' } }).jpeg({ quality: 92 }).toBuffer();
      expect((await send(cookie, session.id, withLens, `clientKey=ring-${k}`)).statusCode).toBe(201);
    }
    const taken = await mine.scans.get({ id: session.id });
    expect(taken.photos.every((p) => p.focalSource === '35mm' && Math.abs((p.focalPx ?? 0) - 420) < 10)).toBe(true);
    await mine.scans.process({ id: session.id });
    await reconstructSession(db, session.id, new AbortController().signal);

    const done = await mine.scans.get({ id: session.id });
    expect(done).toMatchObject({ status: 'completed', stage: null, progress: 1, failureReason: null });
    // A progress report that arrives after the outcome (another connection's) leaves it as it is.
    await setProgress(db, session.id, 'surface', 0.5);
    expect(await mine.scans.get({ id: session.id })).toMatchObject({ status: 'completed', stage: null, progress: 1 });
    const model = await mine.scans.model({ id: done.resultModelId! });
    expect(model).toMatchObject({ modelType: 'mesh', scanSource: 'photo-scan', scanData: { photosTaken: 24 } });
    expect(model.scanData!.photosPlaced).toBeGreaterThanOrEqual(22);
    expect(model.pointCount).toBeGreaterThan(500);
    expect(model.dimensions!.size.every((side) => side > 0)).toBe(true);
    const ply = await app.inject({ method: 'GET', url: model.downloads.ply, headers: { cookie } });
    expect(ply.statusCode).toBe(200);
    expect(readPly(ply.rawPayload).positions.length / 3).toBe(model.pointCount);
    const stl = await app.inject({ method: 'GET', url: model.downloads.stl, headers: { cookie } });
    expect(readStl(stl.rawPayload).triangles.length / 3).toBe(model.faceCount);
    expect((await rejection(callerFor(db, await createUser(db)).scans.model({ id: model.id }))).code).toBe('NOT_FOUND');
  }, 90_000);
});
