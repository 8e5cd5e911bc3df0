import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { callerFor, createUser, rejection, signInCookie } from '../../../../tests/helpers/factories.ts';
import { ACCORD_VIN, garageFixtures } from '../../../../tests/helpers/garage.ts';
import { shopWithStaff } from '../../../../tests/helpers/shops.ts';

describeEachDatabase('diagnostic sessions: scans stored per vehicle, for the shop and the owner', (getDb) => {
  const fx = garageFixtures(getDb);

  const scan = {
    source: 'adapter' as const,
    adapter: 'ELM327 v1.5',
    protocol: 'ISO 15765-4 (CAN 11/500)',
    vin: ACCORD_VIN,
    milOn: true,
    voltage: 12.6,
    codes: [
      { code: 'p0420', status: 'stored' as const },
      { code: 'P0301', status: 'stored' as const },
      { code: 'P0301', status: 'stored' as const },
      { code: 'P0171', status: 'pending' as const },
      { code: 'P1ABC', status: 'permanent' as const },
    ],
    readiness: [
      { key: 'misfire', label: 'Misfire', complete: true },
      { key: 'catalyst', label: 'Catalyst', complete: false },
    ],
    live: [
      { key: 'rpm', label: 'Engine speed', value: 780, unit: 'rpm' },
      { key: 'coolant', label: 'Coolant temperature', value: 91, unit: '°C' },
    ],
  };

  it('stores a shop\u2019s scan of a customer\u2019s car, explains its codes, and shows it to the shop and the customer only', async () => {
    const db = getDb();
    const { shop, technician } = await shopWithStaff(db);
    const owner = await fx.ownerWith(fx.accord.vehicle, 52_000);
    const customer = await db.insertInto('shop_customers').values({ service_center_id: shop.id, user_id: owner.user.id, name: 'Pat Owner' }).returning('id').executeTakeFirstOrThrow();
    const cv = await db.insertInto('shop_customer_vehicles').values({ customer_id: customer.id, vehicle_id: fx.accord.vehicle.id, garage_vehicle_id: owner.entry.id, odometer: 52_000 }).returning('id').executeTakeFirstOrThrow();
    const cookie = await signInCookie(fx.app, technician.email);

    const created = await fx.rest('POST', `/api/vehicles/${fx.accord.vehicle.id}/diagnostic-sessions`, cookie, { ...scan, serviceCenterId: shop.id, customerVehicleId: cv.id });
    expect(created.statusCode).toBe(201);
    const session = created.json();
    expect(session).toMatchObject({ customerName: 'Pat Owner', mileage: 52_000, milOn: true, codeCount: 4, canEdit: true, voltage: 12.6 });
    expect(session.codes.map((c: { code: string; status: string }) => `${c.code}:${c.status}`)).toEqual(['P0420:stored', 'P0301:stored', 'P0171:pending', 'P1ABC:permanent']);
    const catalyst = session.codes[0];
    expect(catalyst.title).toMatch(/catalyst/i);
    expect(catalyst.severity).toMatch(/^(critical|warning|info)$/);
    expect(catalyst.component).toBe('Exhaust');

    // The customer sees it on their vehicle (read-only); strangers and another shop do not.
    const mine = await owner.caller.diagnostics.list({ vehicleId: fx.accord.vehicle.id });
    expect(mine.map((s) => s.id)).toEqual([session.id]);
    expect((await owner.caller.diagnostics.get({ id: session.id })).canEdit).toBe(false);
    expect((await rejection(owner.caller.diagnostics.update({ id: session.id, cleared: true }))).code).toBe('FORBIDDEN');
    const other = await shopWithStaff(db);
    for (const outsider of [callerFor(db, await createUser(db)), callerFor(db, other.technician)]) {
      expect((await rejection(outsider.diagnostics.get({ id: session.id }))).code).toBe('NOT_FOUND');
    }
    expect((await fx.rest('GET', `/api/diagnostic-sessions/${session.id}`, await signInCookie(fx.app, other.owner.email))).statusCode).toBe(404);

    // Clearing is recorded once; the codes found stay on record; the CSV carries all of it.
    const cleared = await fx.rest('PATCH', `/api/diagnostic-sessions/${session.id}`, cookie, { cleared: true, notes: 'Cleared after replacing the plug' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().clearedAt).not.toBeNull();
    expect(cleared.json().codes).toHaveLength(4);
    expect((await fx.rest('PATCH', `/api/diagnostic-sessions/${session.id}`, cookie, { cleared: true })).statusCode).toBe(409);
    const csv = await fx.rest('GET', `/api/diagnostic-sessions/${session.id}/report.csv`, cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('section,item,status,value,unit,detail');
    expect(lines.some((line) => line.startsWith('code,P0420,Stored,'))).toBe(true);
    expect(lines.some((line) => line.startsWith('readiness,Catalyst,not complete'))).toBe(true);
    expect(lines.some((line) => line.startsWith('session,codes cleared,'))).toBe(true);
    const audit = await db.selectFrom('audit_log').select('action').where('entity', '=', 'diagnostic_session').where('entity_id', '=', session.id).orderBy('created_at').execute();
    expect(audit.map((row) => row.action)).toEqual(['create', 'status']);
  });

  it('refuses bad input with nothing stored: malformed codes, a wrong VIN, too many codes, a vehicle not theirs', async () => {
    const db = getDb();
    const owner = await fx.ownerWith(fx.accord.vehicle);
    const cookie = await signInCookie(fx.app, owner.user.email);
    const url = `/api/vehicles/${fx.accord.vehicle.id}/diagnostic-sessions`;
    const count = async () => Number((await db.selectFrom('diagnostic_sessions').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', owner.user.id).executeTakeFirstOrThrow()).n);
    for (const body of [
      { ...scan, codes: [{ code: 'X1234', status: 'stored' }] },
      { ...scan, codes: [{ code: 'P0420', status: 'history' }] },
      { ...scan, vin: '1HGCM82633A00435I' },
      { ...scan, codes: Array.from({ length: 61 }, (_, i) => ({ code: `P0${String(100 + i)}`, status: 'stored' })) },
      { ...scan, source: 'bluetooth' },
      { ...scan, live: [{ key: 'rpm', label: 'Engine speed', value: 'fast', unit: 'rpm' }] },
    ]) {
      expect((await fx.rest('POST', url, cookie, body)).statusCode).toBe(400);
    }
    // A VIN that is another car's: the owner chose the wrong vehicle.
    const wrong = await fx.rest('POST', url, cookie, { ...scan, vin: fx.crv.vehicle.vin });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/not this vehicle/);
    expect(await count()).toBe(0);
    // Not in their garage: 404; manual entry of their own works.
    expect((await fx.rest('POST', `/api/vehicles/${fx.crv.vehicle.id}/diagnostic-sessions`, cookie, scan)).statusCode).toBe(404);
    const manual = await fx.rest('POST', url, cookie, { source: 'manual', codes: [{ code: 'P0455', status: 'stored' }] });
    expect(manual.statusCode).toBe(201);
    expect(manual.json()).toMatchObject({ canEdit: true, serviceCenterId: null, codeCount: 1 });
    expect(await count()).toBe(1);
  });

  it('shows an owner\u2019s sessions to the household: an editor stores and keeps them, a viewer only reads', async () => {
    const db = getDb();
    const owner = await fx.ownerWith(fx.accord.vehicle);
    const editor = await createUser(db);
    const viewer = await createUser(db);
    await owner.caller.garage.shares.add({ garageVehicleId: owner.entry.id, email: editor.email, role: 'editor' });
    await owner.caller.garage.shares.add({ garageVehicleId: owner.entry.id, email: viewer.email, role: 'viewer' });
    const asEditor = callerFor(db, editor);
    const asViewer = callerFor(db, viewer);
    const session = await asEditor.diagnostics.create({ vehicleId: fx.accord.vehicle.id, source: 'manual', codes: [{ code: 'P0455', status: 'stored' }] });
    expect(session.canEdit).toBe(true);
    for (const member of [owner.caller, asEditor, asViewer]) {
      expect((await member.diagnostics.list({ vehicleId: fx.accord.vehicle.id })).map((s) => s.id)).toEqual([session.id]);
    }
    expect((await asViewer.diagnostics.get({ id: session.id })).canEdit).toBe(false);
    expect((await rejection(asViewer.diagnostics.update({ id: session.id, notes: 'mine now' }))).code).toBe('FORBIDDEN');
    expect((await rejection(asViewer.diagnostics.create({ vehicleId: fx.accord.vehicle.id, source: 'manual' }))).code).toBe('FORBIDDEN');
    expect((await asEditor.diagnostics.update({ id: session.id, notes: 'Gas cap replaced' })).notes).toBe('Gas cap replaced');
  });
});
