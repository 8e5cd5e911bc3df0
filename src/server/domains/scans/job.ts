import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { ScanStage } from '../../../shared/scans.ts';
import type { Database } from '../../db/index.ts';
import { byteaAsBase64, fromBase64 } from '../../lib/bytea.ts';
import { registerJob } from '../../lib/jobs.ts';
import { storeModel } from './models.ts';
import type { PipelineResult } from './pipeline.ts';
import { findSession, setProcessing } from './repository.ts';
import { RECONSTRUCT_JOB } from './service.ts';
import type { WorkerInput, WorkerMessage } from './worker.ts';

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

function runWorker(input: WorkerInput, onProgress: (stage: ScanStage, fraction: number) => void, signal: AbortSignal): Promise<PipelineResult> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(input);
    let settled = false;
    const stop = () => worker.postMessage('stop');
    signal.addEventListener('abort', stop, { once: true });
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', stop);
      action();
    };
    worker.on('message', (message: WorkerMessage) => {
      if ('progress' in message) onProgress(...message.progress);
      else finish(() => resolve(message.result));
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) => finish(() => reject(new Error(`the reconstruction stopped (exit code ${code})`))));
  });
}

/**
 * Processes one session (docs/scans.md#processing): its photos go to the worker; the stage and
 * progress are written as it goes; a model is kept on success, the reason a person can act on on
 * failure. When the runner stops (the server shuts down) the job is left to run again later and
 * the session stays processing; a crashed worker fails the session with what happened.
 */
export async function reconstructSession(db: Database, sessionId: string, signal: AbortSignal): Promise<void> {
  const session = await findSession(db, sessionId);
  if (!session || session.status !== 'processing') return;
  const rows = await db
    .selectFrom('scan_images')
    .select([byteaAsBase64('content').as('content'), 'focal_px', 'focal_source'])
    .where('session_id', '=', sessionId)
    .orderBy('ordinal')
    .execute();
  // A focal length guessed from nothing is left to the reconstruction to find.
  const photos = rows.map((row) => ({ jpeg: new Uint8Array(fromBase64(row.content ?? '')), focalPx: row.focal_source === 'fallback' ? null : row.focal_px }));
  let written = 0;
  const onProgress = (stage: ScanStage, fraction: number) => {
    const now = Date.now();
    if (now - written < PROGRESS_EVERY_MS && fraction < 1) return;
    written = now;
    void setProcessing(db, sessionId, { status: 'processing', stage, progress: fraction }).catch(() => undefined);
  };
  await setProcessing(db, sessionId, { status: 'processing', stage: 'features', progress: 0 });

  const run = queue.then(() => runWorker({ photos, scanType: session.scan_type }, onProgress, signal));
  queue = run.catch(() => undefined);
  let result: PipelineResult;
  try {
    result = await run;
  } catch (error) {
    if (signal.aborted) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    await setProcessing(db, sessionId, { status: 'failed', stage: null, progress: 0, failureReason: `Processing stopped unexpectedly (${detail.slice(0, 200)}): process the scan again, or with fewer photos.` });
    return;
  }
  if (signal.aborted) throw new Error('stopped before the result was kept');
  if (!result.ok) {
    const reason = result.reason.charAt(0).toUpperCase() + result.reason.slice(1);
    await setProcessing(db, sessionId, { status: 'failed', stage: null, progress: 0, failureReason: reason.endsWith('.') ? reason : `${reason}.` });
    return;
  }
  await db.transaction().execute(async (trx) => {
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
