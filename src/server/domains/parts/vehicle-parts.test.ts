import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, rejection, signInCookie } from '../../../../tests/helpers/factories.ts';
import { makeAdmin, shopWithStaff } from '../../../../tests/helpers/shops.ts';
import { insertRepairOrder, storeVehicle } from '../../../../tests/helpers/vehicle-parts.ts';
import type { CreatePartInput } from '../../../shared/parts.ts';
import { VEHICLE_PARTS_LIMIT } from '../../../shared/vehicle-parts.ts';

const MISSING = '6f1c2a0e-5b7d-4c3e-9a8f-0123456789ab';

describeEachDatabase('parts: the vehicle page\u2019s Parts List', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, cookie: string | null) => app.inject({ method: 'GET', url, headers: cookie ? { host: 'localhost:3000', cookie } : { host: 'localhost:3000' } });

  it('lists the shop\u2019s parts that fit: make and model whatever the case, the years with open ends, empty fields fit all, the engine when both name one, by its words', async () => {
    const db = getDb();
    const { shop, technician } = await shopWithStaff(db);
    const tech = callerFor(db, technician);
    const civic = await storeVehicle(db, { year: 2018, make: 'HONDA', model: 'Civic', engine: '1.5L I4 Turbo Gasoline, L15B7' });
    const civicNoEngine = await storeVehicle(db, { year: 2018, make: 'Honda', model: 'civic' });
    const add = (part: Omit<CreatePartInput, 'serviceCenterId' | 'name'> & { name?: string }) => tech.parts.create({ serviceCenterId: shop.id, name: `Part ${part.partNumber}`, ...part });
    await add({ partNumber: 'ANY-1', category: 'Engine', name: 'Shop rag', priceCents: 199 });
    await add({ partNumber: 'MM-1', category: 'Brakes', make: 'honda', model: 'CIVIC', yearFrom: 2016, yearTo: 2021, brand: 'Akebono', priceCents: 6_999, reorderPoint: 2 });
    await add({ partNumber: 'FROM-2018', category: 'Brakes', make: 'Honda', yearFrom: 2018 });
    await add({ partNumber: 'TO-2018', category: 'Suspension', make: 'Honda', yearTo: 2018 });
    await add({ partNumber: 'FROM-2019', make: 'Honda', yearFrom: 2019 });
    await add({ partNumber: 'TO-2017', make: 'Honda', yearTo: 2017 });
    await add({ partNumber: 'TOYOTA-1', make: 'Toyota' });
    await add({ partNumber: 'ACCORD-1', make: 'Honda', model: 'Accord' });
    await add({ partNumber: 'ENG-SAME', category: 'Engine', make: 'Honda', engine: '1.5l TURBO' });
    await add({ partNumber: 'ENG-OTHER', category: 'Engine', make: 'Honda', engine: '2.0L' });
    // Named by the engine code the decoded description ends with.
    await add({ partNumber: 'ENG-CODE', category: 'Engine', make: 'Honda', engine: 'l15b7' });
    // Another shop's part that would fit: never listed.
    const other = await shopWithStaff(db);
    await callerFor(db, other.technician).parts.create({ serviceCenterId: other.shop.id, partNumber: 'ELSEWHERE', name: 'Not ours' });

    const mm = (await tech.parts.list({ serviceCenterId: shop.id, search: 'MM-1' })).items[0]!;
    await tech.parts.move({ partId: mm.id, kind: 'received', quantity: 5 });

    const fits = await tech.parts.forVehicle({ serviceCenterId: shop.id, vehicleId: civic.id });
    // By category in the diagram's order (Engine, ..., Brakes, Suspension, ..., Other), then number.
    expect(fits.items.map((p) => p.partNumber)).toEqual(['ANY-1', 'ENG-CODE', 'ENG-SAME', 'FROM-2018', 'MM-1', 'TO-2018']);
    expect(fits.total).toBe(6);
    expect(fits.limit).toBe(VEHICLE_PARTS_LIMIT);
    expect(fits.categories).toEqual([
      { category: 'Engine', count: 3 },
      { category: 'Brakes', count: 2 },
      { category: 'Suspension', count: 1 },
    ]);
    expect(fits.items.find((p) => p.partNumber === 'MM-1')).toMatchObject({ name: 'Part MM-1', brand: 'Akebono', priceCents: 6_999, onHand: 5, status: 'in_stock' });
    expect(fits.items.find((p) => p.partNumber === 'ANY-1')).toMatchObject({ onHand: 0, status: 'out_of_stock' });

    // A vehicle whose engine is not known: the engine is not compared.
    const noEngine = await tech.parts.forVehicle({ serviceCenterId: shop.id, vehicleId: civicNoEngine.id });
    expect(noEngine.items.map((p) => p.partNumber)).toEqual(['ANY-1', 'ENG-CODE', 'ENG-OTHER', 'ENG-SAME', 'FROM-2018', 'MM-1', 'TO-2018']);

    // One category in the list; the counts still cover them all. Search narrows both.
    const brakes = await tech.parts.forVehicle({ serviceCenterId: shop.id, vehicleId: civic.id, category: 'Brakes' });
    expect(brakes.items.map((p) => p.partNumber)).toEqual(['FROM-2018', 'MM-1']);
    expect(brakes.total).toBe(6);
    const searched = await tech.parts.forVehicle({ serviceCenterId: shop.id, vehicleId: civic.id, search: 'akebono' });
    expect(searched.items.map((p) => p.partNumber)).toEqual(['MM-1']);
    expect(searched).toMatchObject({ total: 1, categories: [{ category: 'Brakes', count: 1 }] });
    expect(await tech.parts.forVehicle({ serviceCenterId: shop.id, vehicleId: civic.id, search: 'toyota' })).toEqual({ items: [], total: 0, categories: [], limit: VEHICLE_PARTS_LIMIT });
  });

  it('lists at most the bound and counts the rest; the search reaches past it', async () => {
    const db = getDb();
    const { shop, technician } = await shopWithStaff(db);
    const vehicle = await storeVehicle(db, { year: 2020, make: 'Ford', model: 'F-150' });
    const count = VEHICLE_PARTS_LIMIT + 5;
    await db
      .insertInto('parts')
      .values(Array.from({ length: count }, (_, i) => ({ service_center_id: shop.id, part_number: `BULK-${String(i).padStart(3, '0')}`, name: `Bulk part ${i}`, make: 'Ford' })))
      .execute();
    const tech = callerFor(db, technician);
    const all = await tech.parts.forVehicle({ serviceCenterId: shop.id, vehicleId: vehicle.id });
    expect(all.items).toHaveLength(VEHICLE_PARTS_LIMIT);
    expect(all.total).toBe(count);
    expect(all.items.at(-1)?.partNumber).toBe(`BULK-${String(VEHICLE_PARTS_LIMIT - 1).padStart(3, '0')}`);
    const last = await tech.parts.forVehicle({ serviceCenterId: shop.id, vehicleId: vehicle.id, search: `bulk-${count - 1}` });
    expect(last.items.map((p) => p.partNumber)).toEqual([`BULK-${count - 1}`]);
  });

  it('answers staff of the shop and admins; anyone else 404, as the catalogue does; an unknown vehicle 404', async () => {
    const db = getDb();
    const { shop, owner, technician } = await shopWithStaff(db);
    const other = await shopWithStaff(db);
    const stranger = await createUser(db, { role: 'tech' });
    const admin = await makeAdmin(db, await createUser(db));
    const vehicle = await storeVehicle(db, { year: 2019, make: 'Mazda', model: 'CX-5' });
    const part = await callerFor(db, technician).parts.create({ serviceCenterId: shop.id, partNumber: 'CX-1', name: 'Cabin filter', make: 'mazda', category: 'Other' });
    const input = { serviceCenterId: shop.id, vehicleId: vehicle.id };

    for (const user of [owner, technician, admin]) {
      expect((await callerFor(db, user).parts.forVehicle(input)).items.map((p) => p.id)).toEqual([part.id]);
    }
    for (const user of [stranger, other.owner, other.technician]) {
      const error = await rejection(callerFor(db, user).parts.forVehicle(input));
      expect([error.code, error.message]).toEqual(['NOT_FOUND', 'Service center not found']);
    }
    expect((await rejection(callerFor(db, null).parts.forVehicle(input))).code).toBe('UNAUTHORIZED');
    const unknown = await rejection(callerFor(db, technician).parts.forVehicle({ ...input, vehicleId: MISSING }));
    expect([unknown.code, unknown.message]).toEqual(['NOT_FOUND', 'Vehicle not found']);
    expect((await rejection(callerFor(db, technician).parts.forVehicle({ ...input, category: 'Wheels' as never }))).code).toBe('BAD_REQUEST');

    const url = `/api/vehicles/${vehicle.id}/parts?serviceCenterId=${shop.id}`;
    const ok = await get(`${url}&category=Other&search=cabin`, await signInCookie(app, technician.email));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ items: [{ id: part.id, partNumber: 'CX-1', status: 'out_of_stock' }], total: 1, categories: [{ category: 'Other', count: 1 }], limit: VEHICLE_PARTS_LIMIT });
    const strangerCookie = await signInCookie(app, stranger.email);
    expect((await get(url, strangerCookie)).json()).toEqual({ message: 'Service center not found', code: 'NOT_FOUND' });
    expect((await get(`/api/vehicles/${vehicle.id}/parts`, strangerCookie)).statusCode).toBe(400);
    expect((await get(url, null)).statusCode).toBe(401);
  });

  it('shows the household the parts fitted on the car\u2019s finished repair orders, newest first; not estimates, declined lines, labour or other cars', async () => {
    const db = getDb();
    const { shop, technician } = await shopWithStaff(db);
    const owner = await createUser(db);
    const viewer = await createUser(db);
    const neighbour = await createUser(db);
    const car = await storeVehicle(db, { year: 2017, make: 'Subaru', model: 'Outback' });
    const otherCar = await storeVehicle(db, { year: 2015, make: 'Subaru', model: 'Forester' });
    const asOwner = callerFor(db, owner);
    const garage = await asOwner.garage.add({ vehicleId: car.id, nickname: 'Wagon', odometer: 80_000 });
    await asOwner.garage.add({ vehicleId: otherCar.id, nickname: 'Spare', odometer: 120_000 });
    await asOwner.garage.shares.add({ garageVehicleId: garage.id, email: viewer.email, role: 'viewer' });
    await callerFor(db, neighbour).garage.add({ vehicleId: car.id, nickname: 'Same model, other car', odometer: 5 });

    // Until a shop finishes an order, the list is empty.
    expect(await asOwner.parts.usedOnVehicle({ vehicleId: car.id })).toEqual({ items: [], more: false });

    const mine = { serviceCenterId: shop.id, vehicleId: car.id, customerUserId: owner.id };
    const march = await insertRepairOrder(db, {
      ...mine,
      status: 'completed',
      completedAt: new Date('2025-03-01T15:00:00Z'),
      lines: [
        { kind: 'labor', description: 'Replace front pads' },
        { partNumber: 'BP-1042', description: 'Front brake pads', quantity: 2, decision: 'approved' },
        { partNumber: 'ROT-7', description: 'Front rotors', quantity: 2, decision: 'declined' },
        { partNumber: null, description: 'Brake cleaner', quantity: 1 },
        { kind: 'fee', description: 'Shop supplies' },
      ],
    });
    const june = await insertRepairOrder(db, { ...mine, status: 'paid', completedAt: new Date('2025-06-10T09:00:00Z'), lines: [{ partNumber: 'OF-7', description: 'Oil filter', quantity: 1 }] });
    await insertRepairOrder(db, { ...mine, status: 'invoiced', completedAt: new Date('2025-05-01T09:00:00Z'), lines: [{ partNumber: 'WB-1', description: 'Wiper blades', quantity: 2, decision: 'approved' }] });
    for (const status of ['estimate', 'sent', 'approved', 'in_progress', 'declined', 'cancelled'] as const) {
      await insertRepairOrder(db, { ...mine, status, lines: [{ partNumber: 'NOPE-1', description: `Not fitted (${status})`, quantity: 1 }] });
    }
    await insertRepairOrder(db, { ...mine, vehicleId: otherCar.id, status: 'completed', completedAt: new Date(), lines: [{ description: 'On the other car', quantity: 1 }] });
    await insertRepairOrder(db, { ...mine, customerUserId: neighbour.id, status: 'completed', completedAt: new Date(), lines: [{ description: 'On the neighbour\u2019s car', quantity: 1 }] });

    const used = await asOwner.parts.usedOnVehicle({ vehicleId: car.id });
    expect(used.more).toBe(false);
    expect(used.items.map((line) => [line.partNumber, line.description, line.quantity])).toEqual([
      ['OF-7', 'Oil filter', 1],
      ['WB-1', 'Wiper blades', 2],
      ['BP-1042', 'Front brake pads', 2],
      [null, 'Brake cleaner', 1],
    ]);
    expect(used.items[0]).toMatchObject({ repairOrderId: june, shopName: shop.name, date: new Date('2025-06-10T09:00:00Z') });
    expect(used.items[2]).toMatchObject({ repairOrderId: march, shopName: shop.name });

    // The household reads the owner's list; the neighbour's garage holds the same model, not this car's history.
    expect(await callerFor(db, viewer).parts.usedOnVehicle({ vehicleId: car.id })).toEqual(used);
    expect((await callerFor(db, neighbour).parts.usedOnVehicle({ vehicleId: car.id })).items.map((line) => line.description)).toEqual(['On the neighbour\u2019s car']);
    expect((await asOwner.parts.usedOnVehicle({ vehicleId: otherCar.id })).items.map((line) => line.description)).toEqual(['On the other car']);

    // The shop that fitted them reads its own orders, not the owner's garage: 404 like any stranger.
    for (const user of [technician, await createUser(db)]) {
      const error = await rejection(callerFor(db, user).parts.usedOnVehicle({ vehicleId: car.id }));
      expect([error.code, error.message]).toEqual(['NOT_FOUND', 'Vehicle not found in your garage']);
    }
    expect((await rejection(callerFor(db, null).parts.usedOnVehicle({ vehicleId: car.id }))).code).toBe('UNAUTHORIZED');
  });
});
