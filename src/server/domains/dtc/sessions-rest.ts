import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CreateSessionInput, UpdateSessionInput } from '../../../shared/diagnostics.ts';
import { sendCsv } from '../../http/csv.ts';
import { objectBody, pathId, queryParam, restRoute } from '../../http/rest.ts';

const TAG = 'Diagnostic sessions';

const vehicleParam = (req: FastifyRequest) => (req.params as { vehicleId: string }).vehicleId;

/** The REST paths of stored diagnostic sessions (docs/diagnostics.md#paths); each calls `diagnostics.*`. */
export function registerDiagnosticSessionsRest(app: FastifyInstance): void {
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/vehicles/:vehicleId/diagnostic-sessions',
      summary: 'Diagnostic sessions of a vehicle, newest first: your own vehicle\u2019s (a shop\u2019s scans of it included), or your shop\u2019s with serviceCenterId',
      tag: TAG,
      auth: 'user',
      procedure: 'diagnostics.list',
      inputFrom: 'query',
    },
    ({ caller, req }) => {
      const limit = queryParam(req, 'limit');
      return caller.diagnostics.list({ vehicleId: vehicleParam(req), serviceCenterId: queryParam(req, 'serviceCenterId'), ...(limit === undefined ? {} : { limit: Number(limit) }) });
    },
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/vehicles/:vehicleId/diagnostic-sessions',
      summary: 'Store a diagnostic session: codes with their status, readiness, live and freeze-frame values (staff: with serviceCenterId and customerVehicleId)',
      tag: TAG,
      auth: 'user',
      procedure: 'diagnostics.create',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.diagnostics.create({ ...(objectBody(req) as Omit<CreateSessionInput, 'vehicleId'>), vehicleId: vehicleParam(req) }),
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/diagnostic-sessions/:id', summary: 'One diagnostic session with its codes explained from the catalogue', tag: TAG, auth: 'user', procedure: 'diagnostics.get' },
    ({ caller, req }) => caller.diagnostics.get({ id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/diagnostic-sessions/:id',
      summary: 'Notes, a newer live snapshot, or `{ "cleared": true }` when the codes were cleared from the car',
      tag: TAG,
      auth: 'user',
      procedure: 'diagnostics.update',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.diagnostics.update({ ...(objectBody(req) as Omit<UpdateSessionInput, 'id'>), id: pathId(req) }),
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/diagnostic-sessions/:id/report.csv', summary: 'A diagnostic session as a CSV download', tag: TAG, auth: 'user', procedure: 'diagnostics.csv', produces: 'text/csv' },
    async ({ caller, req, reply }) => sendCsv(reply, await caller.diagnostics.csv({ id: pathId(req) })),
  );
}
