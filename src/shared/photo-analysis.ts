/** What the server measures of every photo it stores (docs/files.md#photo-analysis). */

export const PHOTO_VERDICTS = ['sharp', 'blurry', 'too_dark', 'overexposed'] as const;
export type PhotoVerdict = (typeof PHOTO_VERDICTS)[number];

export const PHOTO_VERDICT_LABELS: Readonly<Record<PhotoVerdict, string>> = {
  sharp: 'Sharp',
  blurry: 'Blurry',
  too_dark: 'Too dark',
  overexposed: 'Overexposed',
};

export const PHOTO_VERDICT_ADVICE: Readonly<Record<PhotoVerdict, string>> = {
  sharp: 'In focus and well exposed: good for the record.',
  blurry: 'Hold the camera still or brace it against something, tap the part to focus, and take it again.',
  too_dark: 'Turn on a work light or the flash, or move the car into better light, and take it again.',
  overexposed: 'Step out of direct sunlight or turn the flash off, and take it again.',
};

export interface PhotoAnalysis {
  /** Variance of the Laplacian of the picture scaled to at most ANALYSIS_SIDE px: higher is sharper. */
  sharpness: number;
  /** Mean brightness, 0 (black) to 255 (white). */
  meanBrightness: number;
  /** Share of pixels at the dark end of the histogram (0 to 1). */
  darkShare: number;
  /** Share of pixels at the bright end of the histogram (0 to 1). */
  brightShare: number;
  verdict: PhotoVerdict;
}

/** The thresholds behind the verdict, in one place so that capture and server agree. */
export const PHOTO_ANALYSIS = {
  /** Photos are measured at this longest side, so that the figure does not depend on the camera. */
  side: 1024,
  /** Below this Laplacian variance a photo reads as blurry. */
  blurryBelow: 60,
  /** Levels at or below this count as dark; at or above `brightFrom` as bright. */
  darkTo: 24,
  brightFrom: 236,
  /** A photo is too dark when its mean is below this or more than `clippedShare` of it is dark. */
  darkMeanBelow: 45,
  brightMeanAbove: 215,
  clippedShare: 0.4,
} as const;

/**
 * Measures a greyscale picture (one byte a pixel, row after row): the histogram's shares at both
 * ends and its mean, and the variance of the 4-neighbour Laplacian over the inner pixels. Exposure
 * is judged first: a picture lost in the dark or washed out cannot be judged for focus.
 */
export function analyseLuma(luma: Uint8Array, width: number, height: number): PhotoAnalysis {
  const pixels = width * height;
  if (width < 1 || height < 1 || luma.length < pixels) throw new RangeError('The picture is smaller than its stated size');
  let sum = 0;
  let dark = 0;
  let bright = 0;
  for (let i = 0; i < pixels; i++) {
    const v = luma[i]!;
    sum += v;
    if (v <= PHOTO_ANALYSIS.darkTo) dark++;
    else if (v >= PHOTO_ANALYSIS.brightFrom) bright++;
  }
  let count = 0;
  let mean = 0;
  let m2 = 0;
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      const i = row + x;
      const lap = luma[i - 1]! + luma[i + 1]! + luma[i - width]! + luma[i + width]! - 4 * luma[i]!;
      count++;
      const delta = lap - mean;
      mean += delta / count;
      m2 += delta * (lap - mean);
    }
  }
  const sharpness = count > 1 ? m2 / count : 0;
  const meanBrightness = sum / pixels;
  const darkShare = dark / pixels;
  const brightShare = bright / pixels;
  return { sharpness, meanBrightness, darkShare, brightShare, verdict: verdictOf(sharpness, meanBrightness, darkShare, brightShare) };
}

export function verdictOf(sharpness: number, meanBrightness: number, darkShare: number, brightShare: number): PhotoVerdict {
  if (meanBrightness < PHOTO_ANALYSIS.darkMeanBelow || darkShare > PHOTO_ANALYSIS.clippedShare) return 'too_dark';
  if (meanBrightness > PHOTO_ANALYSIS.brightMeanAbove || brightShare > PHOTO_ANALYSIS.clippedShare) return 'overexposed';
  return sharpness < PHOTO_ANALYSIS.blurryBelow ? 'blurry' : 'sharp';
}
