import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { ScanStage } from '../../../shared/scans.ts';
import type { Database } from '../../db/index.ts';
import { byteaAsBase64, fromBase64 } from '../../lib/bytea.ts';
import { registerJob } from '../../lib/jobs.ts';
import { storeModel } from './models.ts';
import type { PipelineResult } from './pipeline.ts';
import { findSession, setProcessing, setProgress } from './repository.ts';
import { RECONSTRUCT_JOB } from './service.ts';
import type { JobMessage, WorkerInput, WorkerMessage } from './worker.ts';

/** Memory a reconstruction's thread may take (photos, features, the bundle adjustment's system). */
const WORKER_HEAP_MB = 1536;
/** How often the session's progress is written while the work goes on. */
const PROGRESS_EVERY_MS = 750;

/**
 * The worker: beside the bundle when the server runs bundled (scripts/start.mjs); from the sources
 * otherwise (development and tests), started by a small script that first registers tsx's loader
 * in the new thread, since a worker does not inherit the parent's.
 */
function startWorker(input: WorkerInput): Worker {
  const options = { workerData: input, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  if (!import.meta.url.endsWith('.ts')) return new Worker(fileURLToPath(new URL('./scan-worker.js', import.meta.url)), options);
  const source = new URL('./worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`, { ...options, eval: true });
}

/** Reconstructions run one at a time in a process: each takes a core and up to WORKER_HEAP_MB. */
let queue: Promise<unknown> = Promise.resolve();

/** A photo's bytes as the worker asked for them, or null when the photo is no longer there. */
type ReadPhoto = (index: number) => Promise<{ jpeg: Uint8Array<ArrayBuffer>; focalPx: number | null } | null>;

/** A photo could not be read from the database: the job runs again later rather than failing the scan. */
class PhotoReadError extends Error {}

function runWorker(input: WorkerInput, read: ReadPhoto, onProgress: (stage: ScanStage, fraction: number) => void, signal: AbortSignal): Promise<PipelineResult> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(input);
    let settled = false;
    const stop = () => worker.postMessage('stop' satisfies JobMessage);
    signal.addEventListener('abort', stop, { once: true });
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', stop);
      action();
    };
    // One photo at a time: the worker asks for the next only when it is done with the last.
    const serve = async (index: number) => {
      let photo: Awaited<ReturnType<ReadPhoto>>;
      try {
        photo = signal.aborted ? null : await read(index);
      } catch (error) {
        finish(() => reject(new PhotoReadError(error instanceof Error ? error.message : String(error))));
        void worker.terminate();
        return;
      }
      if (settled) return;
      const message: JobMessage = { index, photo: photo && { jpeg: photo.jpeg.buffer, focalPx: photo.focalPx } };
      worker.postMessage(message, photo ? [photo.jpeg.buffer] : []);
    };
    worker.on('message', (message: WorkerMessage) => {
      if ('progress' in message) onProgress(...message.progress);
      else if ('need' in message) void serve(message.need);
      else finish(() => resolve(message.result));
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) => finish(() => reject(new Error(`the reconstruction stopped (exit code ${code})`))));
  });
}

/**
 * Processes one session (docs/scans.md#processing): the worker asks for its photos one by one, each
 * read from the database when asked and handed over without a copy, so the server holds one photo
 * at a time; the stage and progress are written as it goes; a model is kept on success (unless the
 * scan was deleted meanwhile), the reason a person can act on on failure. When the runner stops
 * (the server shuts down) or a photo cannot be read, the job is left to run again later and the
 * session stays processing; a crashed worker fails the session with what happened.
 */
export async function reconstructSession(db: Database, sessionId: string, signal: AbortSignal): Promise<void> {
  const session = await findSession(db, sessionId);
  if (!session || session.status !== 'processing') return;
  const photos = await db.selectFrom('scan_images').select(['id', 'focal_px', 'focal_source']).where('session_id', '=', sessionId).orderBy('ordinal').execute();
  const read: ReadPhoto = async (index) => {
    const photo = photos[index];
    if (!photo) return null;
    const row = await db.selectFrom('scan_images').select(byteaAsBase64('content').as('content')).where('id', '=', photo.id).executeTakeFirst();
    if (!row?.content) return null;
    // Its own buffer, exactly the photo's size, so that it can be transferred to the worker.
    const jpeg = new Uint8Array(fromBase64(row.content));
    // A focal length guessed from nothing is left to the reconstruction to find.
    return { jpeg, focalPx: photo.focal_source === 'fallback' ? null : photo.focal_px };
  };
  let written = 0;
  // Progress is written one update after another, and all of them land before the outcome does:
  // on a database with several connections a late update would otherwise undo "completed".
  let progressWritten: Promise<void> = Promise.resolve();
  const onProgress = (stage: ScanStage, fraction: number) => {
    const now = Date.now();
    if (now - written < PROGRESS_EVERY_MS && fraction < 1) return;
    written = now;
    progressWritten = progressWritten.then(() => setProgress(db, sessionId, stage, fraction)).catch(() => undefined);
  };
  await setProcessing(db, sessionId, { status: 'processing', stage: 'features', progress: 0 });

  const run = queue.then(() => runWorker({ count: photos.length, scanType: session.scan_type }, read, onProgress, signal));
  queue = run.catch(() => undefined);
  let result: PipelineResult;
  try {
    result = await run;
  } catch (error) {
    await progressWritten;
    if (signal.aborted || error instanceof PhotoReadError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    await setProcessing(db, sessionId, { status: 'failed', stage: null, progress: 0, failureReason: `Processing stopped unexpectedly (${detail.slice(0, 200)}): process the scan again, or with fewer photos.` });
    return;
  }
  await progressWritten;
  if (signal.aborted) throw new Error('stopped before the result was kept');
  if (!result.ok) {
    const reason = result.reason.charAt(0).toUpperCase() + result.reason.slice(1);
    await setProcessing(db, sessionId, { status: 'failed', stage: null, progress: 0, failureReason: reason.endsWith('.') ? reason : `${reason}.` });
    return;
  }
  await db.transaction().execute(async (trx) => {
    // A scan deleted while it was processed keeps nothing.
    if ((await findSession(trx, sessionId, true))?.status !== 'processing') return;
    const modelId = await storeModel(
      trx,
      { ownerId: session.user_id, vehicleId: session.vehicle_id, componentId: session.component_id, name: `Scan of ${session.created_at.toISOString().slice(0, 10)}`, scanData: result.stats },
      result.geometry,
    );
    await setProcessing(trx, sessionId, { status: 'completed', stage: null, progress: 1, resultModelId: modelId, completedAt: new Date(), failureReason: null });
  });
}

export function registerScanJobs(): void {
  registerJob<{ sessionId: string }>(RECONSTRUCT_JOB, async ({ sessionId }, { db, signal }) => reconstructSession(db, sessionId, signal), { maxAttempts: 3 });
}
