import { z } from 'zod';
import { pageDirectionSchema } from './inquiries.ts';
import type { PhotoAnalysis } from './photo-analysis.ts';

/** Receipts and photos: files stored by the app and attached to service records (docs/files.md). */

export const FILE_LIMITS = {
  /** Bytes of one file as sent. */
  maxBytes: 10 * 1024 * 1024,
  /** Bytes a user may keep stored (files and thumbnails). */
  quotaBytes: 200 * 1024 * 1024,
  /** Files on one record. */
  perRecord: 20,
  /** Longest side of a thumbnail, in pixels. */
  thumbnailPx: 320,
  nameLength: 200,
} as const;

export const FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type FileType = (typeof FILE_TYPES)[number];

export const ACCEPTED_FILES_TEXT = 'JPEG, PNG or WebP photos and PDF documents';

export const fileIdSchema = z.uuid({ error: 'Invalid file id' });
export const recordIdSchema = z.uuid({ error: 'Invalid service record id' });

export const attachmentsInputSchema = z.object({ recordId: recordIdSchema }).strict();
export const attachInputSchema = z.object({ recordId: recordIdSchema, fileId: fileIdSchema }).strict();
/** The body of POST /api/records/{id}/attachments. */
export const attachBodySchema = z.object({ fileId: fileIdSchema }).strict();
export const fileByIdSchema = z.object({ id: fileIdSchema }).strict();

/** Photos on one page of the gallery. */
export const PHOTOS_PAGE = { default: 24, max: 60 } as const;

/** A page of the caller's own photos, newest first (docs/files.md#my-photos). */
export const myPhotosInputSchema = z
  .object({
    cursor: z.string().max(200).optional(),
    /** Sent by infinite lists; pages only go forward. */
    direction: pageDirectionSchema,
    limit: z.number().int().min(1).max(PHOTOS_PAGE.max, `At most ${PHOTOS_PAGE.max} photos a page`).default(PHOTOS_PAGE.default),
  })
  .strict();
export type MyPhotosInput = z.input<typeof myPhotosInputSchema>;

/**
 * Every photo the caller may see (their uploads, and photos of inspections and records they may
 * read), newest first, narrowed to a vehicle, a component, an inspection or days (docs/files.md#gallery).
 */
export const photosInputSchema = z
  .object({
    vehicleId: z.uuid({ error: 'Invalid vehicle id' }).optional(),
    componentId: z.uuid({ error: 'Invalid component id' }).optional(),
    inspectionId: z.uuid({ error: 'Invalid inspection id' }).optional(),
    from: z.iso.date({ error: 'From must be a day like 2026-05-01' }).optional(),
    to: z.iso.date({ error: 'To must be a day like 2026-05-01' }).optional(),
    cursor: z.string().max(200).optional(),
    direction: pageDirectionSchema,
    limit: z.number().int().min(1).max(PHOTOS_PAGE.max, `At most ${PHOTOS_PAGE.max} photos a page`).default(PHOTOS_PAGE.default),
  })
  .strict();
export type PhotosInput = z.input<typeof photosInputSchema>;

export interface PhotoPage {
  items: StoredFile[];
  nextCursor: string | null;
}

/** A stored file as lists and uploads describe it (never its bytes). */
export interface StoredFile {
  id: string;
  name: string;
  contentType: FileType;
  /** Bytes stored (an image after its metadata was removed). */
  size: number;
  width: number | null;
  height: number | null;
  hasThumbnail: boolean;
  createdAt: Date;
  /** The caller uploaded it (and may delete it). */
  mine: boolean;
  /** What the server measured of a photo when it was stored; null for PDFs. */
  analysis: PhotoAnalysis | null;
}

export interface Attachment extends StoredFile {
  recordId: string;
  attachedAt: Date;
}

export function isImage(type: FileType): boolean {
  return type.startsWith('image/');
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}
