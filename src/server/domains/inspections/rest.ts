import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  decisionBodySchema,
  shareTokenSchema,
  type CreateInspectionInput,
  type PublicInspection,
  type UpdateInspectionInput,
} from '../../../shared/inspections.ts';
import { timeZoneSchema } from '../../../shared/dates.ts';
import { domainError } from '../../http/errors.ts';
import { objectBody, pathId, queryParam, restRoute } from '../../http/rest.ts';
import { renderInspectionPdf } from './pdf-report.ts';
import { inspectionPhotoBytes, photoBytesByLink } from './photos.ts';
import { hashToken, publicInspection } from './sharing.ts';

const TAG = 'Inspections';

function param(req: FastifyRequest, name: string): string {
  return (req.params as Record<string, string>)[name] ?? '';
}

function token(req: FastifyRequest): string {
  const parsed = shareTokenSchema.safeParse(param(req, 'token'));
  if (!parsed.success) throw domainError('NOT_FOUND', 'This inspection link is not valid: it may have been replaced or turned off');
  return parsed.data;
}

/** The day and time on the report read in the reader's zone when they send one (else UTC). */
function zoneOf(req: FastifyRequest): string {
  const zone = queryParam(req, 'timeZone');
  if (zone === undefined) return 'UTC';
  const parsed = timeZoneSchema.safeParse(zone);
  if (!parsed.success) throw domainError('BAD_REQUEST', 'timeZone must be an IANA time zone such as America/Chicago');
  return parsed.data;
}

async function sendPdf(req: FastifyRequest, reply: FastifyReply, report: PublicInspection, photos: ReadonlyMap<string, Uint8Array>) {
  const bytes = await renderInspectionPdf(report, photos, { appName: req.server.appName, generatedAt: new Date(), timeZone: zoneOf(req) });
  const slug = report.vehicleLabel.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return reply
    .code(200)
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="inspection-${slug}.pdf"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** The inspection paths (docs/inspections.md#paths); each mirrors an `inspections.*` procedure. */
export function registerInspectionsRest(app: FastifyInstance): void {
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/vehicles/:vehicleId/inspections',
      summary: 'Inspections of a vehicle: your own garage vehicle\u2019s, or (with serviceCenterId) your shop\u2019s',
      tag: TAG,
      auth: 'user',
      procedure: 'inspections.list',
      inputFrom: 'query',
    },
    ({ caller, req }) => {
      const limit = queryParam(req, 'limit');
      return caller.inspections.list({ vehicleId: param(req, 'vehicleId'), serviceCenterId: queryParam(req, 'serviceCenterId'), ...(limit === undefined ? {} : { limit: Number(limit) }) });
    },
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/vehicles/:vehicleId/inspections',
      summary: 'Start an inspection: staff name serviceCenterId and customerVehicleId; without them it is your self-check of a vehicle in your garage',
      tag: TAG,
      auth: 'user',
      procedure: 'inspections.create',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.inspections.create({ ...(objectBody(req) as Omit<CreateInspectionInput, 'vehicleId'>), vehicleId: param(req, 'vehicleId') }),
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/inspections/:id', summary: 'One inspection with its items, photos and recommendations', tag: TAG, auth: 'user', procedure: 'inspections.get' },
    ({ caller, req }) => caller.inspections.get({ id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/inspections/:id',
      summary: 'Change a draft: mileage, notes, items\u2019 findings (items), new items (addItems), items removed (removeItemIds)',
      description: 'A completed inspection is read-only (409).',
      tag: TAG,
      auth: 'user',
      procedure: 'inspections.update',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.inspections.update({ ...(objectBody(req) as Omit<UpdateInspectionInput, 'id'>), id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/inspections/:id/complete',
      summary: 'Sign and complete a draft (`{ "signature": "Full Name" }`); it is read-only afterwards',
      tag: TAG,
      auth: 'user',
      status: 200,
      procedure: 'inspections.complete',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.inspections.complete({ ...(objectBody(req) as { signature: string }), id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/inspections/:id/share',
      summary: 'Share a completed inspection with the customer and create its public link (replacing an earlier one); answers `{ inspection, link }`',
      tag: TAG,
      auth: 'user',
      status: 200,
      procedure: 'inspections.share',
    },
    ({ caller, req }) => caller.inspections.share({ id: pathId(req) }),
  );
  restRoute(
    app,
    { method: 'DELETE', url: '/api/inspections/:id/share', summary: 'Turn off the public link (the customer keeps seeing it in their garage)', tag: TAG, auth: 'user', status: 200, procedure: 'inspections.revokeLink' },
    ({ caller, req }) => caller.inspections.revokeLink({ id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/inspections/:id/recommendations/:recId/decision',
      summary: 'The customer approves or declines a recommendation (`{ "decision": "approved" }`); an approval sends the shop an appointment request',
      description: 'A recommendation is identified by its item\u2019s id. Only the customer of a shared shop inspection decides; an approval is final (409 afterwards).',
      tag: TAG,
      auth: 'user',
      status: 200,
      bodySchema: decisionBodySchema,
    },
    ({ caller, req }) => caller.inspections.decide({ ...(objectBody(req) as { decision: 'approved' | 'declined' }), id: pathId(req), itemId: param(req, 'recId') }),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/inspections/:id/report.pdf',
      summary: 'The inspection report as a PDF (photos, measurements, statuses, recommendations, signature)',
      tag: TAG,
      auth: 'user',
      produces: 'application/pdf',
    },
    async ({ caller, req, reply }) => {
      const inspection = await caller.inspections.get({ id: pathId(req) });
      return sendPdf(req, reply, inspection, await inspectionPhotoBytes(req.server.db, inspection.id));
    },
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/shared/inspections/:token', summary: 'The report behind a public link (no sign-in)', tag: TAG, auth: 'public', procedure: 'inspections.shared' },
    ({ caller, req }) => caller.inspections.shared({ token: token(req) }),
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/shared/inspections/:token/report.pdf', summary: 'The report behind a public link as a PDF (no sign-in)', tag: TAG, auth: 'public', produces: 'application/pdf' },
    async ({ req, reply }) => {
      const { linkHash: _hash, ...report } = await publicInspection(req.server.db, token(req));
      const full = await inspectionPhotoBytes(req.server.db, report.id);
      return sendPdf(req, reply, report, full);
    },
  );
  for (const part of ['content', 'thumbnail'] as const) {
    restRoute(
      app,
      {
        method: 'GET',
        url: part === 'content' ? '/api/shared/inspections/:token/photos/:fileId' : '/api/shared/inspections/:token/photos/:fileId/thumbnail',
        summary: part === 'content' ? 'A photo of the report behind a public link' : 'A photo\u2019s thumbnail (WebP) of the report behind a public link',
        tag: TAG,
        auth: 'public',
        produces: part === 'content' ? 'image/jpeg' : 'image/webp',
      },
      async ({ req, reply }) => {
        const hash = hashToken(token(req));
        const fileId = param(req, 'fileId');
        if (!/^[0-9a-f-]{36}$/i.test(fileId)) throw domainError('NOT_FOUND', 'Photo not found');
        const photo = await photoBytesByLink(req.server.db, hash, fileId, part);
        if (!photo?.bytes) throw domainError('NOT_FOUND', 'Photo not found');
        return reply
          .code(200)
          .header('content-type', part === 'thumbnail' ? 'image/webp' : photo.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=300')
          .send(photo.bytes);
      },
    );
  }
}
