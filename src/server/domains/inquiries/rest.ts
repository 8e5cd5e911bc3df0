import type { FastifyInstance } from 'fastify';
import type { CreateInquiryInput, InquiryStatusChange } from '../../../shared/inquiries.ts';
import { objectBody, pathId, restRoute } from '../../http/rest.ts';

export function registerInquiriesRest(app: FastifyInstance): void {
  const tag = 'Customer inquiries';
  restRoute(
    app,
    { method: 'GET', url: '/api/customer-inquiries', summary: 'All inquiries (your own as an owner, every one in Tech Mode)', tag, auth: 'user', procedure: 'inquiries.all' },
    ({ caller }) => caller.inquiries.all(),
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/customer-inquiries/:id', summary: 'One inquiry', tag, auth: 'user', procedure: 'inquiries.get' },
    ({ caller, req }) => caller.inquiries.get({ id: pathId(req) }),
  );
  restRoute(
    app,
    { method: 'POST', url: '/api/customer-inquiries', summary: 'Create an inquiry as the signed-in customer', tag, auth: 'user', procedure: 'inquiries.create', inputFrom: 'body' },
    ({ caller, req }) => caller.inquiries.create(objectBody(req) as CreateInquiryInput),
  );
  // The status and nothing else; other fields are refused, not silently dropped
  // (docs/inquiries.md#rules).
  restRoute(
    app,
    { method: 'PATCH', url: '/api/customer-inquiries/:id', summary: 'Change an inquiry status (Tech Mode)', tag, auth: 'tech', status: 200, procedure: 'inquiries.setStatus', inputFrom: 'body' },
    ({ caller, req }) => caller.inquiries.setStatus({ ...(objectBody(req) as InquiryStatusChange), id: pathId(req) }),
  );
}
