import { PDFDocument } from 'pdf-lib';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { callerFor, createUser, rejection, signInCookie } from '../../../../tests/helpers/factories.ts';
import { filesOf, multipart, picture, TINY_PDF } from '../../../../tests/helpers/files.ts';
import { garageFixtures } from '../../../../tests/helpers/garage.ts';
import { shopWithStaff } from '../../../../tests/helpers/shops.ts';
import type { Database } from '../../db/index.ts';

describeEachDatabase('inspections: a shop inspects a customer\u2019s car, the owner sees it and decides', (getDb) => {
  const fx = garageFixtures(getDb);

  /** A shop whose customer is `owner`'s account with their Accord from My Garage. */
  async function customerOfShop(db: Database) {
    const staff = await shopWithStaff(db);
    const owner = await fx.ownerWith(fx.accord.vehicle, 61_000);
    const customer = await db
      .insertInto('shop_customers')
      .values({ service_center_id: staff.shop.id, user_id: owner.user.id, name: 'Dana Owner', email: owner.user.email })
      .returning('id')
      .executeTakeFirstOrThrow();
    const vehicle = await db
      .insertInto('shop_customer_vehicles')
      .values({ customer_id: customer.id, vehicle_id: fx.accord.vehicle.id, garage_vehicle_id: owner.entry.id, odometer: 61_000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...staff, owner, customerVehicleId: vehicle.id };
  }

  async function itemIn(inspectionId: string, name: string, db: Database) {
    const row = await db.selectFrom('inspection_items').select('id').where('inspection_id', '=', inspectionId).where('name', '=', name).executeTakeFirstOrThrow();
    return row.id;
  }

  it('starts a draft with every component\u2019s checks, hidden from the customer and strangers until shared', async () => {
    const db = getDb();
    const { shop, technician, owner, customerVehicleId } = await customerOfShop(db);
    const tech = callerFor(db, technician);
    const draft = await tech.inspections.create({ vehicleId: fx.accord.vehicle.id, serviceCenterId: shop.id, customerVehicleId });
    expect(draft.status).toBe('draft');
    expect(draft.mileage).toBe(61_000);
    expect(draft.customerName).toBe('Dana Owner');
    expect(draft.canEdit).toBe(true);
    const brakes = draft.items.filter((item) => item.componentName === 'Brakes').map((item) => item.name);
    expect(brakes).toEqual(['Front brake pad thickness', 'Rear brake pad thickness', 'Rotor condition', 'Brake fluid condition']);
    expect(draft.items.find((item) => item.name === 'Front brake pad thickness')?.unit).toBe('mm');

    const stranger = callerFor(db, await createUser(db));
    const otherShop = await shopWithStaff(db);
    for (const outsider of [owner.caller, stranger, callerFor(db, otherShop.technician)]) {
      expect((await rejection(outsider.inspections.get({ id: draft.id }))).code).toBe('NOT_FOUND');
    }
    // Another shop's staff cannot start one on this shop's customer, nor on a vehicle it does not keep.
    expect((await rejection(callerFor(db, otherShop.technician).inspections.create({ vehicleId: fx.accord.vehicle.id, serviceCenterId: shop.id, customerVehicleId }))).code).toBe('NOT_FOUND');
    expect((await rejection(tech.inspections.create({ vehicleId: fx.crv.vehicle.id, serviceCenterId: shop.id, customerVehicleId }))).code).toBe('NOT_FOUND');
    expect((await rejection(tech.inspections.create({ vehicleId: fx.accord.vehicle.id, serviceCenterId: shop.id }))).code).toBe('BAD_REQUEST');
    // The audit log names the new inspection.
    const audit = await db.selectFrom('audit_log').select('action').where('entity', '=', 'inspection').where('entity_id', '=', draft.id).execute();
    expect(audit.map((row) => row.action)).toEqual(['create']);
  });

  it('takes findings and photos, refuses bad input without a change, signs, shares and lets the owner approve into a shop request', async () => {
    const db = getDb();
    const { shop, technician, owner, customerVehicleId } = await customerOfShop(db);
    const tech = callerFor(db, technician);
    const draft = await tech.inspections.create({ vehicleId: fx.accord.vehicle.id, serviceCenterId: shop.id, customerVehicleId });
    const pads = await itemIn(draft.id, 'Front brake pad thickness', db);
    const oil = await itemIn(draft.id, 'Engine oil level and condition', db);

    const techCookie = await signInCookie(fx.app, technician.email);
    const patched = await fx.rest('PATCH', `/api/inspections/${draft.id}`, techCookie, {
      items: [
        { id: pads, status: 'urgent', measurement: '2', notes: 'Wear indicator touching the rotor', recommendation: 'Replace front brake pads', estimatedCost: '189.90' },
        { id: oil, status: 'good' },
      ],
    });
    expect(patched.statusCode).toBe(200);
    const padItem = patched.json().items.find((item: { id: string }) => item.id === pads);
    expect(padItem).toMatchObject({ status: 'urgent', measurement: 2, recommendation: 'Replace front brake pads', estimatedCost: '189.90' });

    // Bad input: a 400 with the field named, and nothing stored changes.
    const before = await tech.inspections.get({ id: draft.id });
    for (const body of [{ items: [{ id: pads, status: 'broken' }] }, { items: [{ id: pads, estimatedCost: '-5' }] }, { items: [{ id: pads, measurement: 'two' }] }, { mileage: -1 }]) {
      expect((await fx.rest('PATCH', `/api/inspections/${draft.id}`, techCookie, body)).statusCode).toBe(400);
    }
    const foreignItem = await itemIn((await tech.inspections.create({ vehicleId: fx.accord.vehicle.id, serviceCenterId: shop.id, customerVehicleId })).id, 'Rotor condition', db);
    expect((await fx.rest('PATCH', `/api/inspections/${draft.id}`, techCookie, { items: [{ id: foreignItem, status: 'good' }] })).statusCode).toBe(404);
    expect(await tech.inspections.get({ id: draft.id })).toEqual(before);

    // A photo onto the pads item; a PDF is refused and nothing is left stored.
    const photo = multipart(await picture(640, 480, 'jpeg'), 'pads.jpg', 'image/jpeg');
    const uploaded = await fx.app.inject({ method: 'POST', url: `/api/inspections/${draft.id}/items/${pads}/photos`, headers: { ...photo.headers, cookie: techCookie }, payload: photo.payload });
    expect(uploaded.statusCode).toBe(201);
    const photoId: string = uploaded.json().items.find((item: { id: string }) => item.id === pads).photos[0].id;
    const stored = await filesOf(db, technician.id);
    const pdf = multipart(TINY_PDF, 'pads.pdf', 'application/pdf');
    const refused = await fx.app.inject({ method: 'POST', url: `/api/inspections/${draft.id}/items/${pads}/photos`, headers: { ...pdf.headers, cookie: techCookie }, payload: pdf.payload });
    expect(refused.statusCode).toBe(415);
    // A corrupt JPEG (the right first bytes, then nothing an image is made of) and a file far over the limit.
    const corrupt = multipart(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 7)]), 'broken.jpg', 'image/jpeg');
    const broken = await fx.app.inject({ method: 'POST', url: `/api/inspections/${draft.id}/items/${pads}/photos`, headers: { ...corrupt.headers, cookie: techCookie }, payload: corrupt.payload });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    const huge = multipart(Buffer.alloc(50 * 1024 * 1024, 1), 'huge.jpg', 'image/jpeg');
    const tooBig = await fx.app.inject({ method: 'POST', url: `/api/inspections/${draft.id}/items/${pads}/photos`, headers: { ...huge.headers, cookie: techCookie }, payload: huge.payload });
    expect(tooBig.statusCode).toBe(413);
    expect(await filesOf(db, technician.id)).toBe(stored);
    // An item of another inspection, and a stranger: 404 before anything is stored.
    const strangerUpload = await fx.app.inject({ method: 'POST', url: `/api/inspections/${draft.id}/items/${pads}/photos`, headers: { ...photo.headers, cookie: await signInCookie(fx.app, (await createUser(db)).email) }, payload: photo.payload });
    expect(strangerUpload.statusCode).toBe(404);
    expect(await filesOf(db, technician.id)).toBe(stored);

    // Someone with a draft of their own cannot take this inspection's photo off by naming its item.
    const other = await fx.ownerWith(fx.accord.vehicle);
    const ownDraft = await other.caller.inspections.create({ vehicleId: fx.accord.vehicle.id });
    expect((await rejection(other.caller.inspections.detachPhoto({ id: ownDraft.id, itemId: pads, fileId: photoId }))).code).toBe('NOT_FOUND');
    expect((await tech.inspections.get({ id: draft.id })).items.find((item) => item.id === pads)?.photos.map((p) => p.id)).toEqual([photoId]);

    // Signing: read-only afterwards; the customer does not see it before it is shared.
    const signed = await fx.rest('POST', `/api/inspections/${draft.id}/complete`, techCookie, { signature: 'Sam Technician' });
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ status: 'completed', signedName: 'Sam Technician', canEdit: false });
    expect((await fx.rest('PATCH', `/api/inspections/${draft.id}`, techCookie, { items: [{ id: pads, status: 'good' }] })).statusCode).toBe(409);
    expect(await owner.caller.inspections.conditions({ vehicleId: fx.accord.vehicle.id })).toEqual([]);

    const shared = await fx.rest('POST', `/api/inspections/${draft.id}/share`, techCookie);
    expect(shared.statusCode).toBe(200);
    const link: string = shared.json().link;
    expect(link).toMatch(/^\/shared\/inspections\/[A-Za-z0-9_-]{43}$/);

    // The owner: a notification, the red brake hotspot with its photo, the photo itself.
    const notes = await db.selectFrom('notifications').select(['kind', 'link']).where('user_id', '=', owner.user.id).execute();
    expect(notes).toContainEqual({ kind: 'inspection_shared', link: `/inspections/${draft.id}` });
    const conditions = await owner.caller.inspections.conditions({ vehicleId: fx.accord.vehicle.id });
    const brakes = conditions.find((c) => c.componentId === fx.accord.component('Brakes').id);
    expect(brakes).toMatchObject({ status: 'urgent', inspectionId: draft.id, itemName: 'Front brake pad thickness', photoId });
    expect(conditions.find((c) => c.componentId === fx.accord.component('Engine').id)?.status).toBe('good');
    const ownerCookie = await signInCookie(fx.app, owner.user.email);
    expect((await fx.rest('GET', `/api/files/${photoId}/thumbnail`, ownerCookie)).statusCode).toBe(200);
    const strangerCookie = await signInCookie(fx.app, (await createUser(db)).email);
    expect((await fx.rest('GET', `/api/files/${photoId}`, strangerCookie)).statusCode).toBe(404);
    const gallery = await fx.rest('GET', `/api/photos?inspectionId=${draft.id}`, ownerCookie);
    expect(gallery.json().items.map((f: { id: string }) => f.id)).toEqual([photoId]);
    expect((await fx.rest('GET', `/api/photos?vehicleId=${fx.accord.vehicle.id}&componentId=${fx.accord.component('Engine').id}`, ownerCookie)).json().items).toEqual([]);
    expect((await fx.rest('GET', `/api/photos/${photoId}/analysis`, ownerCookie)).json()).toMatchObject({ id: photoId, width: 640, height: 480 });

    // Only the customer decides; approving writes the shop an appointment request, once.
    const decide = (cookie: string, decision: string) => fx.rest('POST', `/api/inspections/${draft.id}/recommendations/${pads}/decision`, cookie, { decision });
    expect((await decide(techCookie, 'approved')).statusCode).toBe(403);
    expect((await decide(strangerCookie, 'approved')).statusCode).toBe(404);
    expect((await decide(ownerCookie, 'maybe')).statusCode).toBe(400);
    const approved = await decide(ownerCookie, 'approved');
    expect(approved.statusCode).toBe(200);
    const decided = approved.json().items.find((item: { id: string }) => item.id === pads);
    expect(decided.decision).toBe('approved');
    const request = await db
      .selectFrom('customer_inquiries')
      .select(['service_center_id', 'customer_id', 'inquiry_type', 'subject', 'priority', 'estimated_cost', 'garage_vehicle_id'])
      .where('id', '=', decided.requestInquiryId)
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ service_center_id: shop.id, customer_id: owner.user.id, inquiry_type: 'appointment', subject: 'Approved: Replace front brake pads', priority: 'urgent', garage_vehicle_id: owner.entry.id });
    expect(Number(request.estimated_cost)).toBe(189.9);
    expect((await decide(ownerCookie, 'declined')).statusCode).toBe(409);
    // The customer reads the shop's findings but cannot change or unshare them.
    expect((await fx.rest('DELETE', `/api/inspections/${draft.id}/share`, ownerCookie)).statusCode).toBe(403);
    expect((await rejection(owner.caller.inspections.detachPhoto({ id: draft.id, itemId: pads, fileId: photoId }))).code).toBe('FORBIDDEN');
    const staffList = await callerFor(db, technician).inquiries.list({ serviceCenterId: shop.id });
    expect(staffList.items.some((inquiry) => inquiry.id === decided.requestInquiryId)).toBe(true);
  });

  it('serves the report behind its public link without an account until the link is turned off', async () => {
    const db = getDb();
    const { shop, technician, customerVehicleId } = await customerOfShop(db);
    const tech = callerFor(db, technician);
    const draft = await tech.inspections.create({ vehicleId: fx.accord.vehicle.id, serviceCenterId: shop.id, customerVehicleId });
    const pads = await itemIn(draft.id, 'Front brake pad thickness', db);
    const techCookie = await signInCookie(fx.app, technician.email);
    const photo = multipart(await picture(320, 240, 'png'), 'pads.png', 'image/png');
    const uploaded = await fx.app.inject({ method: 'POST', url: `/api/inspections/${draft.id}/items/${pads}/photos`, headers: { ...photo.headers, cookie: techCookie }, payload: photo.payload });
    const photoId: string = uploaded.json().items.find((item: { id: string }) => item.id === pads).photos[0].id;
    await tech.inspections.update({ id: draft.id, items: [{ id: pads, status: 'attention', measurement: 4 }] });
    expect((await rejection(tech.inspections.share({ id: draft.id }))).code).toBe('CONFLICT');
    await tech.inspections.complete({ id: draft.id, signature: 'Sam Technician' });
    const { link } = await tech.inspections.share({ id: draft.id });
    const token = link.split('/').pop()!;

    const report = await fx.rest('GET', `/api/shared/inspections/${token}`, null);
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({ status: 'shared', signedName: 'Sam Technician' });
    expect(report.json().vehicleLabel).toMatch(/^2003 .+ Accord$/);
    expect(report.json()).not.toHaveProperty('canEdit');
    expect((await fx.rest('GET', `/api/shared/inspections/${token}/photos/${photoId}/thumbnail`, null)).statusCode).toBe(200);
    const pdf = await fx.rest('GET', `/api/shared/inspections/${token}/report.pdf?timeZone=America/Chicago`, null);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const parsed = await PDFDocument.load(pdf.rawPayload);
    expect(parsed.getPageCount()).toBeGreaterThan(0);
    expect(parsed.getTitle()).toContain('Inspection report');

    // A new link replaces the old; a malformed one, a turned-off one and another photo answer 404.
    const { link: second } = await tech.inspections.share({ id: draft.id });
    expect((await fx.rest('GET', `/api/shared/inspections/${token}`, null)).statusCode).toBe(404);
    const secondToken = second.split('/').pop()!;
    expect((await fx.rest('GET', `/api/shared/inspections/${secondToken}/photos/${fx.accord.vehicle.id}`, null)).statusCode).toBe(404);
    expect((await fx.rest('GET', `/api/shared/inspections/not-a-token`, null)).statusCode).toBe(404);
    expect((await fx.rest('DELETE', `/api/inspections/${draft.id}/share`, techCookie)).statusCode).toBe(200);
    expect((await fx.rest('GET', `/api/shared/inspections/${secondToken}`, null)).statusCode).toBe(404);
    expect((await fx.rest('GET', `/api/shared/inspections/${secondToken}/report.pdf`, null)).statusCode).toBe(404);
  });

  it('lets an owner inspect their own car: a self-check colours their diagram once signed, and needs a marked item', async () => {
    const db = getDb();
    const owner = await fx.ownerWith(fx.accord.vehicle, 30_000);
    const check = await owner.caller.inspections.create({ vehicleId: fx.accord.vehicle.id });
    expect(check).toMatchObject({ serviceCenterId: null, status: 'draft', canEdit: true, canDecide: false });
    expect((await rejection(owner.caller.inspections.complete({ id: check.id, signature: 'Dana Owner' }))).code).toBe('BAD_REQUEST');
    const tread = check.items.find((item) => item.name === 'Front tyre tread depth')!;
    await owner.caller.inspections.update({ id: check.id, items: [{ id: tread.id, status: 'attention', measurement: 3 }], addItems: [{ componentId: null, name: 'Wiper blades' }] });
    expect((await owner.caller.inspections.get({ id: check.id })).items.at(-1)).toMatchObject({ name: 'Wiper blades', componentId: null });
    expect(await owner.caller.inspections.conditions({ vehicleId: fx.accord.vehicle.id })).toEqual([]);
    await owner.caller.inspections.complete({ id: check.id, signature: 'Dana Owner' });
    const conditions = await owner.caller.inspections.conditions({ vehicleId: fx.accord.vehicle.id });
    expect(conditions).toEqual([expect.objectContaining({ componentId: fx.accord.component('Suspension').id, status: 'attention' })]);
    expect((await owner.caller.inspections.list({ vehicleId: fx.accord.vehicle.id })).map((s) => s.id)).toEqual([check.id]);
    // Nobody else reaches it; a stranger cannot start a self-check of a car not in their garage.
    const stranger = callerFor(db, await createUser(db));
    expect((await rejection(stranger.inspections.get({ id: check.id }))).code).toBe('NOT_FOUND');
    expect((await rejection(stranger.inspections.create({ vehicleId: fx.accord.vehicle.id }))).code).toBe('NOT_FOUND');
    expect((await rejection(owner.caller.inspections.decide({ id: check.id, itemId: tread.id, decision: 'approved' }))).code).toBe('FORBIDDEN');
  });

  it('lets a household editor keep the owner\u2019s self-check, and a viewer read it and its colours without changing it', async () => {
    const db = getDb();
    const owner = await fx.ownerWith(fx.accord.vehicle, 30_000);
    const editor = await createUser(db);
    const viewer = await createUser(db);
    await owner.caller.garage.shares.add({ garageVehicleId: owner.entry.id, email: editor.email, role: 'editor' });
    await owner.caller.garage.shares.add({ garageVehicleId: owner.entry.id, email: viewer.email, role: 'viewer' });
    const asEditor = callerFor(db, editor);
    const asViewer = callerFor(db, viewer);

    const check = await asEditor.inspections.create({ vehicleId: fx.accord.vehicle.id });
    expect(check.canEdit).toBe(true);
    const battery = check.items.find((item) => item.name === 'Battery state of health')!;
    await asEditor.inspections.update({ id: check.id, items: [{ id: battery.id, status: 'urgent', measurement: 55 }] });
    await asEditor.inspections.complete({ id: check.id, signature: 'Sam Editor' });

    for (const member of [owner.caller, asEditor, asViewer]) {
      expect((await member.inspections.list({ vehicleId: fx.accord.vehicle.id })).map((s) => s.id)).toEqual([check.id]);
      expect(await member.inspections.conditions({ vehicleId: fx.accord.vehicle.id })).toEqual([
        expect.objectContaining({ componentId: fx.accord.component('Battery').id, status: 'urgent' }),
      ]);
    }
    const seen = await asViewer.inspections.get({ id: check.id });
    expect(seen).toMatchObject({ canEdit: false, canShare: false });
    expect((await rejection(asViewer.inspections.share({ id: check.id }))).code).toBe('FORBIDDEN');
    expect((await rejection(asViewer.inspections.create({ vehicleId: fx.accord.vehicle.id }))).code).toBe('FORBIDDEN');
    expect((await owner.caller.inspections.get({ id: check.id })).canShare).toBe(true);
  });
});
