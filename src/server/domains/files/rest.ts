import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { attachBodySchema, FILE_LIMITS, fileIdSchema, isImage } from '../../../shared/files.ts';
import { requireUserOfRequest } from '../../context.ts';
import { domainError } from '../../http/errors.ts';
import { objectBody, pathId, queryParam, restRoute } from '../../http/rest.ts';
import { readUploadPart } from '../../http/upload.ts';
import { readVisibleContent } from './repository.ts';
import { fileNotFound, removeFile, storeUpload, tooLarge } from './service.ts';
import { contentDisposition } from './sniff.ts';

const TAG = 'Files';

function parsedId(req: FastifyRequest): string {
  const parsed = fileIdSchema.safeParse(pathId(req));
  if (!parsed.success) throw domainError('BAD_REQUEST', 'Invalid file id');
  return parsed.data;
}

/** The one file of an upload, at most FILE_LIMITS.maxBytes. */
const readUpload = (req: FastifyRequest) => readUploadPart(req, FILE_LIMITS.maxBytes, tooLarge);

/**
 * Bytes are never a page: images inline with their own type, PDFs only as downloads, always with
 * nosniff; the answer's policy (security-headers.ts) runs nothing and forbids framing (docs/files.md#serving).
 */
async function serve(req: FastifyRequest, reply: FastifyReply, part: 'content' | 'thumbnail') {
  const user = await requireUserOfRequest(req);
  const id = parsedId(req);
  const row = await readVisibleContent(req.server.db, user.id, id, part);
  if (!row) throw fileNotFound();
  if (!row.bytes) throw domainError('NOT_FOUND', 'This file has no thumbnail');
  const type = part === 'thumbnail' ? 'image/webp' : row.content_type;
  const inline = isImage(row.content_type) && !('download' in (req.query as object));
  const name = part === 'thumbnail' ? row.name.replace(/\.[a-z]+$/, '-thumbnail.webp') : row.name;
  return reply
    .code(200)
    .header('content-type', type)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', name))
    .header('x-content-type-options', 'nosniff')
    .header('etag', `"${id}-${part}"`)
    .send(row.bytes);
}

/** The file paths (docs/files.md#paths). Uploads and bytes are HTTP only; the rest mirrors `files.*`. */
export async function registerFilesRest(app: FastifyInstance): Promise<void> {
  // Multipart is read only here: every other path keeps refusing it.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: FILE_LIMITS.maxBytes, files: 1 } });
    restRoute(
      scope,
      {
        method: 'POST',
        url: '/api/files',
        summary: 'Upload a receipt or photo (multipart/form-data, part "file"); answers its description with the id to attach',
        description:
          'JPEG, PNG, WebP or PDF, at most 10 MB, the type read from the content (415 otherwise, whatever the name). Photos are stored without their metadata (EXIF, GPS location) and get a 320 px WebP thumbnail. 409 when your 200 MB of storage would be exceeded.',
        tag: TAG,
        auth: 'user',
        multipartFile: 'file',
      },
      async ({ req }) => {
        const user = await requireUserOfRequest(req);
        const upload = await readUpload(req);
        return storeUpload(req.server.db, user.id, upload.bytes, upload.name, upload.type);
      },
    );
    restRoute(
      scope,
      {
        method: 'POST',
        url: '/api/inspections/:id/items/:itemId/photos',
        summary: 'Upload a photo (multipart/form-data, part "file") onto an item of a draft inspection; answers the inspection',
        description: 'JPEG, PNG or WebP, at most 10 MB, at most 8 photos an item. Nothing is stored when the photo is refused or the inspection cannot take it (404, 403, 409).',
        tag: 'Inspections',
        auth: 'user',
        status: 201,
        multipartFile: 'file',
      },
      async ({ caller, req }) => {
        const user = await requireUserOfRequest(req);
        const { id, itemId } = req.params as { id: string; itemId: string };
        // The inspection answers 404 before any byte is read when the caller cannot see it.
        await caller.inspections.get({ id });
        const upload = await readUpload(req);
        const file = await storeUpload(req.server.db, user.id, upload.bytes, upload.name, upload.type);
        if (!isImage(file.contentType)) {
          await removeFile(req.server.db, user.id, file.id);
          throw domainError('UNSUPPORTED_MEDIA_TYPE', 'An inspection takes photos only: JPEG, PNG or WebP');
        }
        try {
          return await caller.inspections.attachPhoto({ id, itemId, fileId: file.id });
        } catch (error) {
          await removeFile(req.server.db, user.id, file.id);
          throw error;
        }
      },
    );
  });
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/photos',
      summary: 'Photos you may see, newest first: narrow with vehicleId, componentId, inspectionId, from and to (days); page with `page` (the previous answer\u2019s nextCursor) and limit (at most 60)',
      tag: TAG,
      auth: 'user',
      procedure: 'files.photos',
      inputFrom: 'query',
    },
    ({ caller, req }) => {
      const limit = queryParam(req, 'limit');
      return caller.files.photos({
        vehicleId: queryParam(req, 'vehicleId'),
        componentId: queryParam(req, 'componentId'),
        inspectionId: queryParam(req, 'inspectionId'),
        from: queryParam(req, 'from'),
        to: queryParam(req, 'to'),
        cursor: queryParam(req, 'page'),
        ...(limit === undefined ? {} : { limit: Number(limit) }),
      });
    },
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/photos/:id/analysis', summary: 'What the server measured of a photo: sharpness, exposure, resolution and the verdict', tag: TAG, auth: 'user', procedure: 'files.analysis' },
    ({ caller, req }) => caller.files.analysis({ id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/files/:id',
      summary: 'The file itself: a photo inline (add ?download to save it), a PDF as a download',
      description: 'For its uploader and whoever may read a service record it is attached to; 404 for everyone else.',
      tag: TAG,
      auth: 'user',
      produces: 'application/octet-stream',
    },
    ({ req, reply }) => serve(req, reply, 'content'),
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/files/:id/thumbnail', summary: "A photo's thumbnail (WebP, longest side 320 px); 404 for PDFs", tag: TAG, auth: 'user', produces: 'image/webp' },
    ({ req, reply }) => serve(req, reply, 'thumbnail'),
  );
  restRoute(
    app,
    { method: 'DELETE', url: '/api/files/:id', summary: 'Delete a file you uploaded, from every record it is attached to', tag: TAG, auth: 'user', status: 204, procedure: 'files.remove' },
    async ({ caller, req }) => {
      await caller.files.remove({ id: pathId(req) });
      return undefined;
    },
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/records/:id/attachments', summary: "A service record's files (at most 20), in the order attached", tag: TAG, auth: 'user', procedure: 'files.attachments' },
    ({ caller, req }) => caller.files.attachments({ recordId: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/records/:id/attachments',
      summary: 'Attach a file you uploaded to a service record (the owner, or staff of the shop that wrote it); answers the record\u2019s files',
      tag: TAG,
      auth: 'user',
      bodySchema: attachBodySchema,
    },
    ({ caller, req }) => caller.files.attach({ recordId: pathId(req), fileId: attachBodySchema.parse(objectBody(req)).fileId }),
  );
  restRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/records/:id/attachments/:fileId',
      summary: 'Take a file off a service record; a file of yours then attached nowhere is deleted',
      tag: TAG,
      auth: 'user',
      status: 204,
      procedure: 'files.detach',
    },
    async ({ caller, req }) => {
      await caller.files.detach({ recordId: pathId(req), fileId: (req.params as { fileId: string }).fileId });
      return undefined;
    },
  );
}
