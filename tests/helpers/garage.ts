import type { FastifyInstance } from 'fastify';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Vehicle, VehicleComponent } from '../../src/shared/vehicles.ts';
import type { Database } from '../../src/server/db/index.ts';
import { toHttpError } from '../../src/server/http/errors.ts';
import { componentSet } from '../../src/server/domains/vehicles/components.ts';
import { insertComponents, insertDecodedVehicle } from '../../src/server/domains/vehicles/repository.ts';
import { buildTestApp, callerFor, createUser, rejection } from './factories.ts';

/** Fixtures of the garage and service-records tests: decoded vehicles, owners with a garage, REST calls. */

export const F150_VIN = '1FTFW1EF7BFB11754'; // 2011 Ford F-150
export const CRV_VIN = '2HKRW2H20NH207506'; // 2022 Honda CR-V
export const ACCORD_VIN = '1HGCM82633A004352'; // 2003 Honda Accord
export const MISSING = '6f1c2a0e-5b7d-4c3e-9a8f-0123456789ab';
const ORIGIN = 'http://localhost:3000';

/** `day` moved by whole days, computed on its own (not with the code under test). */
export function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * A 2020 F-150 stored as a decode stores it, with the generic component set (oil change every
 * 5,000 miles or 6 months), without the offline VIN decoder.
 */
export async function storeGenericTruck(db: Database, vin: string): Promise<string> {
  const draft = { vin, year: 2020, make: 'Ford', model: 'F-150', trim: null, engine: null, transmission: null, drivetrain: null, bodyStyle: 'Pickup', details: {} };
  const vehicle = await insertDecodedVehicle(db, draft);
  if (!vehicle) throw new Error('vehicle not stored');
  await insertComponents(db, vehicle.id, componentSet({ ...draft, details: null }));
  return vehicle.id;
}

/** The REST answer a failed call turns into (status and JSON body). */
export async function httpFailure(promise: Promise<unknown>) {
  return toHttpError(await rejection(promise));
}

/** Counts the statements sent through a database handle (raw `sql` ones included). */
export function countingDb(db: Database): { db: Database; count: () => number; reset: () => void } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      statements += 1;
      return args.node;
    },
    transformResult(args) {
      return Promise.resolve(args.result);
    },
  };
  return { db: db.withPlugin(plugin), count: () => statements, reset: () => (statements = 0) };
}

export interface Stored {
  vehicle: Vehicle;
  components: VehicleComponent[];
  component(name: string): VehicleComponent;
}

/**
 * Three decoded vehicles and an app for REST calls, made once per suite (call inside
 * describeEachDatabase); every test makes its own owners.
 */
export function garageFixtures(getDb: () => Database) {
  let app: FastifyInstance | undefined;
  const vehicles: Partial<Record<'f150' | 'crv' | 'accord', Stored>> = {};

  async function store(vin: string): Promise<Stored> {
    const anonymous = callerFor(getDb(), null);
    const vehicle = await anonymous.vehicles.decodeVin({ vin });
    const components = await anonymous.vehicles.components({ vehicleId: vehicle.id });
    return {
      vehicle,
      components,
      component(name) {
        const found = components.find((c) => c.name === name);
        if (!found) throw new Error(`${vin} has no ${name}`);
        return found;
      },
    };
  }

  beforeAll(async () => {
    vehicles.f150 = await store(F150_VIN);
    vehicles.crv = await store(CRV_VIN);
    vehicles.accord = await store(ACCORD_VIN);
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app?.close();
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('garage fixtures are made in beforeAll');
    return value;
  };

  return {
    get app(): FastifyInstance {
      return ready(app);
    },
    get f150(): Stored {
      return ready(vehicles.f150);
    },
    get crv(): Stored {
      return ready(vehicles.crv);
    },
    get accord(): Stored {
      return ready(vehicles.accord);
    },

    /** A new owner with `vehicle` in the garage. */
    /** A new owner with `vehicle` in the garage; `lastKnown`: what they knew of past services. */
    async ownerWith(vehicle: Vehicle, odometer = 41_250, role: 'simple' | 'tech' = 'simple', lastKnown: { service: string; date?: string | null; mileage?: number | null }[] = []) {
      const user = await createUser(getDb(), { role });
      const caller = callerFor(getDb(), user);
      const entry = await caller.garage.add({ vehicleId: vehicle.id, nickname: `${vehicle.model} of ${user.email}`.slice(0, 60), odometer, lastKnown });
      return { user, caller, entry };
    },

    async recordCount(vehicleId: string, userId: string): Promise<number> {
      const row = await getDb()
        .selectFrom('service_records')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('vehicle_id', '=', vehicleId)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    async odometerOf(garageId: string): Promise<number> {
      const row = await getDb().selectFrom('garage_vehicles').select('odometer').where('id', '=', garageId).executeTakeFirstOrThrow();
      return row.odometer;
    },

    async rest(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string | null, body?: unknown) {
      const headers: Record<string, string> = { host: 'localhost:3000' };
      if (cookie) headers.cookie = cookie;
      if (method !== 'GET') headers.origin = ORIGIN;
      if (body !== undefined) headers['content-type'] = 'application/json';
      return ready(app).inject({ method, url, headers, payload: body === undefined ? undefined : JSON.stringify(body) });
    },
  };
}

export { rejection };
