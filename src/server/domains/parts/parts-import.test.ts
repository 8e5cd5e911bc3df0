import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, rejection, signInCookie } from '../../../../tests/helpers/factories.ts';
import { snapshot, stockOf } from '../../../../tests/helpers/parts.ts';
import { makeAdmin, shopWithStaff } from '../../../../tests/helpers/shops.ts';
import type { Database } from '../../db/index.ts';
import { dollarsToCents, matchColumns, PART_IMPORT_LIMITS } from '../../../shared/parts-import.ts';

const ORIGIN = 'http://localhost:3000';
const csvOf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

/** Three parts, written as a spreadsheet would: aliases for headers, dollars, a stock column (ignored). */
const CATALOGUE = csvOf(
  'Part #,Name,Brand,Category,Make,Model,Year From,Year To,Cost,Retail,Reorder Point,Qty',
  'bp-1042,Front brake pad set,Akebono,brakes,Honda,Civic,2016,2021,$32.50,69.99,2,40',
  'OF-7,Oil filter,Bosch,Engine,,,,,4.5,"$1,299.00",4,12',
  'WB-22,"Wiper blade, 22 in",,,,,,,,8,,3',
);

it('reads header aliases and dollars as a spreadsheet writes them', () => {
  const match = matchColumns(['Part #', 'NAME', 'retail_price', 'Unit Cost', 'On hand']);
  expect(match).toEqual({ ok: true, columns: { partNumber: 0, name: 1, priceCents: 2, unitCostCents: 3 }, ignored: ['On hand'] });
  expect(matchColumns(['SKU', 'Name', 'Cost', 'Unit cost'])).toEqual({ ok: false, message: 'The columns "Cost" and "Unit cost" both name the Unit cost: keep one' });
  expect(['12.50', '$1,234.00', '7', '.5', '12.5000', '-$5', '1.234', '1,2,3', 'twelve'].map(dollarsToCents)).toEqual([1250, 123400, 700, 50, 1250, -500, null, null, null]);
});

describeEachDatabase('parts: importing a catalogue from CSV', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app?.close();
  });

  async function importCsv(centerId: string, cookie: string | null, csv: string, options: { dryRun?: boolean; json?: boolean } = {}) {
    const headers: Record<string, string> = { host: 'localhost:3000', origin: ORIGIN, 'content-type': options.json ? 'application/json' : 'text/csv' };
    if (cookie) headers.cookie = cookie;
    const url = `/api/shops/${centerId}/parts/import${options.dryRun ? '?dryRun=true' : ''}`;
    return app.inject({ method: 'POST', url, headers, payload: options.json ? JSON.stringify({ csv }) : csv });
  }

  const partAudits = (db: Database, centerId: string) =>
    db.selectFrom('audit_log').select(['action', 'entity_id', 'before', 'after']).where('service_center_id', '=', centerId).where('entity', '=', 'part').orderBy('created_at').execute();

  it('previews a valid file without writing, imports it, and adds nothing when the same file comes again', async () => {
    const db = getDb();
    const { shop, technician } = await shopWithStaff(db);
    const cookie = await signInCookie(app, technician.email);
    const before = await snapshot(db);

    const preview = await importCsv(shop.id, cookie, CATALOGUE, { dryRun: true });
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body.counts).toEqual({ new: 3, updates: 0, unchanged: 0, errors: 0 });
    expect(body.ignored).toEqual(['Qty']);
    expect(body.columns).toMatchObject({ partNumber: 'Part #', unitCostCents: 'Cost', priceCents: 'Retail' });
    expect(body.rows.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [2, 'new'],
      [3, 'new'],
      [4, 'new'],
    ]);
    expect(body.rows[0].part).toEqual({
      partNumber: 'BP-1042',
      name: 'Front brake pad set',
      brand: 'Akebono',
      category: 'Brakes',
      make: 'Honda',
      model: 'Civic',
      yearFrom: 2016,
      yearTo: 2021,
      engine: null,
      unitCostCents: 3_250,
      priceCents: 6_999,
      reorderPoint: 2,
      notes: null,
    });
    expect(await snapshot(db)).toBe(before);

    const done = await importCsv(shop.id, cookie, CATALOGUE);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ counts: { new: 3, updates: 0, unchanged: 0, errors: 0 }, errors: [] });
    const list = await callerFor(db, technician).parts.list({ serviceCenterId: shop.id });
    expect(list.items.map((p) => [p.partNumber, p.name, p.category, p.unitCostCents, p.priceCents, p.reorderPoint, p.onHand])).toEqual([
      ['BP-1042', 'Front brake pad set', 'Brakes', 3_250, 6_999, 2, 0],
      ['OF-7', 'Oil filter', 'Engine', 450, 129_900, 4, 0],
      ['WB-22', 'Wiper blade, 22 in', 'Other', 0, 800, 0, 0],
    ]);
    const audits = await partAudits(db, shop.id);
    expect(audits.map((a) => a.action)).toEqual(['create', 'create', 'create']);
    expect(audits[0]?.after).toMatchObject({ partNumber: 'BP-1042', priceCents: 6_999 });

    // The same file again, as JSON this time: every row is a part the shop has exactly so.
    const again = await importCsv(shop.id, cookie, CATALOGUE, { json: true });
    expect(again.json()).toEqual({ counts: { new: 0, updates: 0, unchanged: 3, errors: 0 }, errors: [] });
    expect((await callerFor(db, technician).parts.list({ serviceCenterId: shop.id })).items).toHaveLength(3);
    expect(await partAudits(db, shop.id)).toHaveLength(3);
  });

  it('names each bad row by row and field, and writes only the good rows', async () => {
    const db = getDb();
    const { shop, manager } = await shopWithStaff(db);
    const manage = callerFor(db, manager);
    const csv = csvOf(
      'Part number,Name,Category,Year from,Year to,Unit cost,Price,Reorder point',
      'GOOD-1,Cabin air filter,,2015,2020,8.99,19.99,3',
      'BAD-1,,Wheels,2020,2010,-1,12.345,two',
      'GOOD-2,Spark plug,Engine,,,2,5.50,',
      'good-1,Cabin air filter again,,,,,,',
      'BAD-2,Alternator,Engine,1850,,,,,extra',
    );
    const preview = await manage.parts.importPreview({ serviceCenterId: shop.id, csv });
    expect(preview.counts).toEqual({ new: 2, updates: 0, unchanged: 0, errors: 3 });
    const errorsOf = (row: number) => preview.rows.find((r) => r.row === row)?.errors.map((e) => [e.field, e.column, e.message]);
    expect(errorsOf(3)).toEqual([
      ['name', 'Name', 'Name is required'],
      ['category', 'Category', 'Category must be one of: Engine, Drive Motor, Transmission, Battery, Brakes, Suspension, Exhaust, Other'],
      ['unitCostCents', 'Unit cost', 'Unit cost must not be negative'],
      ['priceCents', 'Price', 'Price must be an amount like 12.50'],
      ['reorderPoint', 'Reorder point', 'Reorder point must be a whole number'],
    ]);
    expect(errorsOf(5)).toEqual([['partNumber', 'Part number', 'Part number GOOD-1 is on row 2 of the file already']]);
    expect(errorsOf(6)).toEqual([
      [null, null, 'The row has 9 cells but the header names 8 columns: put a text that holds a comma in double quotes'],
      ['yearFrom', 'Year from', 'Year from must be 1900 or later'],
    ]);
    expect(preview.rows.find((r) => r.row === 3)?.part).toBeNull();

    const result = await manage.parts.importCommit({ serviceCenterId: shop.id, csv });
    expect(result.counts).toEqual(preview.counts);
    expect(result.errors.map((e) => e.row)).toEqual([3, 3, 3, 3, 3, 5, 6, 6]);
    const stored = await manage.parts.list({ serviceCenterId: shop.id });
    expect(stored.items.map((p) => [p.partNumber, p.name, p.yearFrom, p.yearTo, p.unitCostCents, p.priceCents])).toEqual([
      ['GOOD-1', 'Cabin air filter', 2015, 2020, 899, 1_999],
      ['GOOD-2', 'Spark plug', null, null, 200, 550],
    ]);

    // A file that cannot be read at all is refused whole, naming the reason.
    const refusals: [string, string][] = [
      ['Name,Price\r\nPads,1\r\n', 'The file has no Part number column: its first line must name the columns, such as Part number, Name, Price'],
      ['Part number,Name\r\n', 'The file has a header line but no rows'],
      ['Part number,Name\r\n"BP-1,Pads\r\n', 'Line 2: a quoted field is not closed'],
    ];
    for (const [text, message] of refusals) expect((await rejection(manage.parts.importPreview({ serviceCenterId: shop.id, csv: text }))).message).toBe(message);
  });

  it('updates the catalogue fields of a part number the shop has, never its stock', async () => {
    const db = getDb();
    const { shop, technician } = await shopWithStaff(db);
    const tech = callerFor(db, technician);
    const part = await tech.parts.create({ serviceCenterId: shop.id, partNumber: 'BP-1042', name: 'Brake pads', brand: 'Akebono', category: 'Brakes', yearFrom: 2016, yearTo: 2021, priceCents: 5_000 });
    await tech.parts.move({ partId: part.id, kind: 'received', quantity: 5 });
    const csv = csvOf('SKU,Description,Retail,Year to,On hand', 'bp-1042,Front brake pad set,$69.99,2021,99', 'NEW-1,New part,1,,7');
    const preview = await tech.parts.importPreview({ serviceCenterId: shop.id, csv });
    expect(preview.counts).toEqual({ new: 1, updates: 1, unchanged: 0, errors: 0 });
    expect(preview.rows[0]).toMatchObject({ status: 'update', changed: ['name', 'priceCents'], part: { partNumber: 'BP-1042', name: 'Front brake pad set', brand: 'Akebono', yearFrom: 2016, priceCents: 6_999 } });

    await tech.parts.importCommit({ serviceCenterId: shop.id, csv });
    // The file has no Brand column: the brand stays. Its "On hand" column is not read.
    expect(await tech.parts.get({ id: part.id })).toMatchObject({ name: 'Front brake pad set', brand: 'Akebono', category: 'Brakes', yearFrom: 2016, yearTo: 2021, priceCents: 6_999, onHand: 5 });
    expect(await stockOf(db, part.id)).toEqual({ onHand: 5, ledger: 5, movements: 1 });
    const updates = (await partAudits(db, shop.id)).filter((a) => a.entity_id === part.id);
    expect(updates.map((a) => a.action)).toEqual(['create', 'update']);
    expect(updates[1]).toMatchObject({ before: { name: 'Brake pads', priceCents: 5_000 }, after: { name: 'Front brake pad set', priceCents: 6_999, brand: 'Akebono' } });

    // Years are checked with the part's own: a new "Year to" before its "Year from" is the row's error.
    const years = await tech.parts.importPreview({ serviceCenterId: shop.id, csv: csvOf('Part number,Name,Year to', 'BP-1042,Front brake pad set,2010') });
    expect(years.rows[0]?.errors).toEqual([{ row: 2, field: 'yearTo', column: 'Year to', message: 'Year to must not be before year from (the part has 2016 to 2010)' }]);
    const newNumber = await tech.parts.list({ serviceCenterId: shop.id, search: 'NEW-1' });
    expect(newNumber.items.map((p) => [p.partNumber, p.onHand])).toEqual([['NEW-1', 0]]);
  });

  it('keeps to 5,000 rows and 2 MB a file', async () => {
    const db = getDb();
    const { shop, technician } = await shopWithStaff(db);
    const tech = callerFor(db, technician);
    const rows = (n: number) => csvOf('Part number,Name,Price', ...Array.from({ length: n }, (_, i) => `B-${i},Bulk part ${i},1.00`));
    expect((await tech.parts.importPreview({ serviceCenterId: shop.id, csv: rows(PART_IMPORT_LIMITS.maxRows) })).counts.new).toBe(5_000);
    expect((await rejection(tech.parts.importPreview({ serviceCenterId: shop.id, csv: rows(PART_IMPORT_LIMITS.maxRows + 1) }))).message).toBe(
      'The file has more than 5,000 rows: split it into smaller files',
    );
    // Two bytes a character: under 2 MB of characters, over 2 MB of UTF-8.
    const wide = csvOf('Part number,Name,Notes', `W-1,Wide,${'é'.repeat(PART_IMPORT_LIMITS.maxBytes / 2 + 10)}`);
    expect((await rejection(tech.parts.importCommit({ serviceCenterId: shop.id, csv: wide }))).message).toBe('The file is larger than 2 MB: split it into smaller files');
    const cookie = await signInCookie(app, technician.email);
    const huge = await importCsv(shop.id, cookie, 'x'.repeat(PART_IMPORT_LIMITS.maxBytes + 1));
    expect([huge.statusCode, huge.json().issues.fieldErrors.csv]).toEqual([400, ['The file is larger than 2 MB: split it into smaller files']]);
    expect((await importCsv(shop.id, cookie, 'y'.repeat(PART_IMPORT_LIMITS.maxBytes * 3))).statusCode).toBe(413);
    const maybe = await app.inject({ method: 'POST', url: `/api/shops/${shop.id}/parts/import?dryRun=maybe`, headers: { host: 'localhost:3000', origin: ORIGIN, cookie, 'content-type': 'text/csv' }, payload: CATALOGUE });
    expect([maybe.statusCode, maybe.json().message]).toEqual([400, 'dryRun must be true or false']);
    expect(await tech.parts.list({ serviceCenterId: shop.id })).toEqual({ items: [], nextCursor: null });
  });

  it('lets any staff role import, and tells nobody else the shop exists', async () => {
    const db = getDb();
    const { shop, owner } = await shopWithStaff(db);
    const stranger = await createUser(db, { role: 'tech' });
    const otherShop = await shopWithStaff(db);
    const admin = await makeAdmin(db, await createUser(db));
    const before = await snapshot(db);
    for (const outsider of [stranger, otherShop.owner, admin]) {
      const asOutsider = callerFor(db, outsider);
      expect((await rejection(asOutsider.parts.importPreview({ serviceCenterId: shop.id, csv: CATALOGUE }))).code).toBe('NOT_FOUND');
      expect((await rejection(asOutsider.parts.importCommit({ serviceCenterId: shop.id, csv: CATALOGUE }))).code).toBe('NOT_FOUND');
      const res = await importCsv(shop.id, await signInCookie(app, outsider.email), CATALOGUE);
      expect([res.statusCode, res.json()]).toEqual([404, { code: 'NOT_FOUND', message: 'Service center not found' }]);
    }
    expect((await importCsv(shop.id, null, CATALOGUE, { dryRun: true })).statusCode).toBe(401);
    expect(await snapshot(db)).toBe(before);
    expect((await callerFor(db, owner).parts.importCommit({ serviceCenterId: shop.id, csv: CATALOGUE })).counts.new).toBe(3);
  });
});
