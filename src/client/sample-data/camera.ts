import { z } from 'zod';
import data from '../../../seeds/samples/camera.json' with { type: 'json' };

/**
 * Static sample content of the Camera Tools page (docs/screens.md#tool-pages-with-sample-content),
 * from seeds/samples/camera.json and checked against these shapes when the page loads. Thumbnails
 * are drawn, never loaded.
 */

const cameraMode = z.enum(['Auto', 'Macro', 'Wide Angle', 'Detail']);
export type CameraMode = z.infer<typeof cameraMode>;
const resolution = z.enum(['4K', '1080p', '720p']);

/** Which drawn motif a gallery thumbnail shows. */
const galleryMotif = z.enum(['engine', 'brake', 'tire', 'battery', 'exhaust', 'suspension']);
export type GalleryMotif = z.infer<typeof galleryMotif>;

const galleryItem = z.object({
  id: z.string(),
  title: z.string(),
  vehicle: z.string(),
  takenAt: z.string(),
  mode: cameraMode,
  resolution,
  motif: galleryMotif,
  tags: z.array(z.string()),
});
export type GalleryItem = z.infer<typeof galleryItem>;

const detectionCondition = z.enum(['Good', 'Wear', 'Damage']);
export type DetectionCondition = z.infer<typeof detectionCondition>;

const detection = z.object({ label: z.string(), confidence: z.number(), condition: detectionCondition, note: z.string() });
export type Detection = z.infer<typeof detection>;

const photoAnalysis = z.object({
  photoId: z.string(),
  summary: z.string(),
  sharpness: z.number(),
  exposure: z.number(),
  coverage: z.number(),
  detections: z.array(detection),
});
export type PhotoAnalysis = z.infer<typeof photoAnalysis>;

const cameraSamples = z.object({
  modes: z.array(cameraMode),
  modeHints: z.record(cameraMode, z.string()),
  resolutions: z.array(resolution),
  qualities: z.array(z.enum(['High', 'Medium', 'Low'])),
  gallery: z.array(galleryItem),
  analysis: photoAnalysis,
});

const samples = cameraSamples.parse(data);
export const CAMERA_MODES = samples.modes;
export const CAMERA_MODE_HINTS = samples.modeHints;
export const CAMERA_RESOLUTIONS = samples.resolutions;
export const CAMERA_QUALITIES = samples.qualities;
export const GALLERY = samples.gallery;
export const SAMPLE_ANALYSIS = samples.analysis;
