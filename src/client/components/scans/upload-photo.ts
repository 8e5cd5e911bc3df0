import { PHOTO_VERDICT_ADVICE } from '../../../shared/photo-analysis.ts';
import { SCAN_LIMITS } from '../../../shared/scans.ts';

/** What one upload attempt came to: stored, refused by the server (not to be retried), or not answered (to retry). */
export type UploadOutcome = { kind: 'stored' } | { kind: 'refused'; message: string } | { kind: 'unreachable'; message: string };

/** Answers that say the photo itself, or the scan, is the problem: sending it again changes nothing. */
const REFUSALS = new Set([400, 401, 403, 404, 409, 413, 415, 422]);

/** What the page says of a photo measured blurry on the device, before anything is sent. */
export const BLURRY_MESSAGE = `This photo is blurry and was not added. ${PHOTO_VERDICT_ADVICE.blurry}`;

export const SCAN_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Why a chosen file cannot be a scan photo, as the server would say it, or null. */
export function refusalOf(file: File): string | null {
  if (file.type && !(SCAN_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'A scan takes photos only: JPEG, PNG or WebP';
  if (file.size > SCAN_LIMITS.maxUploadBytes) return `A scan photo may be at most ${SCAN_LIMITS.maxUploadBytes / 1024 / 1024} MB`;
  return null;
}

/** A random name for a photo, made once: a retry sends the same one, so the server stores it once. */
export function newClientKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Sends one photo to POST /api/scan-sessions/{id}/images with XMLHttpRequest, whose upload events
 * report progress (fetch has none), with the overlap the page estimated. Never rejects: the outcome says whether to retry.
 */
export function uploadScanPhoto(sessionId: string, clientKey: string, overlap: number | null, file: File, onProgress: (fraction: number) => void): { promise: Promise<UploadOutcome>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadOutcome>((resolve) => {
    const query = new URLSearchParams({ clientKey });
    if (overlap !== null) query.set('overlap', String(overlap));
    xhr.open('POST', `/api/scan-sessions/${encodeURIComponent(sessionId)}/images?${query.toString()}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { message?: unknown } | null;
      const message = typeof body?.message === 'string' && body.message ? body.message : null;
      if (xhr.status === 200 || xhr.status === 201) resolve({ kind: 'stored' });
      else if (REFUSALS.has(xhr.status)) resolve({ kind: 'refused', message: message ?? `The photo was refused (${xhr.status})` });
      else resolve({ kind: 'unreachable', message: message ?? `The server could not take the photo just now (${xhr.status})` });
    };
    xhr.onerror = () => resolve({ kind: 'unreachable', message: 'The connection dropped' });
    xhr.ontimeout = () => resolve({ kind: 'unreachable', message: 'The upload timed out' });
    xhr.onabort = () => resolve({ kind: 'unreachable', message: 'Upload stopped' });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
