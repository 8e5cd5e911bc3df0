/** What the page asks of the comparison worker, and what it answers. */
export interface CompareRequest {
  source: Float64Array;
  target: { points: Float64Array; triangles: Uint32Array | null };
  /** A scan's units are its own until a scale is set: the alignment may then scale it. */
  allowScale: boolean;
}

export type CompareAnswer =
  | { ok: true; mean: number; rms: number; max: number; p95: number; scale: number; legendMax: number; heat: Float32Array }
  | { ok: false; message: string };

export type CompareFigures = Extract<CompareAnswer, { ok: true }>;

/** Runs one comparison in its own worker, ended when it answers or when `signal` aborts. */
export function compareInWorker(request: CompareRequest, signal: AbortSignal): Promise<CompareFigures> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./compare.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(new DOMException('The comparison was stopped', 'AbortError'));
    };
    signal.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<CompareAnswer>) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      if (event.data.ok) resolve(event.data);
      else reject(new Error(event.data.message));
    };
    worker.onerror = (event) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      reject(new Error(event.message || 'The comparison could not run in this browser'));
    };
    // Copies, so the page keeps its own arrays for drawing.
    worker.postMessage({ source: request.source.slice(), target: { points: request.target.points.slice(), triangles: request.target.triangles?.slice() ?? null }, allowScale: request.allowScale });
  });
}
