import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { z } from 'zod';
import { downloadFormatSchema, modelIdSchema, SCAN_LIMITS, scanPhotoMetaSchema, scanSessionIdSchema, type createScanSessionSchema, type listModelsSchema, type listScanSessionsSchema, type updateModelSchema } from '../../../shared/scans.ts';
import { requireUserOfRequest } from '../../context.ts';
import { domainError } from '../../http/errors.ts';
import { objectBody, pathId, queryParam, restRoute } from '../../http/rest.ts';
import { readUploadPart } from '../../http/upload.ts';
import { modelFile } from './models.ts';
import { photoTooLarge } from './photos.ts';
import { addPhoto } from './service.ts';

const TAG = '3D scans';
type In<T extends z.ZodType> = z.input<T>;

function parsed<T>(schema: z.ZodType<T>, value: unknown, message: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw domainError('BAD_REQUEST', result.error.issues[0]?.message ?? message);
  return result.data;
}

/** The scan paths (docs/scans.md#paths); each but the upload and the download mirrors a `scans.*` procedure. */
export async function registerScanRest(app: FastifyInstance): Promise<void> {
  restRoute(
    app,
    { method: 'GET', url: '/api/scan-sessions', summary: 'Your scan sessions, newest first, with their photo counts (`status`, `limit` at most 50)', tag: TAG, auth: 'user', procedure: 'scans.list', inputFrom: 'query' },
    ({ caller, req }) => caller.scans.list({ status: queryParam(req, 'status'), limit: queryParam(req, 'limit') } as In<typeof listScanSessionsSchema>),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/scan-sessions',
      summary: 'Start a scan: `{ "vehicleId"?, "componentId"?, "resolution": "high" | "medium" | "low", "scanType": "full" | "surface" | "detail", "outputFormat": "ply" | "stl" | "obj", "notes"?, "guidanceUsed"? }`',
      description: 'Photos are kept at the resolution\u2019s longest side (3840, 1920 or 1024 px). At most 50 sessions a user (409).',
      tag: TAG,
      auth: 'user',
      procedure: 'scans.create',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.scans.create(objectBody(req) as In<typeof createScanSessionSchema>),
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/scan-sessions/:id', summary: 'One of your scan sessions with its photos, status, stage and progress (or the reason it failed)', tag: TAG, auth: 'user', procedure: 'scans.get' },
    ({ caller, req }) => caller.scans.get({ id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/scan-sessions/:id/process',
      summary: 'Process the photos into a 3D model, in the background; poll the session for its stage and progress',
      description: `At least ${SCAN_LIMITS.minPhotosToProcess} photos (409); a failed scan may be processed again.`,
      tag: TAG,
      auth: 'user',
      status: 202,
      procedure: 'scans.process',
    },
    ({ caller, req }) => caller.scans.process({ id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/scan-sessions/:id',
      summary: 'Delete one of your scans with its photos, freeing their storage; the model it made stays among your models',
      description: 'In any state: a scan being processed stops at its next photo, or keeps nothing if it was done.',
      tag: TAG,
      auth: 'user',
      status: 204,
      procedure: 'scans.delete',
    },
    ({ caller, req }) => caller.scans.delete({ id: pathId(req) }),
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/models', summary: 'Your 3D models (your scans\u2019 results), newest first (`vehicleId`, `componentId`, `limit` at most 50)', tag: TAG, auth: 'user', procedure: 'scans.models', inputFrom: 'query' },
    ({ caller, req }) => caller.scans.models({ vehicleId: queryParam(req, 'vehicleId'), componentId: queryParam(req, 'componentId'), limit: queryParam(req, 'limit') } as In<typeof listModelsSchema>),
  );
  restRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/models/:id',
      summary: 'Rename one of your models or set its scale: `{ "name"?, "mmPerUnit"? }` (millimetres per model unit, from a known length; null forgets it)',
      tag: TAG,
      auth: 'user',
      procedure: 'scans.updateModel',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.scans.updateModel({ ...objectBody(req), id: pathId(req) } as In<typeof updateModelSchema>),
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/models/:id', summary: 'A 3D model: its kind, points and faces, dimensions, scan figures and download paths', tag: TAG, auth: 'user', procedure: 'scans.model' },
    ({ caller, req }) => caller.scans.model({ id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/models/:id/download',
      summary: 'A 3D model as a file: `format=ply` (the coloured point cloud), `stl` or `obj` (the surface)',
      description: 'A model without a surface offers PLY alone (409 for STL and OBJ).',
      tag: TAG,
      auth: 'user',
      produces: 'application/octet-stream',
    },
    async ({ req, reply }) => {
      const user = await requireUserOfRequest(req);
      const id = parsed(modelIdSchema, pathId(req), 'Invalid model id');
      const format = parsed(downloadFormatSchema, queryParam(req, 'format') ?? 'ply', 'Format must be ply, stl or obj');
      const file = await modelFile(req.server.db, user, id, format);
      reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store');
      return file.body;
    },
  );
  // Multipart is read only in this scope: every other path keeps refusing it.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: SCAN_LIMITS.maxUploadBytes, files: 1 } });
    restRoute(
      scope,
      {
        method: 'POST',
        url: '/api/scan-sessions/:id/images',
        summary: 'Add a photo to a scan (multipart/form-data, part "file"; query `clientKey`, and `overlap` 0–1 as the page estimated it); answers the session',
        description: `JPEG, PNG or WebP, at most ${SCAN_LIMITS.maxUploadBytes / 1024 / 1024} MB; a blurry photo is refused (400) with what to do. The same clientKey again stores nothing more, so an upload cut off may simply be sent again. At most ${SCAN_LIMITS.maxPhotos} photos; only while the scan takes photos; a user's scan photos, as kept, fit in ${SCAN_LIMITS.storageBytes / 1024 / 1024 / 1024} GB (409 each).`,
        tag: TAG,
        auth: 'user',
        status: 201,
        multipartFile: 'file',
      },
      async ({ req }) => {
        const user = await requireUserOfRequest(req);
        const id = parsed(scanSessionIdSchema, pathId(req), 'Invalid scan session id');
        const meta = parsed(scanPhotoMetaSchema, { clientKey: queryParam(req, 'clientKey'), overlap: queryParam(req, 'overlap') }, 'Invalid photo details');
        const upload = await readUploadPart(req, SCAN_LIMITS.maxUploadBytes, photoTooLarge);
        return addPhoto(req.server.db, user, id, upload.bytes, meta);
      },
    );
  });
}
