import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CreateCustomerInput, CustomerPatch, ListCustomersInput } from '../../../shared/customers.ts';
import { objectBody, pathId, queryParam, restRoute } from '../../http/rest.ts';

function centerParam(req: FastifyRequest): string {
  return (req.params as { centerId: string }).centerId;
}

export function registerCustomersRest(app: FastifyInstance): void {
  const tag = 'Customers';
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/shops/:centerId/customers',
      summary: "The shop's customers by name, a page at a time (staff of the shop)",
      description:
        'Filters: `search` (name, e-mail or phone contains), `tag`; `limit` (at most 100) and `cursor` (the `nextCursor` of the previous page). Each customer carries counts of vehicles, open inquiries and upcoming appointments. Not staff of the shop: 404.',
      tag,
      auth: 'staff',
      procedure: 'customers.list',
      inputFrom: 'query',
    },
    ({ caller, req }) =>
      caller.customers.list({
        serviceCenterId: centerParam(req),
        search: queryParam(req, 'search'),
        tag: queryParam(req, 'tag'),
        cursor: queryParam(req, 'cursor'),
        limit: queryParam(req, 'limit'),
      } as ListCustomersInput),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/shops/:centerId/customers',
      summary: 'Add a customer to the shop (managers and owners)',
      description: 'Technicians of the shop: 403; not staff of the shop: 404. The new record is not linked to any account.',
      tag,
      auth: 'staff',
      procedure: 'customers.create',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.customers.create({ ...(objectBody(req) as CreateCustomerInput), serviceCenterId: centerParam(req) }),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/customers/:id',
      summary: 'One customer with vehicles, inquiries, appointments and the records this shop wrote (staff of the shop)',
      tag,
      auth: 'staff',
      procedure: 'customers.get',
    },
    ({ caller, req }) => caller.customers.get({ id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/customers/:id',
      summary: "Change a customer's contact details, notes or tags (managers and owners)",
      description: 'Only the fields sent change; null or an empty text clears an optional field. Technicians: 403; not staff of the shop: 404.',
      tag,
      auth: 'staff',
      status: 200,
      procedure: 'customers.update',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.customers.update({ ...(objectBody(req) as CustomerPatch), id: pathId(req) }),
  );
}
