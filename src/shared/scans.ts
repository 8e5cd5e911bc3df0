import { z } from 'zod';
import type { ReferenceKind } from './geometry/reference-models.ts';

/**
 * 3D scans (docs/scans.md): a session of photos of one vehicle component, processed into a model.
 * Schemas, limits and labels only; what the screens read is ScanSession and ScanModel below.
 */

export const SCAN_RESOLUTIONS = ['high', 'medium', 'low'] as const;
export type ScanResolution = (typeof SCAN_RESOLUTIONS)[number];
/** The longest side, in pixels, that a session's photos are kept and processed at. */
export const SCAN_RESOLUTION_PX: Record<ScanResolution, number> = { high: 3840, medium: 1920, low: 1024 };
export const SCAN_RESOLUTION_LABELS: Record<ScanResolution, string> = { high: 'High 4K', medium: 'Medium 2K', low: 'Low 1K' };

export const SCAN_TYPES = ['full', 'surface', 'detail'] as const;
export type ScanType = (typeof SCAN_TYPES)[number];
export const SCAN_TYPE_LABELS: Record<ScanType, string> = { full: 'Full Component', surface: 'Surface Only', detail: 'Detail Scan' };

export const MODEL_FORMATS = ['ply', 'stl', 'obj'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];
export const MODEL_FORMAT_LABELS: Record<ModelFormat, string> = { ply: 'PLY', stl: 'STL', obj: 'OBJ' };

export const SCAN_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];
export const SCAN_STATUS_LABELS: Record<ScanStatus, string> = { pending: 'Taking photos', processing: 'Processing', completed: 'Completed', failed: 'Failed' };

export const SCAN_STAGES = ['queued', 'features', 'matching', 'poses', 'points', 'surface'] as const;
export type ScanStage = (typeof SCAN_STAGES)[number];
export const SCAN_STAGE_LABELS: Record<ScanStage, string> = {
  queued: 'Waiting to start',
  features: 'Finding features',
  matching: 'Matching photos',
  poses: 'Placing photos',
  points: 'Building the point cloud',
  surface: 'Building the surface',
};

export const SCAN_LIMITS = {
  /** Photos a session holds at most, and the guidance's range. */
  maxPhotos: 60,
  recommendedMin: 20,
  /** Fewer photos than this cannot be processed at all. */
  minPhotosToProcess: 8,
  /** Bytes of one photo as sent. */
  maxUploadBytes: 12 * 1024 * 1024,
  /** The overlap with the previous shot that the guidance asks for. */
  minOverlap: 0.6,
  /** Sessions a user keeps at most (each with its photos). */
  maxSessions: 50,
  /** Bytes of scan photos (as kept) a user stores over all their sessions; deleting a scan frees its photos. */
  storageBytes: 1024 * 1024 * 1024,
  notes: 1000,
  clientKey: 64,
} as const;

const uuid = (what: string) => z.uuid({ error: `Invalid ${what} id` });
export const scanSessionIdSchema = uuid('scan session');
export const modelIdSchema = uuid('model');

export const createScanSessionSchema = z
  .object({
    vehicleId: uuid('vehicle').nullish(),
    componentId: uuid('component').nullish(),
    resolution: z.enum(SCAN_RESOLUTIONS, { error: 'Resolution must be high, medium or low' }).default('medium'),
    scanType: z.enum(SCAN_TYPES, { error: 'Scan type must be full, surface or detail' }).default('full'),
    outputFormat: z.enum(MODEL_FORMATS, { error: 'Output format must be ply, stl or obj' }).default('ply'),
    notes: z
      .string()
      .trim()
      .max(SCAN_LIMITS.notes, `Notes must be at most ${SCAN_LIMITS.notes} characters`)
      .nullish()
      .transform((value) => value || null),
    guidanceUsed: z.boolean().default(true),
  })
  .strict()
  .refine((value) => !value.componentId || value.vehicleId, { message: 'A component is named with its vehicle', path: ['componentId'] });
export type CreateScanSessionInput = z.input<typeof createScanSessionSchema>;
export type CreateScanSessionValues = z.output<typeof createScanSessionSchema>;

export const listScanSessionsSchema = z
  .object({
    status: z.enum(SCAN_STATUSES, { error: `Status must be one of: ${SCAN_STATUSES.join(', ')}` }).optional(),
    limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(50, 'Limit must be at most 50').default(20),
  })
  .strict()
  // No input at all lists the 20 newest.
  .prefault({});

/** What a photo's upload says besides its bytes (query parameters of the REST path, fields of the form). */
export const scanPhotoMetaSchema = z
  .object({
    /** The client's name for the photo, so a repeated upload (after a dropped connection) stores it once. */
    clientKey: z
      .string({ error: 'clientKey is required' })
      .trim()
      .min(1, 'clientKey is required')
      .max(SCAN_LIMITS.clientKey, `clientKey must be at most ${SCAN_LIMITS.clientKey} characters`)
      .regex(/^[A-Za-z0-9_-]+$/, 'clientKey may hold letters, digits, - and _ only'),
    /** The overlap with the previous photo that the page estimated, 0 to 1. */
    overlap: z.coerce.number({ error: 'Overlap must be a number' }).min(0, 'Overlap must be between 0 and 1').max(1, 'Overlap must be between 0 and 1').nullish(),
  })
  .strict();
export type ScanPhotoMeta = z.output<typeof scanPhotoMetaSchema>;

export const listModelsSchema = z
  .object({
    vehicleId: uuid('vehicle').optional(),
    componentId: uuid('component').optional(),
    limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(50, 'Limit must be at most 50').default(50),
  })
  .strict()
  .prefault({});

/** A known length measured on a model sets its scale: at most 100 m per model unit, at least 1 µm. */
export const MODEL_SCALE_LIMITS = { min: 0.001, max: 100_000 } as const;

export const updateModelSchema = z
  .object({
    id: modelIdSchema,
    name: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters').optional(),
    mmPerUnit: z
      .number({ error: 'Scale must be a number' })
      .min(MODEL_SCALE_LIMITS.min, 'Scale is too small: measure a longer known length')
      .max(MODEL_SCALE_LIMITS.max, 'Scale is too large: check the known length')
      .nullable()
      .optional(),
  })
  .strict()
  .refine((value) => value.name !== undefined || value.mmPerUnit !== undefined, { message: 'Nothing to change: give a name or a scale' });
export type UpdateModelInput = z.input<typeof updateModelSchema>;

export const downloadFormatSchema = z.enum(MODEL_FORMATS, { error: 'Format must be ply, stl or obj' });

export interface ScanPhoto {
  id: string;
  ordinal: number;
  clientKey: string;
  width: number;
  height: number;
  bytes: number;
  focalPx: number | null;
  focalSource: 'sensor' | '35mm' | 'fallback';
  sharpness: number;
  overlap: number | null;
  createdAt: Date;
}

export interface ModelDimensions {
  /** Extent along x, y and z in the model's units (scene units until a scale is set). */
  size: [number, number, number];
  min: [number, number, number];
  max: [number, number, number];
}

export interface ScanModel {
  id: string;
  name: string;
  vehicleId: string | null;
  componentId: string | null;
  /** 'point-cloud' or 'mesh'. */
  modelType: string;
  pointCount: number;
  faceCount: number;
  dimensions: ModelDimensions | null;
  scanSource: string | null;
  scanTimestamp: Date | null;
  /** Reconstruction figures: photos placed, mean reprojection error in pixels, time. */
  scanData: { photosPlaced: number; photosTaken: number; reprojectionErrorPx: number; seconds: number } | null;
  downloads: Record<ModelFormat, string>;
  /** Millimetres per model unit, once a scale was set from a known length; null before. */
  mmPerUnit: number | null;
  /** The reference model its component calls for (src/shared/geometry/reference-models.ts), if any. */
  referenceKind: ReferenceKind | null;
  /** Whether the user may rename it and set its scale (their own scan's model). */
  editable: boolean;
  createdAt: Date;
}

export interface ScanSession {
  id: string;
  vehicleId: string | null;
  componentId: string | null;
  status: ScanStatus;
  stage: ScanStage | null;
  progress: number;
  failureReason: string | null;
  resolution: ScanResolution;
  scanType: ScanType;
  outputFormat: ModelFormat;
  notes: string | null;
  userRole: 'simple' | 'tech';
  guidanceUsed: boolean;
  photos: ScanPhoto[];
  resultModelId: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

export type ScanSessionSummary = Omit<ScanSession, 'photos'> & { photoCount: number };
