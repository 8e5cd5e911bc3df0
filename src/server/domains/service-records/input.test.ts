import { expect, it } from 'vitest';
import { todayIn } from '../../../shared/dates.ts';
import type { ServiceRecord } from '../../../shared/service-records.ts';
import { signInCookie } from '../../../../tests/helpers/factories.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { garageFixtures, shiftDay } from '../../../../tests/helpers/garage.ts';

describeEachDatabase('service records refuse bad input', (getDb) => {
  const fx = garageFixtures(getDb);

  it('refuses bad records with 400 and the rule broken, and stores nothing', async () => {
    const { user, entry } = await fx.ownerWith(fx.f150.vehicle, 41_250);
    const cookie = await signInCookie(fx.app, user.email);
    const url = `/api/vehicles/${fx.f150.vehicle.id}/service-records`;
    // A day that has come somewhere on Earth but not yet (or just no longer) in Pago Pago.
    const aheadDay = todayIn('Pacific/Kiritimati');
    const base = { serviceType: 'Oil change', date: '2025-01-01', componentId: fx.f150.component('Engine').id };
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['negative mileage', { mileage: -1 }, 'mileage', 'Mileage must not be negative'],
      ['negative mileage text', { mileage: '-1,000' }, 'mileage', 'Mileage must not be negative'],
      ['fractional mileage', { mileage: 41_000.5 }, 'mileage', 'Mileage must be a whole number of miles'],
      ['fractional mileage text', { mileage: '41000.5' }, 'mileage', 'Mileage must be a whole number of miles'],
      ['mileage words', { mileage: 'lots' }, 'mileage', 'Mileage must be a whole number of miles'],
      ['future completed date', { date: shiftDay(todayIn('UTC'), 2) }, 'date', 'A completed service cannot be dated in the future'],
      ['completed tomorrow in the given zone', { date: aheadDay, timeZone: 'Pacific/Pago_Pago' }, 'date', 'A completed service cannot be dated in the future'],
      ['cost with 3 decimals', { cost: '12.345' }, 'cost', 'Cost must be a non-negative amount like 89.90 (at most 2 decimals)'],
      ['cost with 3 decimals as a number', { cost: 12.345 }, 'cost', 'Cost must be a non-negative amount like 89.90 (at most 2 decimals)'],
      ['negative cost', { cost: '-5' }, 'cost', 'Cost must be a non-negative amount like 89.90 (at most 2 decimals)'],
      ['no real day', { date: '2025-02-29' }, 'date', 'Date is not a real day'],
      ['unknown status', { status: 'done' }, 'status', 'Status must be completed, scheduled or urgent'],
    ];
    for (const [label, change, field, message] of cases) {
      const res = await fx.rest('POST', url, cookie, { ...base, ...change });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json<unknown>(), label).toMatchObject({ message, code: 'BAD_REQUEST', issues: { fieldErrors: { [field]: [message] } } });
    }
    // Not a schema rule, but the same answer: a component of another vehicle.
    const foreign = await fx.rest('POST', url, cookie, { ...base, componentId: fx.crv.component('Engine').id, mileage: 99_999 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<unknown>()).toEqual({ message: 'The component does not belong to this vehicle', code: 'BAD_REQUEST' });
    expect(await fx.recordCount(fx.f150.vehicle.id, user.id)).toBe(0);
    expect(await fx.odometerOf(entry.id)).toBe(41_250);

    // What is allowed next to those: a day that has come in the given zone; a planned job ahead.
    const ok = await fx.rest('POST', url, cookie, { ...base, date: aheadDay, timeZone: 'Pacific/Kiritimati', mileage: '41,300', cost: 89.9 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<unknown>()).toMatchObject({ mileageValue: 41_300, mileage: '41300', cost: '89.90', status: 'completed' });
    const planned = await fx.rest('POST', url, cookie, { ...base, date: '2030-01-01', status: 'scheduled' });
    expect(planned.statusCode).toBe(201);

    // Editing is held to the same rules and leaves the record as it was.
    const id = ok.json<ServiceRecord>().id;
    const edits: [Record<string, unknown>, string][] = [
      [{ mileage: -5 }, 'Mileage must not be negative'],
      [{ mileage: 1.25 }, 'Mileage must be a whole number of miles'],
      [{ cost: '1.005' }, 'Cost must be a non-negative amount like 89.90 (at most 2 decimals)'],
      [{ date: shiftDay(todayIn('UTC'), 2) }, 'A completed service cannot be dated in the future'],
      [{ componentId: fx.crv.component('Brakes').id }, 'The component does not belong to this vehicle'],
    ];
    for (const [patch, message] of edits) {
      const res = await fx.rest('PATCH', `/api/service-records/${id}`, cookie, patch);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<unknown>(), JSON.stringify(patch)).toMatchObject({ message, code: 'BAD_REQUEST' });
    }
    // Notes of a record dated today far east (edited without a zone) or today in UTC (edited far
    // west) can still be changed: only a new day or status is checked again.
    expect((await fx.rest('PATCH', `/api/service-records/${id}`, cookie, { notes: 'Receipt in the glovebox' })).statusCode).toBe(200);
    const todayUtc = await fx.rest('POST', url, cookie, { ...base, date: todayIn('UTC') });
    const lateEdit = await fx.rest('PATCH', `/api/service-records/${todayUtc.json<ServiceRecord>().id}`, cookie, { notes: 'Late edit', timeZone: 'Pacific/Pago_Pago' });
    expect(lateEdit.statusCode, lateEdit.body).toBe(200);
    // A planned job cannot be marked done while its day lies ahead.
    const done = await fx.rest('PATCH', `/api/service-records/${planned.json<ServiceRecord>().id}`, cookie, { status: 'completed' });
    expect(done.statusCode).toBe(400);
    expect(done.json<unknown>()).toMatchObject({ message: 'A completed service cannot be dated in the future' });
    const stored = await getDb().selectFrom('service_records').select(['mileage_value', 'cost', 'component_id', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ mileage_value: 41_300, cost: '89.90', component_id: base.componentId, status: 'completed' });
    expect(await fx.recordCount(fx.f150.vehicle.id, user.id)).toBe(3);
  });
});
