import { useComputedColorScheme } from '@mantine/core';
import { detectFeatures, overlapOfFeatures, type ImageFeatures } from '../../../shared/geometry/overlap.ts';
import { analyseLuma, PHOTO_ANALYSIS, type PhotoAnalysis } from '../../../shared/photo-analysis.ts';
import { SCAN_LIMITS } from '../../../shared/scans.ts';
import { lumaOf, readPicture } from '../camera/use-camera.ts';

/**
 * The overlap of each scan photo with the one before it, estimated in the browser
 * (docs/scans.md#photos) on pictures this many pixels on their long side.
 */
export const OVERLAP_SIDE = 320;

export type { ImageFeatures };

/** A chosen or taken photo read once: its verdict (at the server's scale) and its corners for the overlap. */
export async function measurePhoto(file: File): Promise<{ analysis: PhotoAnalysis; features: ImageFeatures } | null> {
  const [full, small] = (await readPicture(file, [PHOTO_ANALYSIS.side, OVERLAP_SIDE])) ?? [];
  if (!full || !small) return null;
  return { analysis: analyseLuma(full.luma, full.width, full.height), features: detectFeatures(small) };
}

/** The live camera frame's corners, or null before its first frame. */
export function featuresOfFrame(video: HTMLVideoElement): ImageFeatures | null {
  if (video.videoWidth === 0 || video.videoHeight === 0) return null;
  return detectFeatures(lumaOf(video, video.videoWidth, video.videoHeight, OVERLAP_SIDE));
}

/** The share (0 to 1, two decimals) of the previous photo that the next one shows again. */
export function overlapBetween(previous: ImageFeatures, next: ImageFeatures): number {
  return Math.round(overlapOfFeatures(previous, next).overlap * 100) / 100;
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
