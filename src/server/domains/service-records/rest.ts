import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CreateServiceRecordInput, ListServiceRecordsInput, ServiceRecordPatch } from '../../../shared/service-records.ts';
import { sendCsv } from '../../http/csv.ts';
import { objectBody, pathId, queryParam, restRoute } from '../../http/rest.ts';

function vehicleParam(req: FastifyRequest): string {
  return (req.params as { vehicleId: string }).vehicleId;
}

export function registerServiceRecordsRest(app: FastifyInstance): void {
  const tag = 'Service records';
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/vehicles/:vehicleId/service-records',
      summary: "A vehicle's service records, newest first",
      description:
        "Owners see their own history of the vehicle; staff also the records their shops wrote and the histories of their shops' customers' vehicles (narrow to one with `customerVehicleId`). Filters: `search`, `status`, `from` and `to` (days as entered, inclusive), `componentId`; `limit` (at most 100) and `offset` page; X-Total-Count carries the number of matches.",
      tag,
      auth: 'user',
      procedure: 'garage.records.list',
      inputFrom: 'query',
    },
    async ({ caller, req, reply }) => {
      const input = {
        vehicleId: vehicleParam(req),
        componentId: queryParam(req, 'componentId'),
        customerVehicleId: queryParam(req, 'customerVehicleId'),
        search: queryParam(req, 'search'),
        status: queryParam(req, 'status'),
        from: queryParam(req, 'from'),
        to: queryParam(req, 'to'),
        timeZone: queryParam(req, 'timeZone'),
        limit: queryParam(req, 'limit'),
        offset: queryParam(req, 'offset'),
      } as ListServiceRecordsInput;
      const page = await caller.garage.records.list(input);
      reply.header('x-total-count', String(page.total));
      return page.items;
    },
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/vehicles/:vehicleId/service-records',
      summary: 'Add a service record to a vehicle in your garage (staff: a vehicle of a customer of the shop, with serviceCenterId and customerVehicleId)',
      tag,
      auth: 'user',
      procedure: 'garage.records.create',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.garage.records.create({ ...(objectBody(req) as CreateServiceRecordInput), vehicleId: vehicleParam(req) }),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/vehicles/:vehicleId/service-records.csv',
      summary: "A vehicle's service history as a CSV download",
      tag,
      auth: 'user',
      procedure: 'garage.records.csv',
      inputFrom: 'query',
      produces: 'text/csv',
    },
    async ({ caller, req, reply }) => {
      const file = await caller.garage.records.csv({ vehicleId: vehicleParam(req), customerVehicleId: queryParam(req, 'customerVehicleId'), timeZone: queryParam(req, 'timeZone') });
      return sendCsv(reply, file);
    },
  );
  restRoute(
    app,
    { method: 'PATCH', url: '/api/service-records/:id', summary: 'Change fields of a service record (the owner of the history, or staff of the shop that wrote it)', tag, auth: 'user', procedure: 'garage.records.update', inputFrom: 'body' },
    ({ caller, req }) => caller.garage.records.update({ ...(objectBody(req) as ServiceRecordPatch), id: pathId(req) }),
  );
  restRoute(
    app,
    { method: 'DELETE', url: '/api/service-records/:id', summary: 'Delete a service record (the owner of the history, or staff of the shop that wrote it)', tag, auth: 'user', status: 204, procedure: 'garage.records.remove' },
    async ({ caller, req }) => {
      await caller.garage.records.remove({ id: pathId(req) });
      return undefined;
    },
  );
}
