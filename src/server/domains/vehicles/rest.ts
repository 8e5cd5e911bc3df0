import type { FastifyInstance, FastifyRequest } from 'fastify';
import { restRoute } from '../../http/rest.ts';
import { getVinDecoder } from './vin-decoder.ts';

/**
 * A field of a JSON object body or query string, handed on unchecked: the procedure's zod schema
 * validates it (a missing or mistyped field answers 400 with that schema's message).
 */
function field<T>(source: unknown, key: string): T {
  const value = source && typeof source === 'object' && !Array.isArray(source) ? (source as Record<string, unknown>)[key] : undefined;
  return value as T;
}

function idParam(req: FastifyRequest): string {
  return String(field<unknown>(req.params, 'id') ?? '');
}

const TAG = 'Vehicles';

/** The REST paths of SPEC 7 for vehicles; each calls the procedure of the same name. */
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
    ({ caller, req }) => caller.vehicles.decodeVin({ vin: field<string>(req.body, 'vin') }),
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
        year: field<number>(req.query, 'year'),
        make: field<string>(req.query, 'make'),
        model: field<string>(req.query, 'model'),
      }),
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
    ({ caller, req }) => caller.vehicles.components({ vehicleId: idParam(req) }),
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
    ({ caller, req }) => caller.vehicles.videos({ vehicleId: idParam(req) }),
  );
}
