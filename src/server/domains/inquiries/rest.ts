import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendMessageSchema, type CreateInquiryInput, type InquiryStatusChange } from '../../../shared/inquiries.ts';
import { domainError } from '../../http/errors.ts';
import { objectBody, pathId, queryParam, restRoute } from '../../http/rest.ts';

/** `?serviceCenterId=` (one shop, its staff) or `?mine=true` (your own requests); neither: both. */
function scopeOf(req: FastifyRequest): { serviceCenterId?: string; mine?: boolean } {
  const mine = queryParam(req, 'mine');
  if (mine !== undefined && mine !== 'true' && mine !== 'false') throw domainError('BAD_REQUEST', 'mine must be true or false');
  return { serviceCenterId: queryParam(req, 'serviceCenterId'), mine: mine === undefined ? undefined : mine === 'true' };
}

export function registerInquiriesRest(app: FastifyInstance): void {
  const tag = 'Customer inquiries';
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/customer-inquiries',
      summary: 'Inquiries you may see: your own requests and those of the shops you are staff of',
      description: '`?serviceCenterId=` narrows to one shop (its staff; admins read), `?mine=true` to your own requests as a customer.',
      tag,
      auth: 'user',
      procedure: 'inquiries.all',
      inputFrom: 'query',
    },
    ({ caller, req }) => caller.inquiries.all(scopeOf(req)),
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/customer-inquiries/:id', summary: 'One inquiry (its customer, staff of its shop)', tag, auth: 'user', procedure: 'inquiries.get' },
    ({ caller, req }) => caller.inquiries.get({ id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/customer-inquiries',
      summary: 'Send a request to a shop, or (its staff) write one for a shop customer',
      description:
        '`serviceCenterId` is required. Without `customerId` the inquiry is your own request to that active shop, optionally about one of your garage vehicles (`garageVehicleId`). With `customerId` (a customer of that shop; staff only) it is written for that customer, optionally about their `customerVehicleId`.',
      tag,
      auth: 'user',
      procedure: 'inquiries.create',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.inquiries.create(objectBody(req) as CreateInquiryInput),
  );
  // The status and nothing else; other fields are refused, not silently dropped
  // (docs/inquiries.md#rules).
  restRoute(
    app,
    { method: 'PATCH', url: '/api/customer-inquiries/:id', summary: "Change an inquiry's status (staff of its shop)", tag, auth: 'staff', status: 200, procedure: 'inquiries.setStatus', inputFrom: 'body' },
    ({ caller, req }) => caller.inquiries.setStatus({ ...(objectBody(req) as InquiryStatusChange), id: pathId(req) }),
  );
  restRoute(
    app,
    { method: 'POST', url: '/api/customer-inquiries/:id/cancel', summary: 'Cancel your own open or in-progress request (it closes)', tag, auth: 'user', status: 200, procedure: 'inquiries.cancel' },
    ({ caller, req }) => caller.inquiries.cancel({ id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/customer-inquiries/:id/messages',
      summary: "An inquiry's messages, newest last (its customer, staff of its shop)",
      description: 'The latest `limit` messages (default 100, at most 200); `hasEarlier` says whether older ones exist.',
      tag,
      auth: 'user',
      procedure: 'inquiries.messages.list',
    },
    ({ caller, req }) => {
      const limit = queryParam(req, 'limit');
      return caller.inquiries.messages.list({ inquiryId: pathId(req), limit: limit === undefined ? undefined : Number(limit) });
    },
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/customer-inquiries/:id/messages',
      summary: 'Write in an inquiry\u2019s thread (its customer, staff of its shop)',
      description: '`{ body }`, 1 to 5,000 characters. Whether the message is the shop\u2019s or the customer\u2019s is decided by the server.',
      tag,
      auth: 'user',
      procedure: 'inquiries.messages.send',
      // The inquiry comes from the path; the body carries the text only.
      bodySchema: sendMessageSchema.pick({ body: true }),
    },
    ({ caller, req }) => caller.inquiries.messages.send({ ...(objectBody(req) as { body: string }), inquiryId: pathId(req) }),
  );
}
