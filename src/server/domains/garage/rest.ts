import type { FastifyInstance } from 'fastify';
import type { AddToGarageInput, GarageVehiclePatch } from '../../../shared/garage.ts';
import { objectBody, pathId, queryParam, restRoute } from '../../http/rest.ts';

export function registerGarageRest(app: FastifyInstance): void {
  const tag = 'Garage';
  restRoute(app, { method: 'GET', url: '/api/garage', summary: "The signed-in user's saved vehicles", tag, auth: 'user', procedure: 'garage.list' }, ({ caller }) =>
    caller.garage.list(),
  );
  restRoute(
    app,
    { method: 'POST', url: '/api/garage', summary: 'Save an identified vehicle with a nickname and the current odometer', tag, auth: 'user', procedure: 'garage.add', inputFrom: 'body' },
    ({ caller, req }) => caller.garage.add(objectBody(req) as AddToGarageInput),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/garage/due',
      summary: 'What is due for every saved vehicle, most urgent first',
      description:
        'One entry per component and service interval: the last completed service, the next due day and mileage (whichever comes first) and the urgency: overdue (past either), due (within 7 days or 100 miles), soon (within 30 days or 500 miles) or ok. Mileages in miles whatever the user\u2019s unit preferences. Days are counted in `timeZone` (default UTC); `vehicleId` narrows to one vehicle.',
      tag,
      auth: 'user',
      procedure: 'garage.due',
      inputFrom: 'query',
    },
    ({ caller, req }) => caller.garage.due({ timeZone: queryParam(req, 'timeZone'), vehicleId: queryParam(req, 'vehicleId') }),
  );
  restRoute(
    app,
    { method: 'PATCH', url: '/api/garage/:id', summary: 'Rename a saved vehicle or update its odometer', tag, auth: 'user', procedure: 'garage.update', inputFrom: 'body' },
    ({ caller, req }) => caller.garage.update({ ...(objectBody(req) as GarageVehiclePatch), id: pathId(req) }),
  );
  restRoute(
    app,
    { method: 'DELETE', url: '/api/garage/:id', summary: 'Remove a vehicle from the garage (its records stay and return if it is saved again)', tag, auth: 'user', status: 204, procedure: 'garage.remove' },
    async ({ caller, req }) => {
      await caller.garage.remove({ id: pathId(req) });
      return undefined;
    },
  );
}
