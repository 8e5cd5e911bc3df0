import { z } from 'zod';

/** Camera Tools' choices (docs/files.md#camera-tools), saved per user in their preferences. */

export const CAMERA_MODES = ['Auto', 'Macro', 'Wide Angle', 'Detail'] as const;
export type CameraMode = (typeof CAMERA_MODES)[number];
export const CAMERA_RESOLUTIONS = ['4K', '1080p', '720p'] as const;
export type CameraResolution = (typeof CAMERA_RESOLUTIONS)[number];
export const CAMERA_QUALITIES = ['High', 'Medium', 'Low'] as const;
export type CameraQuality = (typeof CAMERA_QUALITIES)[number];

export const CAMERA_MODE_HINTS: Readonly<Record<CameraMode, string>> = {
  Auto: 'The camera chooses focus and zoom: right for most shots of a part in place.',
  Macro: 'Focus as close as the lens allows: tread depth, pad edges, labels and cracks.',
  'Wide Angle': 'Zoomed out as far as the camera goes: the whole engine bay or a wheel well.',
  Detail: 'Zoomed in twice where the camera can: a connector, a leak, a worn edge.',
};

/** Frame sizes asked of the camera; it may offer less, which the page then says. */
export const RESOLUTION_SIZES: Readonly<Record<CameraResolution, { width: number; height: number }>> = {
  '4K': { width: 3840, height: 2160 },
  '1080p': { width: 1920, height: 1080 },
  '720p': { width: 1280, height: 720 },
};

/** JPEG quality of a captured frame. */
export const QUALITY_LEVELS: Readonly<Record<CameraQuality, number>> = { High: 0.92, Medium: 0.8, Low: 0.6 };

export const cameraSettingsSchema = z
  .object({
    mode: z.enum(CAMERA_MODES, { error: `Mode must be one of ${CAMERA_MODES.join(', ')}` }),
    resolution: z.enum(CAMERA_RESOLUTIONS, { error: `Resolution must be one of ${CAMERA_RESOLUTIONS.join(', ')}` }),
    quality: z.enum(CAMERA_QUALITIES, { error: `Quality must be one of ${CAMERA_QUALITIES.join(', ')}` }),
    grid: z.boolean(),
  })
  .strict();
export type CameraSettings = z.infer<typeof cameraSettingsSchema>;

export const DEFAULT_CAMERA_SETTINGS: CameraSettings = { mode: 'Auto', resolution: '1080p', quality: 'High', grid: true };

/** A resolution's label for the frame size a camera actually gives ("1080p", or "640 × 480"). */
export function describeFrame(width: number, height: number): string {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  for (const resolution of CAMERA_RESOLUTIONS) {
    const size = RESOLUTION_SIZES[resolution];
    if (long === size.width && short === size.height) return resolution;
  }
  return `${width} × ${height}`;
}
