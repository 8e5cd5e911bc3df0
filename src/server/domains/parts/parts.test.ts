import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, rejection, signInCookie } from '../../../../tests/helpers/factories.ts';
import { snapshot, stockOf } from '../../../../tests/helpers/parts.ts';
import { makeAdmin, shopWithStaff } from '../../../../tests/helpers/shops.ts';
import { amountToCents, formatCents } from '../../../shared/money.ts';
import { PART_CATEGORIES, stockStatus } from '../../../shared/parts.ts';
import { COMPONENT_LEGEND } from '../../../shared/vehicles.ts';

const ORIGIN = 'http://localhost:3000';

it('names the badge by the rule, and shows and reads cents without floating point', () => {
  const statuses = [stockStatus(0, 0), stockStatus(-2, 3), stockStatus(3, 3), stockStatus(1, 5), stockStatus(4, 3), stockStatus(1, 0)];
  expect(statuses).toEqual(['Out of Stock', 'Out of Stock', 'Low Stock', 'Low Stock', 'In Stock', 'In Stock']);
  expect(PART_CATEGORIES).toEqual([...COMPONENT_LEGEND.map((component) => component.name), 'Other']);
  expect([formatCents(0), formatCents(5), formatCents(123450), formatCents(-500)]).toEqual(['$0.00', '$0.05', '$1,234.50', '-$5.00']);
  expect([amountToCents('12.5'), amountToCents('$1,234.56'), amountToCents('0.07'), amountToCents('7'), amountToCents('1.234'), amountToCents('-1')]).toEqual([1250, 123456, 7, 700, null, null]);
});

describeEachDatabase('parts: a shop\u2019s catalogue, its stock ledger and suppliers', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app?.close();
  });

  async function rest(method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string | null, body?: unknown) {
    const headers: Record<string, string> = { host: 'localhost:3000' };
    if (cookie) headers.cookie = cookie;
    if (method !== 'GET') headers.origin = ORIGIN;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return app.inject({ method, url, headers, payload: body === undefined ? undefined : JSON.stringify(body) });
  }

  it('adds, edits and finds parts by number, name, brand and fitment; a number is the shop\u2019s once', async () => {
    const db = getDb();
    const { shop, technician } = await shopWithStaff(db);
    const tech = callerFor(db, technician);
    const pads = await tech.parts.create({
      serviceCenterId: shop.id,
      partNumber: ' bp-1042 ',
      name: 'Front brake pad set',
      brand: 'Akebono',
      category: 'Brakes',
      make: 'Honda',
      model: 'Civic',
      yearFrom: 2016,
      yearTo: 2021,
      unitCostCents: 3_250,
      priceCents: 6_999,
      reorderPoint: 2,
    });
    expect(pads).toMatchObject({ partNumber: 'BP-1042', onHand: 0, status: 'out_of_stock', engine: null, notes: null });
    const filter = await tech.parts.create({ serviceCenterId: shop.id, partNumber: 'OF-7', name: 'Oil filter', brand: 'Bosch', category: 'Engine' });
    const battery = await tech.parts.create({ serviceCenterId: shop.id, partNumber: 'BAT-65', name: '12V battery group 65', category: 'Battery', make: 'Ford', model: 'F-150', yearFrom: 2015, yearTo: 2020, engine: '5.0L V8' });

    const numbers = async (input: Record<string, string | number>) => (await tech.parts.list({ serviceCenterId: shop.id, ...input })).items.map((p) => p.partNumber);
    expect(await numbers({})).toEqual(['BAT-65', 'BP-1042', 'OF-7']);
    expect(await numbers({ search: 'bp-10' })).toEqual(['BP-1042']);
    expect(await numbers({ search: 'PAD SET' })).toEqual(['BP-1042']);
    expect(await numbers({ search: 'bosch' })).toEqual(['OF-7']);
    expect(await numbers({ search: '5.0l' })).toEqual(['BAT-65']);
    // Fitment: the parts that fit; one naming no vehicle fits every one.
    expect(await numbers({ make: 'honda', model: 'civic', year: 2018 })).toEqual(['BP-1042', 'OF-7']);
    expect(await numbers({ make: 'Honda', model: 'Civic', year: 2014 })).toEqual(['OF-7']);
    expect(await numbers({ make: 'Ford', year: 2020 })).toEqual(['BAT-65', 'OF-7']);
    expect(await numbers({ category: 'Brakes' })).toEqual(['BP-1042']);
    expect(await numbers({ search: '100%_' })).toEqual([]);
    // Pages by part number.
    const first = await tech.parts.list({ serviceCenterId: shop.id, limit: 2 });
    const second = await tech.parts.list({ serviceCenterId: shop.id, limit: 2, cursor: first.nextCursor });
    expect([...first.items, ...second.items].map((p) => p.id)).toEqual([battery.id, pads.id, filter.id]);
    expect(second.nextCursor).toBeNull();

    const techCookie = await signInCookie(app, technician.email);
    const edited = await rest('PATCH', `/api/parts/${pads.id}`, techCookie, { priceCents: 7_499, notes: 'Ceramic', brand: '' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ priceCents: 7_499, notes: 'Ceramic', brand: null, onHand: 0 });
    expect((await tech.parts.get({ id: pads.id })).priceCents).toBe(7_499);
    expect((await rest('GET', `/api/shops/${shop.id}/parts?make=Ford&year=2016&search=battery`, techCookie)).json().items.map((p: { id: string }) => p.id)).toEqual([battery.id]);

    // One number per shop, whatever its case; another shop may use it.
    expect((await rejection(tech.parts.create({ serviceCenterId: shop.id, partNumber: 'Bp-1042', name: 'Again' }))).code).toBe('CONFLICT');
    expect((await rejection(tech.parts.update({ id: filter.id, partNumber: 'bat-65' }))).code).toBe('CONFLICT');
    expect((await rejection(tech.parts.update({ id: pads.id, yearFrom: 2022 }))).message).toBe('Year to must not be before year from');
    const other = await shopWithStaff(db);
    await callerFor(db, other.technician).parts.create({ serviceCenterId: other.shop.id, partNumber: 'BP-1042', name: 'Their pads' });
    expect(await numbers({})).toEqual(['BAT-65', 'BP-1042', 'OF-7']);

    const audit = await db.selectFrom('audit_log').select(['entity', 'action']).where('entity_id', '=', pads.id).orderBy('created_at').execute();
    expect(audit).toEqual([
      { entity: 'part', action: 'create' },
      { entity: 'part', action: 'update' },
    ]);
  });

  it('lets staff read and work, managers keep suppliers, and tells nobody else the shop exists', async () => {
    const db = getDb();
    const { shop, owner, manager, technician } = await shopWithStaff(db);
    const part = await callerFor(db, owner).parts.create({ serviceCenterId: shop.id, partNumber: 'P-1', name: 'Wiper blade' });
    const supplier = await callerFor(db, manager).parts.suppliers.create({ serviceCenterId: shop.id, name: 'Pacific Auto Parts', contactName: 'Lee Park', phone: '(503) 555-0142', status: 'pending' });
    expect(supplier).toMatchObject({ status: 'pending', email: null, contactName: 'Lee Park' });

    for (const member of [owner, manager, technician]) {
      const asMember = callerFor(db, member);
      expect((await asMember.parts.list({ serviceCenterId: shop.id })).items.map((p) => p.id)).toEqual([part.id]);
      await asMember.parts.move({ partId: part.id, kind: 'received', quantity: 1 });
      await asMember.parts.update({ id: part.id, reorderPoint: 1 });
      expect((await asMember.parts.suppliers.list({ serviceCenterId: shop.id })).map((s) => s.id)).toEqual([supplier.id]);
    }
    // A technician: 403 for what managers decide.
    const tech = callerFor(db, technician);
    expect((await rejection(tech.parts.suppliers.create({ serviceCenterId: shop.id, name: 'Not mine' }))).code).toBe('FORBIDDEN');
    expect((await rejection(tech.parts.suppliers.update({ id: supplier.id, status: 'active' }))).code).toBe('FORBIDDEN');
    expect((await rejection(tech.parts.setBackorders({ serviceCenterId: shop.id, allowBackorders: true }))).code).toBe('FORBIDDEN');
    const techCookie = await signInCookie(app, technician.email);
    const refused = await rest('POST', `/api/shops/${shop.id}/suppliers`, techCookie, { name: 'Not mine' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: 'Only the shop\u2019s managers and owners can do this' });

    // Not staff (in any mode), or another shop's staff: 404 for the shop and its rows alike.
    const stranger = await createUser(db, { role: 'tech' });
    const otherShop = await shopWithStaff(db);
    for (const outsider of [stranger, otherShop.owner]) {
      const asOutsider = callerFor(db, outsider);
      const calls: (() => Promise<unknown>)[] = [
        () => asOutsider.parts.list({ serviceCenterId: shop.id }),
        () => asOutsider.parts.get({ id: part.id }),
        () => asOutsider.parts.inventory({ serviceCenterId: shop.id }),
        () => asOutsider.parts.movements({ partId: part.id }),
        () => asOutsider.parts.create({ serviceCenterId: shop.id, partNumber: 'X-1', name: 'Intruder' }),
        () => asOutsider.parts.update({ id: part.id, name: 'Intruder' }),
        () => asOutsider.parts.move({ partId: part.id, kind: 'used', quantity: 1 }),
        () => asOutsider.parts.suppliers.list({ serviceCenterId: shop.id }),
        () => asOutsider.parts.suppliers.update({ id: supplier.id, name: 'Intruder' }),
        () => asOutsider.parts.setBackorders({ serviceCenterId: shop.id, allowBackorders: true }),
      ];
      for (const call of calls) expect((await rejection(call())).code).toBe('NOT_FOUND');
    }
    const strangerCookie = await signInCookie(app, stranger.email);
    expect((await rest('GET', `/api/shops/${shop.id}/inventory`, strangerCookie)).statusCode).toBe(404);
    expect((await rest('POST', `/api/inventory/${part.id}/movements`, strangerCookie, { kind: 'used', quantity: 1 })).json()).toEqual({ code: 'NOT_FOUND', message: 'Part not found' });
    expect((await rest('GET', `/api/shops/${shop.id}/parts`, null)).statusCode).toBe(401);
    // Admins read a shop for support, and change nothing of it.
    const admin = callerFor(db, await makeAdmin(db, await createUser(db)));
    expect((await admin.parts.inventory({ serviceCenterId: shop.id })).summary.parts).toBe(1);
    expect((await rejection(admin.parts.move({ partId: part.id, kind: 'received', quantity: 1 }))).code).toBe('NOT_FOUND');
    expect(await stockOf(db, part.id)).toEqual({ onHand: 3, ledger: 3, movements: 3 });
  });

  it('answers bad input with 400 and the field, and changes nothing', async () => {
    const db = getDb();
    const { shop, manager } = await shopWithStaff(db);
    const cookie = await signInCookie(app, manager.email);
    const part = await callerFor(db, manager).parts.create({ serviceCenterId: shop.id, partNumber: 'SP-9', name: 'Spark plug', reorderPoint: 4 });
    const supplier = await callerFor(db, manager).parts.suppliers.create({ serviceCenterId: shop.id, name: 'Northside Supply' });
    const before = await snapshot(db);
    const cases: [string, string, unknown, string][] = [
      ['POST', `/api/shops/${shop.id}/parts`, { partNumber: 'N-1', name: 'Negative', priceCents: -1 }, 'priceCents'],
      ['POST', `/api/shops/${shop.id}/parts`, { partNumber: 'N-2', name: 'Dollars', unitCostCents: 12.5 }, 'unitCostCents'],
      ['POST', `/api/shops/${shop.id}/parts`, { partNumber: 'N-3', name: 'Years', yearFrom: 2020, yearTo: 2010 }, 'yearTo'],
      ['POST', `/api/shops/${shop.id}/parts`, { partNumber: 'N-4', name: 'Kind', category: 'Wheels' }, 'category'],
      ['POST', `/api/shops/${shop.id}/parts`, { partNumber: '', name: 'No number' }, 'partNumber'],
      ['POST', `/api/shops/${shop.id}/parts`, { partNumber: 'N-5', name: 'Stock', onHand: 50 }, ''],
      ['PATCH', `/api/parts/${part.id}`, { reorderPoint: -3 }, 'reorderPoint'],
      ['PATCH', `/api/parts/${part.id}`, { onHand: 99 }, ''],
      ['POST', `/api/inventory/${part.id}/movements`, { kind: 'adjusted', quantity: -2 }, 'reason'],
      ['POST', `/api/inventory/${part.id}/movements`, { kind: 'used', quantity: 0 }, 'quantity'],
      ['POST', `/api/inventory/${part.id}/movements`, { kind: 'used', quantity: -4 }, 'quantity'],
      ['POST', `/api/inventory/${part.id}/movements`, { kind: 'received', quantity: 1.5 }, 'quantity'],
      ['POST', `/api/inventory/${part.id}/movements`, { kind: 'stolen', quantity: 1 }, 'kind'],
      ['POST', `/api/inventory/${part.id}/movements`, { kind: 'used', quantity: 1, supplierId: supplier.id }, 'supplierId'],
      ['POST', `/api/shops/${shop.id}/suppliers`, { name: 'Bad mail', email: 'not-an-address' }, 'email'],
      ['PATCH', `/api/suppliers/${supplier.id}`, { status: 'closed' }, 'status'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await rest(method as 'POST' | 'PATCH', url, cookie, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      if (field) expect(res.json().issues.fieldErrors[field], `${JSON.stringify(body)} names ${field}`).toEqual([expect.any(String)]);
    }
    expect((await rest('GET', `/api/shops/${shop.id}/parts?limit=101`, cookie)).statusCode).toBe(400);
    expect((await rest('GET', `/api/shops/${shop.id}/inventory?status=plenty`, cookie)).statusCode).toBe(400);
    expect((await rest('GET', `/api/shops/${shop.id}/parts?year=soon`, cookie)).statusCode).toBe(400);
    expect(await snapshot(db)).toBe(before);
  });

  it('keeps on hand equal to the ledger\u2019s sum through every kind of movement, and lists them with the stock after each', async () => {
    const db = getDb();
    const { shop, manager, technician } = await shopWithStaff(db);
    const tech = callerFor(db, technician);
    const part = await tech.parts.create({ serviceCenterId: shop.id, partNumber: 'CAB-1', name: 'Cabin air filter', unitCostCents: 899, reorderPoint: 3 });
    const supplier = await callerFor(db, manager).parts.suppliers.create({ serviceCenterId: shop.id, name: 'Metro Parts', email: 'Orders@Metro.example' });
    expect(supplier.email).toBe('orders@metro.example');
    const cookie = await signInCookie(app, technician.email);

    const received = await rest('POST', `/api/inventory/${part.id}/movements`, cookie, { kind: 'received', quantity: 10, supplierId: supplier.id, reason: 'PO 1187' });
    expect(received.statusCode).toBe(201);
    expect(received.json()).toMatchObject({ part: { onHand: 10, status: 'in_stock' }, movement: { kind: 'received', quantity: 10, balance: 10, supplierName: 'Metro Parts', reason: 'PO 1187' } });
    expect(await stockOf(db, part.id)).toEqual({ onHand: 10, ledger: 10, movements: 1 });
    const steps: [Parameters<typeof tech.parts.move>[0], number, string][] = [
      [{ partId: part.id, kind: 'used', quantity: 4 }, 6, 'in_stock'],
      [{ partId: part.id, kind: 'adjusted', quantity: -3, reason: 'Two damaged, one lost' }, 3, 'low_stock'],
      [{ partId: part.id, kind: 'adjusted', quantity: 1, reason: 'Found on the shelf' }, 4, 'in_stock'],
      [{ partId: part.id, kind: 'used', quantity: 4 }, 0, 'out_of_stock'],
    ];
    for (const [move, onHand, status] of steps) {
      const result = await tech.parts.move(move);
      expect(result.part).toMatchObject({ onHand, status });
      expect(result.movement.balance).toBe(onHand);
      const stock = await stockOf(db, part.id);
      expect(stock.onHand).toBe(stock.ledger);
    }
    // Below zero without backorders: 409 with what is there, and nothing written.
    const refused = await rest('POST', `/api/inventory/${part.id}/movements`, cookie, { kind: 'used', quantity: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Not enough stock of CAB-1: 0 on hand, 1 asked. The shop does not allow backorders.');
    expect((await rejection(tech.parts.move({ partId: part.id, kind: 'adjusted', quantity: -1, reason: 'Count' }))).code).toBe('CONFLICT');
    expect(await stockOf(db, part.id)).toEqual({ onHand: 0, ledger: 0, movements: 5 });

    const history = await tech.parts.movements({ partId: part.id, limit: 3 });
    expect(history.items.map((m) => [m.kind, m.quantity, m.balance])).toEqual([
      ['used', -4, 0],
      ['adjusted', 1, 4],
      ['adjusted', -3, 3],
    ]);
    const rest2 = await tech.parts.movements({ partId: part.id, limit: 3, cursor: history.nextCursor });
    expect(rest2.items.map((m) => [m.kind, m.quantity, m.balance, m.supplierName])).toEqual([
      ['used', -4, 6, null],
      ['received', 10, 10, 'Metro Parts'],
    ]);
    expect(rest2.nextCursor).toBeNull();
    expect(history.items[0]?.movedBy).toBe(technician.email);

    // A supplier of another shop is not this shop's to name.
    const elsewhere = await shopWithStaff(db);
    const foreign = await callerFor(db, elsewhere.manager).parts.suppliers.create({ serviceCenterId: elsewhere.shop.id, name: 'Metro Parts' });
    expect((await rejection(tech.parts.move({ partId: part.id, kind: 'received', quantity: 1, supplierId: foreign.id }))).code).toBe('NOT_FOUND');
    expect((await rejection(callerFor(db, manager).parts.suppliers.create({ serviceCenterId: shop.id, name: 'metro parts' }))).code).toBe('CONFLICT');

    // The inventory: a filter by status, and the whole shop's figures.
    await tech.parts.create({ serviceCenterId: shop.id, partNumber: 'CAB-2', name: 'Cabin filter, carbon', unitCostCents: 1_250, reorderPoint: 1 });
    const carbon = (await tech.parts.list({ serviceCenterId: shop.id, search: 'CAB-2' })).items[0]!;
    await tech.parts.move({ partId: carbon.id, kind: 'received', quantity: 3 });
    const inventory = await tech.parts.inventory({ serviceCenterId: shop.id });
    expect(inventory.summary).toEqual({ parts: 2, lowStock: 0, outOfStock: 1, valueCents: 3 * 1_250 });
    expect(inventory.allowBackorders).toBe(false);
    expect((await tech.parts.inventory({ serviceCenterId: shop.id, status: 'out_of_stock' })).items.map((p) => p.partNumber)).toEqual(['CAB-1']);
    expect((await tech.parts.inventory({ serviceCenterId: shop.id, status: 'in_stock' })).items.map((p) => p.partNumber)).toEqual(['CAB-2']);
  });

  it('takes exactly the stock there is when 20 callers use the last 5 units at once', async () => {
    const db = getDb();
    const { shop, technician, manager } = await shopWithStaff(db);
    const part = await callerFor(db, technician).parts.create({ serviceCenterId: shop.id, partNumber: 'RACE-5', name: 'Brake rotor', reorderPoint: 1 });
    await callerFor(db, manager).parts.move({ partId: part.id, kind: 'received', quantity: 5 });
    // Separate callers, as separate requests would be. On PostgreSQL they race for the part's row
    // lock (without it, 9 of the 20 succeeded here); on PGlite they run one after another.
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => callerFor(db, technician).parts.move({ partId: part.id, kind: 'used', quantity: 1 })));
    const succeeded = results.filter((result) => result.status === 'fulfilled');
    const codes = results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as { code?: string }).code] : []));
    expect(succeeded).toHaveLength(5);
    expect(codes).toEqual(Array.from({ length: 15 }, () => 'CONFLICT'));
    expect(await stockOf(db, part.id)).toEqual({ onHand: 0, ledger: 0, movements: 6 });
    // Each success left one unit fewer: balances 4, 3, 2, 1, 0 in the ledger's order.
    const history = await callerFor(db, technician).parts.movements({ partId: part.id });
    expect(history.items.map((m) => m.balance)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('lets stock go below zero once a manager allows backorders, and audits the setting', async () => {
    const db = getDb();
    const { shop, manager, technician } = await shopWithStaff(db);
    const tech = callerFor(db, technician);
    const part = await tech.parts.create({ serviceCenterId: shop.id, partNumber: 'BO-1', name: 'Alternator', reorderPoint: 1 });
    await tech.parts.move({ partId: part.id, kind: 'received', quantity: 1 });
    expect((await rejection(tech.parts.move({ partId: part.id, kind: 'used', quantity: 2 }))).code).toBe('CONFLICT');
    expect(await callerFor(db, manager).parts.setBackorders({ serviceCenterId: shop.id, allowBackorders: true })).toEqual({ allowBackorders: true });

    const owed = await tech.parts.move({ partId: part.id, kind: 'used', quantity: 3 });
    expect(owed.part).toMatchObject({ onHand: -2, status: 'out_of_stock' });
    const inventory = await tech.parts.inventory({ serviceCenterId: shop.id });
    expect(inventory).toMatchObject({ allowBackorders: true, summary: { parts: 1, outOfStock: 1, valueCents: 0 } });
    expect(await stockOf(db, part.id)).toEqual({ onHand: -2, ledger: -2, movements: 2 });
    // Receiving fills the backorder first; turning it off again refuses going lower, never receiving.
    await tech.parts.move({ partId: part.id, kind: 'received', quantity: 1 });
    await callerFor(db, manager).parts.setBackorders({ serviceCenterId: shop.id, allowBackorders: false });
    expect((await rejection(tech.parts.move({ partId: part.id, kind: 'used', quantity: 1 }))).code).toBe('CONFLICT');
    expect((await tech.parts.move({ partId: part.id, kind: 'received', quantity: 4 })).part.onHand).toBe(3);
    expect(await stockOf(db, part.id)).toEqual({ onHand: 3, ledger: 3, movements: 4 });

    const audit = await db.selectFrom('audit_log').select(['entity', 'action', 'before', 'after']).where('service_center_id', '=', shop.id).where('entity', '=', 'center').orderBy('created_at').execute();
    expect(audit).toEqual([
      { entity: 'center', action: 'update', before: { allowBackorders: false }, after: { allowBackorders: true } },
      { entity: 'center', action: 'update', before: { allowBackorders: true }, after: { allowBackorders: false } },
    ]);
  });
});
