import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { addCustomer, addCustomerVehicle, addStaff, createCenter } from '../../../../tests/helpers/appointments.ts';
import { callerFor, createUser, signInCookie, TEST_PASSWORD } from '../../../../tests/helpers/factories.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { TINY_PDF, upload } from '../../../../tests/helpers/files.ts';
import { garageFixtures, httpFailure } from '../../../../tests/helpers/garage.ts';
import { modelOf, scanWithPhotos } from '../../../../tests/helpers/scans.ts';
import { readZip } from '../../../../tests/helpers/zip.ts';
import { readPly, readStl } from '../../../shared/geometry/mesh-read.ts';
import { fromBase64, byteaAsBase64 } from '../../lib/bytea.ts';
import { KEPT_FOR_OTHERS, USER_OWNED } from '../../lib/account-data.ts';
import { EXPORT_MAX_MODELS } from './export-scans.ts';

describeEachDatabase('account export and deletion', (getDb) => {
  const fx = garageFixtures(getDb);

  it('the export holds every kind of row and the files\u2019 bytes; its CSV files imported into a new account give the same garage', async () => {
    const a = await fx.ownerWith(fx.f150.vehicle, 40_000);
    const vehicleId = fx.f150.vehicle.id;
    await a.caller.garage.records.create({ vehicleId, serviceType: 'Oil change', date: '2025-01-10', mileage: 40_100, cost: '59.90', notes: '=not a formula, "quoted"\nsecond line' });
    await a.caller.garage.records.create({ vehicleId, serviceType: 'Brake pads', date: '2025-03-01', status: 'scheduled' });
    await a.caller.fuel.create({ vehicleId, date: '2025-01-12', odometer: 40_200, quantity: '37.85', unit: 'L', totalPrice: '40.00', station: 'Shell' });
    await a.caller.fuel.create({ vehicleId, date: '2025-02-12', odometer: 40_500, quantity: 9, unit: 'gal', fullFill: false });
    await a.caller.fuel.expenses.create({ vehicleId, date: '2025-02-01', category: 'insurance', amount: '300' });
    const cookie = await signInCookie(fx.app, a.user.email);
    const uploaded = await upload(fx.app, cookie, TINY_PDF, 'receipt.pdf', 'application/pdf');
    expect(uploaded.statusCode).toBe(201);

    const res = await fx.app.inject({ method: 'GET', url: '/api/account/export', headers: { host: 'localhost:3000', cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = readZip(res.rawPayload);
    const names = [...files.keys()];
    for (const name of ['profile.json', 'vehicles.json', 'service-records.json', 'fuel-entries.json', 'expenses.json', 'reminders.json', 'avatars.json', 'notifications.json', 'files.json', 'requests.json', 'api-tokens.json']) {
      expect(names).toContain(name);
    }
    const vehicles = JSON.parse(files.get('vehicles.json')!.toString()) as { vehicleId: string; folder: string; nickname: string; odometer: number }[];
    expect(vehicles).toHaveLength(1);
    const folder = `vehicles/${vehicles[0]!.folder}`;
    const fileList = JSON.parse(files.get('files.json')!.toString()) as { path: string }[];
    expect(files.get(fileList[0]!.path)!.equals(TINY_PDF)).toBe(true);
    expect(JSON.parse(files.get('profile.json')!.toString())).toMatchObject({ id: a.user.id, email: a.user.email });
    expect(files.get(`${folder}/expenses.csv`)!.toString()).toBe('date,category,amount,note\r\n2025-02-01,insurance,300.00,\r\n');

    // A new account saves the same vehicle and imports the two CSV files.
    const b = await fx.ownerWith(fx.f150.vehicle, 40_000);
    for (const [kind, file] of [['service', 'service-records.csv'], ['fuel', 'fuel.csv']] as const) {
      const summary = await b.caller.imports.run({ vehicleId, kind, preset: 'vintech', csv: files.get(`${folder}/${file}`)!.toString() });
      expect(summary).toMatchObject({ invalid: 0, added: 2 });
    }
    const strip = <T extends { id: string; createdAt: Date; updatedAt: Date }>(rows: T[]) => rows.map(({ id: _i, createdAt: _c, updatedAt: _u, ...rest }) => rest);
    const records = async (caller: typeof a.caller) => strip((await caller.garage.records.list({ vehicleId })).items).map(({ userId: _u, ...rest }) => rest);
    const fuel = async (caller: typeof a.caller) => strip((await caller.fuel.list({ vehicleId })).items);
    expect(await records(b.caller)).toEqual(await records(a.caller));
    expect(await fuel(b.caller)).toEqual(await fuel(a.caller));
    expect(await fx.odometerOf(b.entry.id)).toBe(await fx.odometerOf(a.entry.id));
  });

  it('the export holds the 3D scans: each session with its photos as JPEG files, each model as PLY and STL; deleting the account removes them', async () => {
    const db = getDb();
    const user = await createUser(db, { role: 'tech' });
    const sessionId = await scanWithPhotos(db, user, 2, { pictures: true });
    const modelId = await modelOf(db, user);
    await db.updateTable('scan_sessions').set({ status: 'completed', result_model_id: modelId }).where('id', '=', sessionId).execute();
    const cookie = await signInCookie(fx.app, user.email);

    const res = await fx.app.inject({ method: 'GET', url: '/api/account/export', headers: { host: 'localhost:3000', cookie } });
    expect(res.statusCode).toBe(200);
    const files = readZip(res.rawPayload);
    const scans = JSON.parse(files.get('scans.json')!.toString()) as { id: string; resultModelId: string; photos: { id: string; ordinal: number; byteSize: number; path: string }[] }[];
    expect(scans.map((s) => [s.id, s.resultModelId, s.photos.map((p) => p.ordinal)])).toEqual([[sessionId, modelId, [1, 2]]]);
    for (const photo of scans[0]!.photos) {
      const stored = await db.selectFrom('scan_images').select(byteaAsBase64('content').as('content')).where('id', '=', photo.id).executeTakeFirstOrThrow();
      expect(files.get(photo.path)!.equals(fromBase64(stored.content!)), photo.path).toBe(true);
      expect(files.get(photo.path)!.byteLength).toBe(photo.byteSize);
    }
    const models = JSON.parse(files.get('models.json')!.toString()) as { id: string; pointCount: number; faceCount: number; files: { points: string; surface: string | null } }[];
    expect(models).toMatchObject([{ id: modelId, pointCount: 4, faceCount: 4, files: { points: `models/${modelId}/points.ply`, surface: `models/${modelId}/surface.stl` } }]);
    const cloud = readPly(files.get(models[0]!.files.points)!);
    expect(Array.from(cloud.positions)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(Array.from(cloud.colours ?? [])).toEqual([255, 0, 0, 0, 255, 0, 0, 0, 255, 200, 200, 200]);
    expect(readStl(files.get(models[0]!.files.surface!)!).triangles.length / 3).toBe(4);
    // Someone else's scans are not in it.
    const other = readZip((await fx.app.inject({ method: 'GET', url: '/api/account/export', headers: { host: 'localhost:3000', cookie: await signInCookie(fx.app, (await createUser(db)).email) } })).rawPayload);
    expect(JSON.parse(other.get('scans.json')!.toString())).toEqual([]);
    expect(JSON.parse(other.get('models.json')!.toString())).toEqual([]);

    await callerFor(db, user).auth.deleteAccount({ password: TEST_PASSWORD });
    expect(await db.selectFrom('scan_images').select('id').where('session_id', '=', sessionId).execute()).toEqual([]);
    expect(await db.selectFrom('model3d_geometry').select('model_id').where('model_id', '=', modelId).execute()).toEqual([]);
  });

  it('an account with more models than one export holds is answered 422 with what to do instead', async () => {
    const db = getDb();
    const user = await createUser(db, { role: 'tech' });
    for (let k = 0; k <= EXPORT_MAX_MODELS; k++) await modelOf(db, user);
    const res = await fx.app.inject({ method: 'GET', url: '/api/account/export', headers: { host: 'localhost:3000', cookie: await signInCookie(fx.app, user.email) } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`Your account has more than ${EXPORT_MAX_MODELS} 3D models, more than one export holds: download the ones you need from the Component Viewer instead`);
  });

  it('deleting the account needs the password, removes what is the user\u2019s (files, sessions) and keeps a shop\u2019s records of its work', async () => {
    const a = await fx.ownerWith(fx.crv.vehicle, 20_000);
    const vehicleId = fx.crv.vehicle.id;
    const own = await a.caller.garage.records.create({ vehicleId, serviceType: 'Wipers', date: '2025-01-10' });
    await a.caller.fuel.create({ vehicleId, date: '2025-01-12', odometer: 20_100, quantity: 10, unit: 'gal' });
    const cookie = await signInCookie(fx.app, a.user.email);
    expect((await upload(fx.app, cookie, TINY_PDF, 'receipt.pdf', 'application/pdf')).statusCode).toBe(201);
    // A shop the user is a customer of: its record of their vehicle and a request with a message.
    const shop = await createCenter(getDb());
    const technician = await addStaff(getDb(), shop, 'technician');
    const customerVehicle = await addCustomerVehicle(getDb(), await addCustomer(getDb(), shop, a.user), vehicleId, a.entry.id);
    const shopRecord = await callerFor(getDb(), technician).garage.records.create({ vehicleId, serviceType: 'Alignment', date: '2025-01-15', serviceCenterId: shop, customerVehicleId: customerVehicle });
    const inquiry = await a.caller.inquiries.create({ inquiryType: 'service', subject: 'Noise', description: 'Rattle', serviceCenterId: shop });

    expect((await httpFailure(a.caller.auth.deleteAccount({ password: 'wrong password' }))).body.message).toBe('Password is incorrect');
    const res = await fx.rest('DELETE', '/api/auth/user', cookie, { password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);

    expect((await fx.rest('GET', '/api/auth/user', cookie)).statusCode).toBe(401);
    for (const owned of USER_OWNED) {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(owned.table)} WHERE ${sql.ref(owned.column)} = ${a.user.id}`.execute(getDb());
      expect(rows[0]!.n, owned.table).toBe(0);
    }
    expect(await getDb().selectFrom('users').select('id').where('id', '=', a.user.id).executeTakeFirst()).toBeUndefined();
    expect(await getDb().selectFrom('service_records').select('id').where('id', '=', own.id).executeTakeFirst()).toBeUndefined();
    expect(await getDb().selectFrom('service_records').select(['user_id', 'customer_vehicle_id']).where('id', '=', shopRecord.id).executeTakeFirst()).toEqual({ user_id: null, customer_vehicle_id: customerVehicle });
    expect(await getDb().selectFrom('customer_inquiries').select('customer_id').where('id', '=', inquiry.id).executeTakeFirst()).toEqual({ customer_id: null });
  });

  it('the only owner of a shop with other staff is refused until someone else owns it; a shop run alone closes with the account', async () => {
    const owner = await createUser(getDb(), { role: 'tech' });
    const shop = await createCenter(getDb());
    await addStaff(getDb(), shop, 'owner', owner);
    const manager = await addStaff(getDb(), shop, 'manager');
    const refused = await httpFailure(callerFor(getDb(), owner).auth.deleteAccount({ password: TEST_PASSWORD }));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^You are the only owner of "Shop .+", which has other staff\. Make another member an owner, or close the shop, before deleting your account\.$/);
    await getDb().updateTable('shop_staff').set({ role: 'owner' }).where('user_id', '=', manager.id).execute();
    await callerFor(getDb(), owner).auth.deleteAccount({ password: TEST_PASSWORD });
    expect(await getDb().selectFrom('shop_staff').select('user_id').where('service_center_id', '=', shop).execute()).toEqual([{ user_id: manager.id }]);

    const solo = await createUser(getDb(), { role: 'tech' });
    const own = await createCenter(getDb());
    await addStaff(getDb(), own, 'owner', solo);
    await callerFor(getDb(), solo).auth.deleteAccount({ password: TEST_PASSWORD });
    expect(await getDb().selectFrom('service_centers').select('is_active').where('id', '=', own).executeTakeFirst()).toEqual({ is_active: false });
  });

  it('every foreign key to users is named in the deletion\u2019s lists, and nothing else is', async () => {
    const { rows } = await sql<{ table: string; column: string }>`
      SELECT cl.relname AS table, att.attname AS column
      FROM pg_constraint con
      JOIN pg_class cl ON cl.oid = con.conrelid
      JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = ANY (con.conkey)
      WHERE con.contype = 'f' AND con.confrelid = 'users'::regclass`.execute(getDb());
    const inDatabase = new Set(rows.map((r) => `${r.table}.${r.column}`));
    const listed = new Set([...USER_OWNED, ...KEPT_FOR_OTHERS].map((r) => `${r.table}.${r.column}`));
    expect([...inDatabase].filter((r) => !listed.has(r)).sort(), 'references to users that deleting an account does not handle: add them to lib/account-data.ts').toEqual([]);
    expect([...listed].filter((r) => !inDatabase.has(r)).sort(), 'listed references that are not in the database').toEqual([]);
  });
});
