import { parentPort, workerData } from 'node:worker_threads';
import type { ScanStage, ScanType } from '../../../shared/scans.ts';
import { reconstructPhotos, type PipelinePhoto, type PipelineResult } from './pipeline.ts';

/**
 * The reconstruction's own thread (docs/scans.md#processing): the server's event loop stays free
 * while the photos are matched and solved. It learns how many photos there are from `workerData`
 * and asks for each in turn (`{ need: index }`); the job answers `{ index, photo }` with the photo's
 * bytes transferred, not copied (null when the photo is gone). It posts `{ progress: [stage,
 * fraction] }` as it goes and `{ result }` at the end, and stops early when sent 'stop'.
 */
export interface WorkerInput {
  count: number;
  scanType: ScanType;
}
export type WorkerMessage = { progress: [ScanStage, number] } | { need: number } | { result: PipelineResult };
export type JobMessage = 'stop' | { index: number; photo: { jpeg: ArrayBuffer; focalPx: number | null } | null };

const port = parentPort;
if (port) {
  const input = workerData as WorkerInput;
  const stop = new AbortController();
  const waiting = new Map<number, (photo: PipelinePhoto | null) => void>();
  const answer = (index: number, photo: PipelinePhoto | null) => {
    const resolve = waiting.get(index);
    waiting.delete(index);
    resolve?.(photo);
  };
  port.on('message', (message: JobMessage) => {
    if (message === 'stop') {
      stop.abort();
      for (const index of [...waiting.keys()]) answer(index, null);
    } else {
      answer(message.index, message.photo && { jpeg: new Uint8Array(message.photo.jpeg), focalPx: message.photo.focalPx });
    }
  });
  const source = {
    count: input.count,
    load: (index: number) =>
      new Promise<PipelinePhoto | null>((resolve) => {
        if (stop.signal.aborted) return resolve(null);
        waiting.set(index, resolve);
        port.postMessage({ need: index } satisfies WorkerMessage);
      }),
  };
  void reconstructPhotos(source, { scanType: input.scanType, signal: stop.signal, onProgress: (stage, fraction) => port.postMessage({ progress: [stage, fraction] } satisfies WorkerMessage) }).then((result) => {
    const transfer = result.ok ? [result.geometry.points.buffer, result.geometry.pointColors.buffer, result.geometry.vertices.buffer, result.geometry.faces.buffer] : [];
    port.postMessage({ result } satisfies WorkerMessage, transfer as ArrayBuffer[]);
    port.close();
  });
}
