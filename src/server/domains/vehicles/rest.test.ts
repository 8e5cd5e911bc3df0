import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp } from '../../../../tests/helpers/factories.ts';
import { getVinDecoder } from './vin-decoder.ts';

const VEHICLE_KEYS = [
  'bodyStyle',
  'createdAt',
  'drivetrain',
  'engine',
  'id',
  'make',
  'model',
  'transmission',
  'trim',
  'updatedAt',
  'vin',
  'year',
];

describeEachDatabase('vehicles REST paths (docs/vehicles.md#paths)', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    await getVinDecoder();
    app = await buildTestApp(getDb());
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const decode = (payload: unknown) => app.inject({ method: 'POST', url: '/api/vehicles/decode-vin', payload: payload as object });

  it('POST /api/vehicles/decode-vin answers the vehicle plus warnings', async () => {
    const res = await decode({ vin: '  jtdbt923291344240 ' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([...VEHICLE_KEYS, 'warnings'].sort());
    expect(body).toMatchObject({ vin: 'JTDBT923291344240', year: 2009, make: 'Toyota', model: 'Yaris', warnings: [] });
    expect(new Date(body.createdAt).toString()).not.toBe('Invalid Date');
    const again = await decode({ vin: 'JTDBT923291344240' });
    expect(again.json()).toEqual(body);
  });

  it('POST /api/vehicles/decode-vin refuses bad input with 400 and the REST error JSON', async () => {
    const cases: [unknown, string][] = [
      [{ vin: '1HGCM82633A00435' }, 'Invalid VIN: VIN must be exactly 17 characters (got 16)'],
      [{}, 'Invalid VIN: VIN must be exactly 17 characters'],
      [{ vin: null }, 'Invalid VIN: VIN must be exactly 17 characters'],
      [{ vin: ['1HGCM82633A004352'] }, 'Invalid VIN: VIN must be exactly 17 characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await decode(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ message, code: 'BAD_REQUEST', issues: expect.any(Object) });
    }
    // A body that is not an object is refused as every REST path refuses it.
    const array = await decode([]);
    expect(array.statusCode).toBe(400);
    expect(array.json()).toMatchObject({ message: 'Send a JSON object as the request body', code: 'BAD_REQUEST' });
    const malformedJson = await app.inject({
      method: 'POST',
      url: '/api/vehicles/decode-vin',
      headers: { 'content-type': 'application/json' },
      payload: '{"vin": ',
    });
    expect(malformedJson.statusCode).toBe(400);
  });

  it('POST /api/vehicles/decode-vin answers 422 for an unknown manufacturer and for a partial decode', async () => {
    const unknown = await decode({ vin: 'TMBJJ7NE0J0000001' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      message: expect.stringMatching(/^Unknown manufacturer code 'TMB'/),
      code: 'UNPROCESSABLE_CONTENT',
      details: { wmi: 'TMB' },
    });
    const partial = await decode({ vin: '5UX63DP06R9U65632' });
    expect(partial.statusCode).toBe(422);
    expect(partial.json()).toEqual({
      message: expect.stringContaining("'63DP0'"),
      code: 'UNPROCESSABLE_CONTENT',
      details: { make: 'BMW', manufacturer: expect.any(String), year: 2024, plantCountry: 'United States (USA)' },
    });
  });

  it('carries a partial decode in the tRPC error data, for the client to pre-fill manual selection', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/vehicles.decodeVin',
      payload: { json: { vin: '1HGCP26367A000001' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.json.data).toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
      details: { make: 'Honda', year: 2007 },
    });
  });

  it('GET /api/vehicles/search answers stored matches and 400 when a parameter is missing', async () => {
    await decode({ vin: '2T3B1RFV0SC582226' });
    const res = await app.inject({ method: 'GET', url: '/api/vehicles/search?year=2025&make=toyota&model=rav4' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0]).sort()).toEqual(VEHICLE_KEYS);
    expect(list[0]).toMatchObject({ vin: '2T3B1RFV0SC582226', model: 'RAV4' });

    const none = await app.inject({ method: 'GET', url: '/api/vehicles/search?year=1999&make=Toyota&model=RAV4' });
    expect(none.json()).toEqual([]);
    for (const [query, message] of [
      ['make=Toyota&model=RAV4', 'Year is required'],
      ['year=2025&model=RAV4', 'Make is required'],
      ['year=2025&make=Toyota', 'Model is required'],
      ['year=2025&make=Toyota&model=', 'Model is required'],
      ['year=twenty&make=Toyota&model=RAV4', 'Year must be a whole number'],
      ['year=&make=Toyota&model=RAV4', 'Year is required'],
    ]) {
      const bad = await app.inject({ method: 'GET', url: `/api/vehicles/search?${query}` });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json(), query).toMatchObject({ message, code: 'BAD_REQUEST' });
    }
  });

  it('GET /api/vehicles/{id}/components and /videos answer lists, 404 for an unknown id and 400 for a malformed one', async () => {
    const vehicle = (await decode({ vin: '5N1AT2MVXLC807279' })).json();
    const components = await app.inject({ method: 'GET', url: `/api/vehicles/${vehicle.id}/components` });
    expect(components.statusCode).toBe(200);
    const list = components.json();
    expect(list.map((c: { name: string }) => c.name)).toEqual(['Engine', 'Transmission', 'Battery', 'Brakes', 'Suspension', 'Exhaust']);
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        'category',
        'commonIssues',
        'createdAt',
        'description',
        'diagramPosition',
        'id',
        'name',
        'serviceIntervals',
        'serviceSchedule',
        'specifications',
        'vehicleId',
      ].sort(),
    );
    expect(list[0].diagramPosition).toEqual({ x: expect.any(Number), y: expect.any(Number), color: 'red' });

    const videos = await app.inject({ method: 'GET', url: `/api/vehicles/${vehicle.id}/videos` });
    expect(videos.statusCode).toBe(200);
    const [video] = videos.json();
    expect(video).toEqual({
      id: expect.any(String),
      vehicleId: vehicle.id,
      title: '2020 Nissan Rogue: SUV walkthrough',
      description: expect.any(String),
      videoUrl: '/walkthroughs/suv',
      duration: '07:00',
      chapters: expect.arrayContaining([{ title: 'Drive system', startTime: '03:05', endTime: '04:25', description: expect.any(String) }]),
      createdAt: expect.any(String),
    });
    expect(video.videoUrl).not.toMatch(/^[a-z]+:/i);

    for (const suffix of ['components', 'videos']) {
      const unknown = await app.inject({ method: 'GET', url: `/api/vehicles/6f1c2a4e-0000-4000-8000-000000000000/${suffix}` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Vehicle not found', code: 'NOT_FOUND' });
      const malformed = await app.inject({ method: 'GET', url: `/api/vehicles/12345/${suffix}` });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ message: 'vehicleId must be a UUID', code: 'BAD_REQUEST' });
    }
  });

  it('lists the four paths in the API reference, with the procedures\' input schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/vehicles/decode-vin'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/api/vehicles/search'] ?? {})).toEqual(['get']);
    expect(Object.keys(paths['/api/vehicles/{id}/components'] ?? {})).toEqual(['get']);
    expect(Object.keys(paths['/api/vehicles/{id}/videos'] ?? {})).toEqual(['get']);
  });

  it('never stores a walkthrough or anything else pointing outside the product', async () => {
    const external = await getDb()
      .selectFrom('video_walkthroughs')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('video_url', '!~', '^/[a-z0-9/-]+$')
      .executeTakeFirstOrThrow();
    expect(external.n).toBe(0);
  });
});
