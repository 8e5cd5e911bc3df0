import type { FastifyInstance } from 'fastify';
import type { ServiceCenterInput, ServiceCenterPatch } from '../../../shared/service-centers.ts';
import { objectBody, pathId, restRoute } from '../../http/rest.ts';

export function registerServiceCentersRest(app: FastifyInstance): void {
  const tag = 'Service centers';
  restRoute(
    app,
    { method: 'GET', url: '/api/service-centers', summary: 'All service centers (visitors see active ones only; signed-in users also inactive ones, with their badge)', tag, auth: 'public', procedure: 'serviceCenters.all' },
    ({ caller }) => caller.serviceCenters.all(),
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/service-centers/:id', summary: 'One service center', tag, auth: 'public', procedure: 'serviceCenters.get' },
    ({ caller, req }) => caller.serviceCenters.get({ id: pathId(req) }),
  );
  restRoute(
    app,
    { method: 'POST', url: '/api/service-centers', summary: 'Register a service center (the caller becomes its owner)', tag, auth: 'user', procedure: 'serviceCenters.create', inputFrom: 'body' },
    ({ caller, req }) => caller.serviceCenters.create(objectBody(req) as ServiceCenterInput),
  );
  restRoute(
    app,
    { method: 'PATCH', url: '/api/service-centers/:id', summary: 'Update a service center (its managers and owners, or an admin)', tag, auth: 'staff', procedure: 'serviceCenters.update', inputFrom: 'body' },
    ({ caller, req }) => caller.serviceCenters.update({ ...(objectBody(req) as ServiceCenterPatch), id: pathId(req) }),
  );
  restRoute(
    app,
    { method: 'DELETE', url: '/api/service-centers/:id', summary: 'Deactivate a service center (its owner or an admin; it stays listed as inactive)', tag, auth: 'staff', status: 204, procedure: 'serviceCenters.deactivate' },
    async ({ caller, req }) => {
      await caller.serviceCenters.deactivate({ id: pathId(req) });
      return undefined;
    },
  );
}
