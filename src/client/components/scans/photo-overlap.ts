import { useComputedColorScheme } from '@mantine/core';
import type { ImageFeatures } from '../../../shared/geometry/overlap.ts';
import { SCAN_LIMITS } from '../../../shared/scans.ts';
import { answer, type MeasuredPhoto, type OverlapQuestion, type OverlapReply, type OverlapRequest } from './overlap-protocol.ts';

/**
 * The overlap of each scan photo with the one before it, estimated in the browser
 * (docs/scans.md#photos), in a worker of its own (overlap.worker.ts).
 */

export type { ImageFeatures };

/** The page's one overlap worker, started at first use; null where none could start (the work then runs on the page). */
let worker: Worker | null | undefined;
const waiting = new Map<number, { request: OverlapRequest; settle: (reply: OverlapReply) => void }>();
let lastId = 0;

function overlapWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    const started = new Worker(new URL('./overlap.worker.ts', import.meta.url), { type: 'module' });
    started.onmessage = (event: MessageEvent<OverlapReply>) => {
      waiting.get(event.data.id)?.settle(event.data);
      waiting.delete(event.data.id);
    };
    // A worker that cannot run: what waits on it, and all later work, is done on the page.
    started.onerror = () => {
      started.terminate();
      worker = null;
      for (const { request, settle } of waiting.values()) void answer(request).then(settle);
      waiting.clear();
    };
    worker = started;
  } catch {
    worker = null;
  }
  return worker;
}

/** One question to the worker (or the page); what it carries is copied, so the page can still answer it if the worker fails. */
function send(question: OverlapQuestion): Promise<OverlapReply> {
  const request: OverlapRequest = { id: ++lastId, ...question };
  const thread = overlapWorker();
  if (!thread) return answer(request);
  return new Promise((settle) => {
    waiting.set(request.id, { request, settle });
    try {
      thread.postMessage(request);
    } catch {
      // A question the worker cannot be handed is answered on the page.
      waiting.delete(request.id);
      void answer(request).then(settle);
    }
  });
}

/** The answer of the question's own kind; a failure throws with what went wrong. */
async function ask<Q extends OverlapQuestion>(question: Q): Promise<Extract<OverlapReply, { kind: Q['kind'] }>> {
  const reply = await send(question);
  if (reply.kind === 'failed') throw new Error(reply.message);
  if (reply.kind !== question.kind) throw new Error(`asked for ${question.kind}, answered ${reply.kind}`);
  return reply as Extract<OverlapReply, { kind: Q['kind'] }>;
}

/** A chosen or taken photo read once, in the worker: its verdict and its corners, or null when it cannot be decoded. */
export async function measurePhoto(file: File): Promise<MeasuredPhoto | null> {
  return (await ask({ kind: 'measure', file })).photo;
}

/** The live camera frame's corners, or null before its first frame. */
export async function featuresOfFrame(video: HTMLVideoElement): Promise<ImageFeatures | null> {
  if (video.videoWidth === 0 || video.videoHeight === 0) return null;
  return (await ask({ kind: 'features', frame: await createImageBitmap(video) })).features;
}

/** The share (0 to 1, two decimals) of the previous photo that the next one shows again. */
export async function overlapBetween(previous: ImageFeatures, next: ImageFeatures): Promise<number> {
  return (await ask({ kind: 'overlap', previous, next })).share;
}

export const percent = (share: number) => `${Math.round(share * 100)} %`;

export const isLowOverlap = (share: number | null): share is number => share !== null && share < SCAN_LIMITS.minOverlap;

/** What the page says of a photo that shares too little with the one before it. */
export const lowOverlapMessage = (share: number) => `Only ${percent(share)} overlap with the previous photo: step back or take a photo between them.`;

/** The colour of an overlap figure: orange when too low, else green (or `quiet`), dark enough on white and light enough on the dark scheme. */
export function useOverlapColour(): (share: number, quiet?: string) => string {
  const dark = useComputedColorScheme('light') === 'dark';
  return (share, quiet) => {
    if (isLowOverlap(share)) return dark ? 'orange.4' : 'var(--mantine-color-orange-light-color)';
    return quiet ?? (dark ? 'green.4' : 'var(--mantine-color-green-light-color)');
  };
}
