import { expect, it } from 'vitest';
import { createCenter } from '../../../../tests/helpers/appointments.ts';
import { callerFor, createUser, rejection } from '../../../../tests/helpers/factories.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { uploadedPdf } from '../../../../tests/helpers/files.ts';
import { garageFixtures } from '../../../../tests/helpers/garage.ts';

/** A household (docs/garage.md#sharing): one owner, an editor and a viewer of one vehicle. */
describeEachDatabase('sharing a garage vehicle', (getDb) => {
  const fx = garageFixtures(getDb);

  async function household() {
    const owner = await fx.ownerWith(fx.f150.vehicle, 40_000);
    const editor = await createUser(getDb(), { role: 'simple' });
    const viewer = await createUser(getDb(), { role: 'simple' });
    await getDb().updateTable('users').set({ first_name: 'Pat', last_name: 'Owner' }).where('id', '=', owner.user.id).execute();
    const asOwner = callerFor(getDb(), { ...owner.user, firstName: 'Pat', lastName: 'Owner' });
    await asOwner.garage.shares.add({ garageVehicleId: owner.entry.id, email: editor.email, role: 'editor' });
    await asOwner.garage.shares.add({ garageVehicleId: owner.entry.id, email: ` ${viewer.email.toUpperCase()} `, role: 'viewer' });
    return { owner, asOwner, editor, viewer, asEditor: callerFor(getDb(), editor), asViewer: callerFor(getDb(), viewer) };
  }

  it('shows the vehicle and its whole history to both members; the editor keeps it, the viewer only reads', async () => {
    const { owner, asOwner, editor, viewer, asEditor, asViewer } = await household();
    const vehicleId = fx.f150.vehicle.id;
    const ownRecord = await asOwner.garage.records.create({ vehicleId, serviceType: 'Oil change', date: '2026-01-02', mileage: 40_100 });
    const receipt = await uploadedPdf(getDb(), owner.user.id);
    await asOwner.files.attach({ recordId: ownRecord.id, fileId: receipt.id });

    for (const [member, caller, role] of [
      [editor, asEditor, 'editor'],
      [viewer, asViewer, 'viewer'],
    ] as const) {
      const [entry] = await caller.garage.list();
      expect(entry, `${role}'s garage`).toMatchObject({ id: owner.entry.id, access: role, sharedBy: 'Pat Owner' });
      expect((await caller.garage.get({ id: owner.entry.id })).access).toBe(role);
      expect((await caller.garage.records.list({ vehicleId })).items.map((r) => r.id)).toContain(ownRecord.id);
      expect((await caller.files.attachments({ recordId: ownRecord.id })).map((f) => f.id)).toEqual([receipt.id]);
      expect((await caller.garage.due({ timeZone: 'UTC' })).some((item) => item.garageVehicleId === owner.entry.id)).toBe(true);
      const [notice] = (await callerFor(getDb(), member).notifications.list({})).items;
      expect(notice, `${role} was notified`).toMatchObject({ title: `Pat Owner shared ${owner.entry.nickname} with you`, link: `/garage?vehicle=${owner.entry.id}` });
    }

    // The editor's record and fill-up join the owner's history and raise the shared odometer.
    const added = await asEditor.garage.records.create({ vehicleId, serviceType: 'Tyre rotation', date: '2026-01-03', mileage: 40_300 });
    expect(added.userId).toBe(owner.user.id);
    await asEditor.garage.records.update({ id: ownRecord.id, notes: 'Checked by the editor' });
    const fill = await asEditor.fuel.create({ vehicleId, date: '2026-01-04', odometer: 40_400, quantity: 10, unit: 'gal' });
    expect((await asOwner.fuel.list({ vehicleId })).items.map((e) => e.id)).toEqual([fill.id]);
    expect(await fx.odometerOf(owner.entry.id)).toBe(40_400);
    expect((await asViewer.fuel.overview({ vehicleId, timeZone: 'UTC' })).fuelEntries).toBe(1);

    // The viewer reads but changes nothing; neither member removes the vehicle or manages shares.
    const forbidden = async (promise: Promise<unknown>) => (await rejection(promise)).code;
    expect(await forbidden(asViewer.garage.records.create({ vehicleId, serviceType: 'Wash', date: '2026-01-05' }))).toBe('FORBIDDEN');
    expect(await forbidden(asViewer.garage.records.update({ id: added.id, notes: 'nope' }))).toBe('FORBIDDEN');
    expect(await forbidden(asViewer.fuel.update({ id: fill.id, station: 'nope' }))).toBe('FORBIDDEN');
    expect(await forbidden(asViewer.fuel.expenses.create({ vehicleId, date: '2026-01-05', category: 'tax', amount: '1' }))).toBe('FORBIDDEN');
    expect(await forbidden(asViewer.garage.update({ id: owner.entry.id, odometer: 50_000 }))).toBe('FORBIDDEN');
    for (const caller of [asEditor, asViewer]) {
      expect(await forbidden(caller.garage.remove({ id: owner.entry.id }))).toBe('FORBIDDEN');
      expect(await forbidden(caller.garage.shares.list({ garageVehicleId: owner.entry.id }))).toBe('FORBIDDEN');
    }
    // Only the owner brings the vehicle to a shop (a shop's records join the owner's history).
    const shop = await createCenter(getDb());
    expect(await forbidden(asEditor.inquiries.create({ serviceCenterId: shop, garageVehicleId: owner.entry.id, inquiryType: 'service', subject: 'Brakes', description: 'Squeal' }))).toBe('FORBIDDEN');

    // A stranger finds nothing.
    const stranger = callerFor(getDb(), await createUser(getDb(), { role: 'simple' }));
    expect(await forbidden(stranger.garage.get({ id: owner.entry.id }))).toBe('NOT_FOUND');
    expect(await forbidden(stranger.fuel.list({ vehicleId }))).toBe('NOT_FOUND');
  });

  it('keeps one entry per vehicle in a garage, and ends shares by revoke, leave and removal', async () => {
    const { owner, asOwner, editor, viewer, asEditor, asViewer } = await household();
    const vehicleId = fx.f150.vehicle.id;
    // A member cannot also save the vehicle; someone who has it cannot be given it again.
    expect((await rejection(asEditor.garage.add({ vehicleId, nickname: 'Mine too', odometer: 1 }))).code).toBe('CONFLICT');
    const second = await fx.ownerWith(fx.f150.vehicle, 10);
    expect((await rejection(asOwner.garage.shares.add({ garageVehicleId: owner.entry.id, email: second.user.email, role: 'viewer' }))).message).toBe(
      'This account already has this vehicle in its garage',
    );
    expect((await rejection(asOwner.garage.shares.add({ garageVehicleId: owner.entry.id, email: 'nobody@example.test', role: 'viewer' }))).code).toBe('NOT_FOUND');

    await asOwner.garage.shares.update({ garageVehicleId: owner.entry.id, userId: viewer.id, role: 'editor' });
    expect((await asViewer.garage.list())[0]?.access).toBe('editor');
    await asOwner.garage.shares.remove({ garageVehicleId: owner.entry.id, userId: viewer.id });
    expect(await asViewer.garage.list()).toEqual([]);
    expect((await asViewer.garage.records.list({ vehicleId })).total).toBe(0);
    expect((await rejection(asViewer.fuel.list({ vehicleId }))).code).toBe('NOT_FOUND');

    await asEditor.garage.shares.leave({ garageVehicleId: owner.entry.id });
    expect(await asEditor.garage.list()).toEqual([]);
    expect((await rejection(asOwner.garage.shares.leave({ garageVehicleId: owner.entry.id }))).code).toBe('FORBIDDEN');

    await asOwner.garage.shares.add({ garageVehicleId: owner.entry.id, email: editor.email, role: 'editor' });
    await asOwner.garage.remove({ id: owner.entry.id });
    expect(await asEditor.garage.list()).toEqual([]);
    const left = await getDb().selectFrom('garage_vehicle_shares').select('id').where('garage_vehicle_id', '=', owner.entry.id).execute();
    expect(left).toEqual([]);
  });
});
