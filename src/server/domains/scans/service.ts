import type { User } from '../../../shared/auth.ts';
import { SCAN_LIMITS, type CreateScanSessionValues, type ScanPhotoMeta, type ScanSession } from '../../../shared/scans.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { lockUploader, requireRoom } from '../../lib/storage-quota.ts';
import { componentBelongsTo, findVehicleById } from '../../lib/vehicles.ts';
import { intakePhoto } from './photos.ts';
import { countPhotos, countSessions, deleteSession, findPhotoByKey, findSession, insertPhoto, insertSession, setProcessing, storedPhotoBytes, withPhotos, type SessionRow } from './repository.ts';

/** The job that reconstructs a session's photos (job.ts). */
export const RECONSTRUCT_JOB = 'scans.reconstruct';

export const sessionNotFound = () => domainError('NOT_FOUND', 'Scan session not found');

/** A session is its maker's alone: anyone else gets 404, as if it did not exist. */
export async function ownSession(db: Executor, user: User, id: string, lock = false): Promise<SessionRow> {
  const row = await findSession(db, id, lock);
  if (!row || row.user_id !== user.id) throw sessionNotFound();
  return row;
}

export async function createSession(db: Database, user: User, values: CreateScanSessionValues): Promise<ScanSession> {
  if (values.vehicleId && !(await findVehicleById(db, values.vehicleId))) throw domainError('NOT_FOUND', 'Vehicle not found');
  if (values.componentId && values.vehicleId && !(await componentBelongsTo(db, values.componentId, values.vehicleId))) {
    throw domainError('NOT_FOUND', 'The component was not found on this vehicle');
  }
  return db.transaction().execute(async (trx) => {
    // One at a time per user, so that two requests together cannot pass the bound.
    await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().executeTakeFirst();
    if ((await countSessions(trx, user.id)) >= SCAN_LIMITS.maxSessions) {
      throw domainError('CONFLICT', `You keep ${SCAN_LIMITS.maxSessions} scans at most: delete one you no longer need first`);
    }
    return withPhotos(trx, await insertSession(trx, user.id, user.role === 'tech' ? 'tech' : 'simple', values));
  });
}

export async function getSession(db: Executor, user: User, id: string): Promise<ScanSession> {
  return withPhotos(db, await ownSession(db, user, id));
}

/**
 * Adds one photo to a session still taking photos (docs/scans.md#photos). The same `clientKey`
 * again (a retried upload after a dropped connection) stores nothing more and answers the session.
 * The photo is prepared before any row is locked, so a slow decode holds no lock; then the user's
 * uploads are serialised and the photo must fit their storage (docs/scans.md#storage; `storageBytes`
 * is SCAN_LIMITS' figure but for tests).
 */
export async function addPhoto(db: Database, user: User, id: string, bytes: Buffer, meta: ScanPhotoMeta, storageBytes: number = SCAN_LIMITS.storageBytes): Promise<ScanSession> {
  const first = await ownSession(db, user, id);
  if (first.status !== 'pending') throw domainError('CONFLICT', 'This scan is no longer taking photos');
  if (await findPhotoByKey(db, id, meta.clientKey)) return withPhotos(db, first);
  const photo = await intakePhoto(bytes, first.resolution);
  return db.transaction().execute(async (trx) => {
    if (!(await lockUploader(trx, user.id))) throw domainError('UNAUTHORIZED', 'No authenticated session');
    const row = await ownSession(trx, user, id, true);
    if (row.status !== 'pending') throw domainError('CONFLICT', 'This scan is no longer taking photos');
    if (!(await findPhotoByKey(trx, id, meta.clientKey))) {
      const { count, last } = await countPhotos(trx, id);
      if (count >= SCAN_LIMITS.maxPhotos) throw domainError('CONFLICT', `A scan holds ${SCAN_LIMITS.maxPhotos} photos at most: process it now`);
      const used = await storedPhotoBytes(trx, user.id);
      requireRoom({ used, adding: photo.content.byteLength, quota: storageBytes, kept: 'scan photos', one: 'photo', advice: 'Delete scans you no longer need (their models stay) and try again.' });
      await insertPhoto(trx, id, last + 1, meta.clientKey, photo, meta.overlap ?? null);
    }
    return withPhotos(trx, row);
  });
}

/**
 * Deletes a session and its photos, whatever its state (docs/scans.md#storage): the model it made
 * stays with the user's models; a reconstruction under way fails at the next photo it asks for, or
 * keeps nothing if it was done.
 */
export async function removeSession(db: Database, user: User, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ownSession(trx, user, id, true);
    await deleteSession(trx, id);
  });
}

/**
 * Starts processing (docs/scans.md#processing): a session taking photos, or one that failed and
 * was given more photos or is simply tried again. The work runs as a background job; the session
 * says its stage and progress meanwhile.
 */
export async function processSession(db: Database, user: User, id: string): Promise<ScanSession> {
  return db.transaction().execute(async (trx) => {
    const row = await ownSession(trx, user, id, true);
    if (row.status === 'processing') throw domainError('CONFLICT', 'This scan is being processed already');
    if (row.status === 'completed') throw domainError('CONFLICT', 'This scan is completed: start a new scan to take it again');
    const { count } = await countPhotos(trx, id);
    if (count < SCAN_LIMITS.minPhotosToProcess) {
      throw domainError('CONFLICT', `A scan needs at least ${SCAN_LIMITS.minPhotosToProcess} photos to be processed (${SCAN_LIMITS.recommendedMin} or more work best); this one has ${count}`);
    }
    await setProcessing(trx, id, { status: 'processing', stage: 'queued', progress: 0, failureReason: null });
    await enqueueJob(trx, RECONSTRUCT_JOB, { sessionId: id }, { idempotencyKey: `${RECONSTRUCT_JOB}:${id}:${Date.now()}` });
    return withPhotos(trx, (await findSession(trx, id))!);
  });
}
