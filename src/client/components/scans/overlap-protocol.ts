import { detectFeatures, overlapShare, type ImageFeatures } from '../../../shared/geometry/overlap.ts';
import { analyseLuma, PHOTO_ANALYSIS, type PhotoAnalysis } from '../../../shared/photo-analysis.ts';
import { lumaOf, readPicture } from '../camera/luma.ts';

/** Scan photos are compared at this many pixels on their long side (docs/scans.md#photos). */
export const OVERLAP_SIDE = 320;

/** A photo read once: its verdict (at the server's scale) and its corners for the overlap. */
export interface MeasuredPhoto {
  analysis: PhotoAnalysis;
  features: ImageFeatures;
}

/** What the page asks of the overlap worker, and what it answers (overlap.worker.ts). */
export type OverlapQuestion = { kind: 'measure'; file: Blob } | { kind: 'features'; frame: ImageBitmap } | { kind: 'overlap'; previous: ImageFeatures; next: ImageFeatures };
export type OverlapRequest = { id: number } & OverlapQuestion;
export type OverlapReply = { id: number } & ({ kind: 'measure'; photo: MeasuredPhoto | null } | { kind: 'features'; features: ImageFeatures } | { kind: 'overlap'; share: number } | { kind: 'failed'; message: string });

async function measure(file: Blob): Promise<MeasuredPhoto | null> {
  const [full, small] = (await readPicture(file, [PHOTO_ANALYSIS.side, OVERLAP_SIDE])) ?? [];
  if (!full || !small) return null;
  return { analysis: analyseLuma(full.luma, full.width, full.height), features: detectFeatures(small) };
}

/** The work itself: in the worker, or on the page where no worker can start. */
export async function answer(request: OverlapRequest): Promise<OverlapReply> {
  try {
    if (request.kind === 'measure') return { id: request.id, kind: 'measure', photo: await measure(request.file) };
    if (request.kind === 'features') return { id: request.id, kind: 'features', features: detectFeatures(lumaOf(request.frame, request.frame.width, request.frame.height, OVERLAP_SIDE)) };
    return { id: request.id, kind: 'overlap', share: overlapShare(request.previous, request.next) };
  } catch (error) {
    return { id: request.id, kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

/** The arrays of an answer that can be handed back without a copy. */
export function transferablesOf(reply: OverlapReply): ArrayBuffer[] {
  const features = reply.kind === 'features' ? reply.features : reply.kind === 'measure' ? reply.photo?.features : undefined;
  return features ? [features.points.buffer as ArrayBuffer, features.descriptors.buffer as ArrayBuffer] : [];
}
