import { describe, expect, it } from 'vitest';
import { addCustomer, addCustomerVehicle, addStaff, createCenter } from '../../../../tests/helpers/appointments.ts';
import { callerFor, signInCookie } from '../../../../tests/helpers/factories.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { garageFixtures, MISSING } from '../../../../tests/helpers/garage.ts';


/**
 * A tiny RFC 4180 reader: fields split by commas, records by CRLF, a quoted field may hold commas,
 * line breaks and doubled quotes. Anything else (a bare LF, a quote inside an unquoted field) throws.
 */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
      continue;
    }
    if (ch === '"') {
      if (field !== '' || wasQuoted) throw new Error(`quote inside an unquoted field at ${i}`);
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',') {
      row.push(field);
      field = '';
      wasQuoted = false;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      wasQuoted = false;
      i++;
    } else if (ch === '\r' || ch === '\n') {
      throw new Error(`line break outside quotes that is not CRLF at ${i}`);
    } else {
      if (wasQuoted) throw new Error(`text after a closing quote at ${i}`);
      field += ch;
    }
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || row.length > 0) throw new Error('the last record does not end with CRLF');
  return rows;
}

describe('parseCsv (the test reader itself)', () => {
  it('reads quoted commas, doubled quotes and line breaks, and refuses malformed text', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi""","two\r\nlines"\r\n,\r\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"', 'two\r\nlines'],
      ['', ''],
    ]);
    expect(() => parseCsv('a,b\n')).toThrow();
    expect(() => parseCsv('a"b\r\n')).toThrow();
    expect(() => parseCsv('"a\r\n')).toThrow();
    expect(() => parseCsv('a,b')).toThrow();
  });
});

describeEachDatabase('service history as CSV', (getDb) => {
  const fx = garageFixtures(getDb);

  it('exports a vehicle history as RFC 4180 CSV that matches the stored records', async () => {
    const db = getDb();
    const shop = await createCenter(db, 'Brake Barn');
    const tech = await addStaff(db, shop, 'technician');
    const { user, caller, entry } = await fx.ownerWith(fx.f150.vehicle, 41_250);
    const customerVehicleId = await addCustomerVehicle(db, await addCustomer(db, shop, user), fx.f150.vehicle.id, entry.id);
    const engine = fx.f150.component('Engine');
    await caller.garage.records.create({ vehicleId: fx.f150.vehicle.id, componentId: engine.id, serviceType: 'Oil change', date: '2025-03-01', mileage: 40_000, cost: '59.9', description: '=HYPERLINK("http://evil.test","click")', notes: 'Filter, "OEM" part' });
    await caller.garage.records.create({ vehicleId: fx.f150.vehicle.id, serviceType: '+Wipers', date: '2025-03-02', description: 'Front\r\nand rear', status: 'urgent' });
    await callerFor(db, tech).garage.records.create({ vehicleId: fx.f150.vehicle.id, serviceCenterId: shop, customerVehicleId, componentId: fx.f150.component('Brakes').id, serviceType: 'Brake inspection', date: '2025-02-28', mileage: 39_000, cost: '0', description: '@SUM(1)' });
    await caller.garage.records.create({ vehicleId: fx.f150.vehicle.id, serviceType: 'Tyres', date: '2031-05-06', status: 'scheduled', description: '-ish', notes: 'plain' });
    // Not in this history: another vehicle, another owner.
    await caller.garage.add({ vehicleId: fx.crv.vehicle.id, nickname: 'SUV', odometer: 1 });
    await caller.garage.records.create({ vehicleId: fx.crv.vehicle.id, serviceType: 'Other car', date: '2025-03-01' });
    const stranger = await fx.ownerWith(fx.f150.vehicle);
    await stranger.caller.garage.records.create({ vehicleId: fx.f150.vehicle.id, serviceType: 'Stranger', date: '2025-03-01' });

    const cookie = await signInCookie(fx.app, user.email);
    const res = await fx.rest('GET', `/api/vehicles/${fx.f150.vehicle.id}/service-records.csv?timeZone=Pacific/Auckland`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="service-history-2011-ford-f-150.csv"');
    const rows = parseCsv(res.body);
    expect(rows).toEqual([
      ['date', 'service_type', 'component', 'status', 'mileage', 'cost', 'description', 'notes', 'technician'],
      ['2031-05-06', 'Tyres', '', 'scheduled', '', '', "'-ish", 'plain', ''],
      ['2025-03-02', "'+Wipers", '', 'urgent', '', '', 'Front\r\nand rear', '', ''],
      ['2025-03-01', 'Oil change', 'Engine', 'completed', '40000', '59.90', `'=HYPERLINK("http://evil.test","click")`, 'Filter, "OEM" part', ''],
      ['2025-02-28', 'Brake inspection', 'Brakes', 'completed', '39000', '0.00', "'@SUM(1)", '', `${tech.email} (Brake Barn)`],
    ]);

    // Row for row what is stored.
    const stored = await db
      .selectFrom('service_records as r')
      .leftJoin('vehicle_components as c', 'c.id', 'r.component_id')
      .select(['r.date', 'r.service_type', 'c.name', 'r.status', 'r.mileage_value', 'r.cost', 'r.description', 'r.notes'])
      .where('r.user_id', '=', user.id)
      .where('r.vehicle_id', '=', fx.f150.vehicle.id)
      .orderBy('r.date', 'desc')
      .execute();
    const unformula = (cell: string) => cell.replace(/^'(?=[=+\-@])/, '');
    expect(
      rows.slice(1).map((row) => [row[0], unformula(row[1]!), row[2] || null, row[3], row[4] ? Number(row[4]) : null, row[5] || null, row[6] ? unformula(row[6]) : null, row[7] || null]),
    ).toEqual(stored.map((s) => [s.date.toISOString().slice(0, 10), s.service_type, s.name, s.status, s.mileage_value, s.cost, s.description, s.notes]));

    // The shop's export of the same history; errors stay JSON.
    const techCookie = await signInCookie(fx.app, tech.email);
    const techCsv = await fx.rest('GET', `/api/vehicles/${fx.f150.vehicle.id}/service-records.csv?customerVehicleId=${customerVehicleId}`, techCookie);
    expect(parseCsv(techCsv.body)).toEqual(rows);
    const missing = await fx.rest('GET', `/api/vehicles/${MISSING}/service-records.csv`, cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<unknown>()).toEqual({ message: 'Vehicle not found', code: 'NOT_FOUND' });
    expect((await fx.rest('GET', `/api/vehicles/${fx.f150.vehicle.id}/service-records.csv`, null)).statusCode).toBe(401);
    expect((await fx.rest('GET', `/api/vehicles/${fx.f150.vehicle.id}/service-records.csv?timeZone=Mars/Olympus`, cookie)).statusCode).toBe(400);
  });
});
