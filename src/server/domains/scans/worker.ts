import { parentPort, workerData } from 'node:worker_threads';
import type { ScanStage, ScanType } from '../../../shared/scans.ts';
import { reconstructPhotos, type PipelinePhoto, type PipelineResult } from './pipeline.ts';

/**
 * The reconstruction's own thread (docs/scans.md#processing): the server's event loop stays free
 * while the photos are matched and solved. It takes the photos in `workerData`, posts
 * `{ progress: [stage, fraction] }` as it goes and `{ result }` at the end, and stops early when
 * sent 'stop'.
 */
export interface WorkerInput {
  photos: PipelinePhoto[];
  scanType: ScanType;
}
export type WorkerMessage = { progress: [ScanStage, number] } | { result: PipelineResult };

const port = parentPort;
if (port) {
  const input = workerData as WorkerInput;
  const stop = new AbortController();
  port.on('message', (message) => {
    if (message === 'stop') stop.abort();
  });
  void reconstructPhotos(input.photos, { scanType: input.scanType, signal: stop.signal, onProgress: (stage, fraction) => port.postMessage({ progress: [stage, fraction] } satisfies WorkerMessage) }).then((result) => {
    const transfer = result.ok ? [result.geometry.points.buffer, result.geometry.pointColors.buffer, result.geometry.vertices.buffer, result.geometry.faces.buffer] : [];
    port.postMessage({ result } satisfies WorkerMessage, transfer as ArrayBuffer[]);
    port.close();
  });
}
