import { beforeAll, expect, it } from 'vitest';
import { catalogYears } from '../../../shared/vehicle-catalog.ts';
import { CATALOG_MODELS, VEHICLE_MAKES, type VehicleMake } from '../../../shared/vehicles.ts';
import { toHttpError } from '../../http/errors.ts';
import { callerFor, createUser } from '../../../../tests/helpers/factories.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { getVinDecoder } from './vin-decoder.ts';
import { LOAD, countingDecoders, vehiclesCaller, rejection, vehicleCount, partsOf } from './test-support.ts';

describeEachDatabase('vehicles: catalog, manual choice, search and service history', (getDb) => {
  beforeAll(async () => {
    await getVinDecoder();
  }, LOAD);

  it('offers the current year and the 24 before it, and the 8 makes', async () => {
    const answer = await callerFor(getDb(), null).vehicles.catalog();
    const current = new Date().getFullYear();
    expect(answer.years).toHaveLength(25);
    expect(answer.years[0]).toBe(current);
    expect(answer.years.at(-1)).toBe(current - 24);
    expect(answer.makes).toEqual(['Toyota', 'Honda', 'Ford', 'Chevrolet', 'Nissan', 'BMW', 'Mercedes-Benz', 'Audi']);
  });

  it.each(VEHICLE_MAKES.map((make) => [make]))('lists models of %s for every catalog year', async (make: VehicleMake) => {
    const vehicles = callerFor(getDb(), null).vehicles;
    for (const year of catalogYears()) {
      const models = await vehicles.models({ year, make });
      expect(models.length, `${year} ${make}`).toBeGreaterThan(0);
      for (const model of CATALOG_MODELS[make] ?? []) expect(models, `${year} ${make}`).toContain(model);
      expect(new Set(models.map((m) => m.toLowerCase())).size).toBe(models.length);
    }
  });

  it('lists models vPIC knows, such as the 2020 Nissan Altima and BMW X5', async () => {
    const vehicles = callerFor(getDb(), null).vehicles;
    expect(await vehicles.models({ year: 2020, make: 'Nissan' })).toEqual(expect.arrayContaining(['Altima', 'Rogue', 'Leaf']));
    expect(await vehicles.models({ year: 2020, make: 'bmw' })).toContain('X5');
    expect((await rejection(vehicles.models({ year: 2020, make: 'Tesla' }))).message).toBe(
      'Make must be one of: Toyota, Honda, Ford, Chevrolet, Nissan, BMW, Mercedes-Benz, Audi',
    );
  });

  it('stores a manual choice once, with components and a walkthrough, and finds it again', async () => {
    const db = getDb();
    const vehicles = callerFor(db, null).vehicles;
    const year = new Date().getFullYear() - 6;
    const choices = await Promise.all(Array.from({ length: 4 }, () => vehicles.choose({ year, make: 'nissan', model: 'altima' })));
    const [first] = choices;
    expect(first).toMatchObject({ vin: null, year, make: 'Nissan', model: 'Altima', trim: null, engine: null, bodyStyle: null });
    expect(new Set(choices.map((c) => c.id)).size).toBe(1);
    expect(await partsOf(db, first?.id ?? '')).toEqual({ components: 6, videos: 1 });
    expect((await vehicles.search({ year, make: 'NISSAN', model: 'Altima' })).map((v) => v.id)).toEqual([first?.id]);
    const [video] = await vehicles.videos({ vehicleId: first?.id ?? '' });
    expect(video?.title).toBe(`${year} Nissan Altima: sedan walkthrough`);
  });

  it('answers a manual choice with the first stored match, decoded ones included', async () => {
    const db = getDb();
    const decoded = await callerFor(db, null).vehicles.decodeVin({ vin: 'JTEBU11F470006153' });
    const before = await vehicleCount(db);
    const { source, decodes } = countingDecoders();
    const chosen = await vehiclesCaller(db, source).choose({ year: 2007, make: 'Toyota', model: 'FJ Cruiser' });
    expect(chosen.id).toBe(decoded.id);
    expect(decodes()).toBe(0);
    expect(await vehicleCount(db)).toBe(before);
  });

  it('gives a manual electric choice a drive motor, and a pickup the pickup walkthrough', async () => {
    const db = getDb();
    const vehicles = callerFor(db, null).vehicles;
    const leaf = await vehicles.choose({ year: 2020, make: 'Nissan', model: 'Leaf' });
    expect((await vehicles.components({ vehicleId: leaf.id })).map((c) => c.name)).toEqual([
      'Drive Motor',
      'Transmission',
      'Battery',
      'Brakes',
      'Suspension',
    ]);
    const silverado = await vehicles.choose({ year: 2019, make: 'Chevrolet', model: 'Silverado' });
    const [video] = await vehicles.videos({ vehicleId: silverado.id });
    expect(video?.videoUrl).toBe('/walkthroughs/pickup');
  });

  it('refuses manual choices outside the catalog and stores nothing', async () => {
    const db = getDb();
    const vehicles = callerFor(db, null).vehicles;
    const before = await vehicleCount(db);
    const current = new Date().getFullYear();
    const cases: [Parameters<typeof vehicles.choose>[0], RegExp][] = [
      [{ year: current, make: 'Tesla', model: 'Model 3' }, /^Make must be one of/],
      [{ year: current - 25, make: 'Honda', model: 'Civic' }, new RegExp(`^Year must be between ${current - 24} and ${current}`)],
      [{ year: current + 1, make: 'Honda', model: 'Civic' }, /^Year must be between/],
      [{ year: 2020, make: 'Honda', model: 'Flying Carpet' }, /^Unknown model 'Flying Carpet' for a 2020 Honda/],
      [{ year: 2020, make: 'Honda', model: '' }, /^Model is required/],
      [{ year: 2020, make: '  ', model: 'Civic' }, /^Make is required/],
      [{ year: 2020.5, make: 'Honda', model: 'Civic' }, /^Year must be a whole number/],
      [{ year: 2020, make: 'Honda', model: 'x'.repeat(101) }, /^Model must be at most 100 characters/],
    ];
    for (const [input, message] of cases) {
      const error = await rejection(vehicles.choose(input));
      expect(toHttpError(error), JSON.stringify(input)).toMatchObject({ status: 400, body: { message: expect.stringMatching(message) } });
    }
    expect(await vehicleCount(db)).toBe(before);
  });

  it('searches stored vehicles and requires year, make and model', async () => {
    const db = getDb();
    const vehicles = callerFor(db, null).vehicles;
    const accord = await vehicles.decodeVin({ vin: '1HGCM82633A004352' });
    expect((await vehicles.search({ year: 2003, make: 'honda', model: 'ACCORD' })).map((v) => v.id)).toContain(accord.id);
    expect(await vehicles.search({ year: 2004, make: 'Honda', model: 'Accord' })).toEqual([]);
    const missing = [
      [{ make: 'Honda', model: 'Accord' }, 'Year is required'],
      [{ year: 2003, model: 'Accord' }, 'Make is required'],
      [{ year: 2003, make: 'Honda' }, 'Model is required'],
    ] as const;
    for (const [input, message] of missing) {
      const error = await rejection(vehicles.search(input as Parameters<typeof vehicles.search>[0]));
      expect(toHttpError(error)).toMatchObject({ status: 400, body: { message } });
    }
  });

  it('lists the service history of a component to signed-in users only', async () => {
    const db = getDb();
    const vehicle = await callerFor(db, null).vehicles.decodeVin({ vin: '1FTFW1EF7BFB11754' });
    const components = await callerFor(db, null).vehicles.components({ vehicleId: vehicle.id });
    const brakes = components.find((c) => c.name === 'Brakes');
    const engine = components.find((c) => c.name === 'Engine');
    if (!brakes || !engine) throw new Error('component set incomplete');
    const input = { vehicleId: vehicle.id, componentId: brakes.id };

    expect((await rejection(callerFor(db, null).vehicles.serviceRecords(input))).code).toBe('UNAUTHORIZED');
    const ownerUser = await createUser(db, { role: 'simple' });
    const owner = callerFor(db, ownerUser);
    expect(await owner.vehicles.serviceRecords(input)).toEqual([]);

    const someoneElse = await createUser(db, { role: 'simple' });
    await db
      .insertInto('service_records')
      .values([
        { vehicle_id: vehicle.id, user_id: ownerUser.id, component_id: brakes.id, service_type: 'Pads replaced', mileage: '42,000', mileage_value: 42_000, date: '2025-03-01T10:00:00Z' },
        { vehicle_id: vehicle.id, user_id: ownerUser.id, component_id: brakes.id, service_type: 'Fluid flush', date: '2025-09-01T10:00:00Z' },
        { vehicle_id: vehicle.id, user_id: ownerUser.id, component_id: engine.id, service_type: 'Oil change' },
        // Another owner's history of the same model never shows.
        { vehicle_id: vehicle.id, user_id: someoneElse.id, component_id: brakes.id, service_type: 'Rotors' },
      ])
      .execute();
    const records = await owner.vehicles.serviceRecords(input);
    expect(records.map((r) => [r.serviceType, r.mileage, r.mileageValue])).toEqual([
      ['Fluid flush', null, null],
      ['Pads replaced', '42,000', 42_000],
    ]);
    const other = await callerFor(db, null).vehicles.decodeVin({ vin: '1FAGP8FF8S5112755' });
    expect((await rejection(owner.vehicles.serviceRecords({ vehicleId: other.id, componentId: brakes.id }))).code).toBe('NOT_FOUND');
  });
});
