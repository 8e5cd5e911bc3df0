import type { FastifyInstance } from 'fastify';
import type { VehicleSelectionInput } from '../../../shared/vehicles.ts';
import { objectBody, pathId, queryParam, restRoute } from '../../http/rest.ts';
import { getVinDecoder } from './vin-decoder.ts';

const TAG = 'Vehicles';

/** The REST paths for vehicles (docs/vehicles.md#paths); each calls the procedure of the same name. */
export function registerVehiclesRest(app: FastifyInstance): void {
  // Starts loading the vPIC data with the server, so the first decode does not wait for it.
  app.addHook('onReady', async () => {
    getVinDecoder().catch((error: unknown) => app.log.error({ err: error }, 'VIN decoder failed to load'));
  });

  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/vehicles/decode-vin',
      summary: 'Identify a vehicle by VIN (offline vPIC decode; a repeat is served from the database)',
      description:
        'Answers the stored vehicle plus `warnings` (e.g. a check digit that does not match). 422 when vPIC does not know the manufacturer, or knows it but cannot name the model: `details` then carries make, manufacturer, year and plantCountry. 503 while the decoder cannot load.',
      tag: TAG,
      auth: 'public',
      status: 200,
      procedure: 'vehicles.decodeVin',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.vehicles.decodeVin({ vin: objectBody(req).vin as string }),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/vehicles/search',
      summary: 'Stored vehicles of a year, make and model (all three required)',
      tag: TAG,
      auth: 'public',
      procedure: 'vehicles.search',
      inputFrom: 'query',
    },
    ({ caller, req }) =>
      caller.vehicles.search({
        year: queryParam(req, 'year'),
        make: queryParam(req, 'make'),
        model: queryParam(req, 'model'),
      } as VehicleSelectionInput),
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/vehicles/:id', summary: 'A stored vehicle (404 "Vehicle not found" for an unknown id)', tag: TAG, auth: 'public', procedure: 'vehicles.get' },
    ({ caller, req }) => caller.vehicles.get({ vehicleId: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/vehicles/:id/components',
      summary: "A stored vehicle's components with specifications, generic service intervals and diagram positions",
      tag: TAG,
      auth: 'public',
      procedure: 'vehicles.components',
    },
    ({ caller, req }) => caller.vehicles.components({ vehicleId: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/vehicles/:id/videos',
      summary: "A stored vehicle's video walkthroughs with chapters",
      tag: TAG,
      auth: 'public',
      procedure: 'vehicles.videos',
    },
    ({ caller, req }) => caller.vehicles.videos({ vehicleId: pathId(req) }),
  );
}
