import { beforeAll, expect, it } from 'vitest';
import { toHttpError } from '../../http/errors.ts';
import { callerFor } from '../../../../tests/helpers/factories.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { DECODER_UNAVAILABLE_MESSAGE, type DecoderSource } from './service.ts';
import { getVinDecoder } from './vin-decoder.ts';
import { LOAD, countingDecoders, vehiclesCaller, rejection, vehicleCount, partsOf } from './test-support.ts';

describeEachDatabase('vehicles: decoding a VIN', (getDb) => {
  beforeAll(async () => {
    await getVinDecoder();
  }, LOAD);

  it('decodes a VIN, stores it with its components and walkthrough, and answers the API shape', async () => {
    const db = getDb();
    const answer = await callerFor(db, null).vehicles.decodeVin({ vin: '1HGCM82633A004352' });
    expect(answer).toEqual({
      id: expect.any(String),
      vin: '1HGCM82633A004352',
      year: 2003,
      make: 'Honda',
      model: 'Accord',
      trim: 'EX-V6',
      engine: 'V6 Gasoline, J30A4',
      transmission: null,
      drivetrain: null,
      bodyStyle: 'Coupe',
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
      warnings: [],
    });
    expect(await partsOf(db, answer.id)).toEqual({ components: 6, videos: 1 });
    const stored = await db.selectFrom('vehicles').select(['details']).where('id', '=', answer.id).executeTakeFirstOrThrow();
    expect(stored.details).toMatchObject({ cylinders: 6, engineModel: 'J30A4', manufacturer: 'AMERICAN HONDA MOTOR CO., INC.' });
  });

  it('serves a repeat decode from the database without calling the decoder', async () => {
    const db = getDb();
    const { source, decodes } = countingDecoders();
    const vehicles = vehiclesCaller(db, source);
    const first = await vehicles.decodeVin({ vin: '2HKRW2H20NH207506' });
    expect(decodes()).toBe(1);
    const again = await vehicles.decodeVin({ vin: '2HKRW2H20NH207506' });
    const normalised = await vehicles.decodeVin({ vin: ' 2hkrw2h20 nh207506\t' });
    expect(decodes()).toBe(1);
    expect(again).toEqual(first);
    expect(normalised.id).toBe(first.id);
    expect(await partsOf(db, first.id)).toEqual({ components: 6, videos: 1 });
  });

  it('stores one vehicle when the same new VIN is decoded concurrently', async () => {
    const db = getDb();
    const vehicles = callerFor(db, null).vehicles;
    const answers = await Promise.all(Array.from({ length: 5 }, () => vehicles.decodeVin({ vin: '3GNKBHR47NS184058' })));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const rows = await db.selectFrom('vehicles').select('id').where('vin', '=', '3GNKBHR47NS184058').execute();
    expect(rows).toHaveLength(1);
    expect(await partsOf(db, rows[0]?.id ?? '')).toEqual({ components: 6, videos: 1 });
  });

  it('keeps the check-digit warning, also when the vehicle is served from the database', async () => {
    const db = getDb();
    const { source, decodes } = countingDecoders();
    const vehicles = vehiclesCaller(db, source);
    const first = await vehicles.decodeVin({ vin: 'WBAVL1C5ZFVY41004' });
    expect(first).toMatchObject({ year: 2015, make: 'BMW', model: 'X1', drivetrain: 'AWD' });
    expect(first.warnings).toEqual([expect.stringMatching(/^Check digit 'Z' \(position 9\)/)]);
    const again = await vehicles.decodeVin({ vin: 'WBAVL1C5ZFVY41004' });
    expect(decodes()).toBe(1);
    expect(again.warnings).toEqual(first.warnings);
  });

  const badVins: [string, string, RegExp][] = [
    ...Array.from({ length: 16 }, (_, i): [string, string, RegExp] => [
      `length ${i + 1}`,
      '1HGCM82633A004352'.slice(0, i + 1),
      new RegExp(`^Invalid VIN: VIN must be exactly 17 characters \\(got ${i + 1}\\)`),
    ]),
    ['length 18', '1HGCM82633A0043521', /^Invalid VIN: VIN must be exactly 17 characters \(got 18\)/],
    ['empty', '', /^Invalid VIN: VIN must be exactly 17 characters \(got 0\)/],
    ['only spaces', '     ', /^Invalid VIN: VIN must be exactly 17 characters \(got 0\)/],
    ['1,000 characters', 'A'.repeat(1000), /^Invalid VIN: VIN must be exactly 17 characters \(got 1000\)/],
    ['letter I', '1HGCM82633AI04352', /never the letters I, O or Q; found 'I' at position 12/],
    ['letter O', '1HGCM82633A0O4352', /found 'O' at position 13/],
    ['letter Q', 'QHGCM82633A004352', /found 'Q' at position 1/],
    ['non-ASCII', '1HGCM82633A00435É', /found 'É' at position 17/],
    ['punctuation', '1HGCM-2633A004352', /found '-' at position 6/],
  ];

  it.each(badVins)('refuses a VIN (%s) with 400 and stores nothing', async (_label, vin, message) => {
    const db = getDb();
    const { source, decodes } = countingDecoders();
    const before = await vehicleCount(db);
    const error = await rejection(vehiclesCaller(db, source).decodeVin({ vin }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(toHttpError(error)).toMatchObject({ status: 400, body: { message: expect.stringMatching(message), code: 'BAD_REQUEST' } });
    expect(decodes()).toBe(0);
    expect(await vehicleCount(db)).toBe(before);
  });

  it('refuses a VIN that is not text', async () => {
    const error = await rejection(callerFor(getDb(), null).vehicles.decodeVin({ vin: 12345678901234567 as unknown as string }));
    expect(toHttpError(error)).toMatchObject({ status: 400, body: { message: 'Invalid VIN: VIN must be exactly 17 characters' } });
  });

  it('answers 422 naming an unknown manufacturer code, and stores nothing', async () => {
    const db = getDb();
    const before = await vehicleCount(db);
    const error = await rejection(callerFor(db, null).vehicles.decodeVin({ vin: 'TMBJJ7NE0J0000001' }));
    expect(toHttpError(error)).toEqual({
      status: 422,
      body: { message: expect.stringMatching(/^Unknown manufacturer code 'TMB'/), code: 'UNPROCESSABLE_CONTENT', details: { wmi: 'TMB' } },
    });
    expect(await vehicleCount(db)).toBe(before);
  });

  it('answers 422 with what a partial decode established, and stores nothing', async () => {
    const db = getDb();
    const before = await vehicleCount(db);
    const error = await rejection(callerFor(db, null).vehicles.decodeVin({ vin: '1HGCP26367A000001' }));
    expect(toHttpError(error)).toEqual({
      status: 422,
      body: {
        message: expect.stringContaining('The manufacturer (Honda) is known'),
        code: 'UNPROCESSABLE_CONTENT',
        details: { make: 'Honda', manufacturer: 'AMERICAN HONDA MOTOR CO., INC.', year: 2007, plantCountry: 'United States (USA)' },
      },
    });
    expect(await vehicleCount(db)).toBe(before);
  });

  it('answers 503 with a message when the decoder cannot load, and stores nothing', async () => {
    const db = getDb();
    const before = await vehicleCount(db);
    const broken: DecoderSource = () => Promise.reject(new Error('vpic.db is unreadable'));
    const error = await rejection(vehiclesCaller(db, broken).decodeVin({ vin: '1FTFW1EF7BFB11754' }));
    expect(toHttpError(error)).toEqual({ status: 503, body: { message: DECODER_UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' } });
    expect(await vehicleCount(db)).toBe(before);
    // A stored vehicle still answers: only a new decode needs the decoder.
    await callerFor(db, null).vehicles.decodeVin({ vin: '1FTFW1EF7BFB11754' });
    expect((await vehiclesCaller(db, broken).decodeVin({ vin: '1FTFW1EF7BFB11754' })).model).toBe('F-150');
  });

  it('gives an electric vehicle a drive motor and no engine or exhaust', async () => {
    const db = getDb();
    const tesla = await callerFor(db, null).vehicles.decodeVin({ vin: '5YJ3E1EC1MF062635' });
    const components = await callerFor(db, null).vehicles.components({ vehicleId: tesla.id });
    expect(components.map((c) => [c.name, c.diagramPosition.color])).toEqual([
      ['Drive Motor', 'teal'],
      ['Transmission', 'blue'],
      ['Battery', 'green'],
      ['Brakes', 'orange'],
      ['Suspension', 'purple'],
    ]);
    const motor = components.find((c) => c.name === 'Drive Motor');
    expect(motor?.specifications).toMatchObject({ 'Drive unit': 'Dual Motor', 'Drive type': 'AWD', Fuel: 'Electric' });
    expect(components.find((c) => c.name === 'Transmission')?.specifications.Type).toBe('Single-speed reduction gear');
    const [video] = await callerFor(db, null).vehicles.videos({ vehicleId: tesla.id });
    expect(video?.title).toBe('2021 Tesla Model 3: electric sedan walkthrough');
    expect(video?.chapters.map((c) => c.title)).toContain('Battery and charging');
  });

  it('fills engine and transmission specifications from the decoded data', async () => {
    const db = getDb();
    const f150 = await callerFor(db, null).vehicles.decodeVin({ vin: '1FTFW5L86RFB45612' });
    const components = await callerFor(db, null).vehicles.components({ vehicleId: f150.id });
    expect(components.map((c) => [c.name, c.category, c.diagramPosition.color])).toEqual([
      ['Engine', 'Powertrain', 'red'],
      ['Transmission', 'Drivetrain', 'blue'],
      ['Battery', 'Electrical', 'green'],
      ['Brakes', 'Safety', 'orange'],
      ['Suspension', 'Chassis', 'purple'],
      ['Exhaust', 'Emissions', 'gray'],
    ]);
    const engine = components[0];
    expect(engine?.specifications).toMatchObject({ Displacement: '3.5 L', Fuel: 'Gasoline', Aspiration: 'Turbocharged' });
    expect(engine?.specifications.Cylinders).toMatch(/^6/);
    expect(components.find((c) => c.name === 'Suspension')?.specifications.Rear).toMatch(/Leaf springs/);
    for (const component of components) {
      expect(component.description).toBeTruthy();
      expect(component.commonIssues.length).toBeGreaterThan(0);
      expect(Object.keys(component.serviceIntervals).length).toBeGreaterThan(0);
      expect(Object.keys(component.serviceIntervals).every((label) => label.endsWith('(generic)'))).toBe(true);
      expect(component.serviceSchedule.map((s) => s.label)).toEqual(Object.keys(component.serviceIntervals));
      expect(component.serviceSchedule.every((s) => s.miles !== null || s.months !== null)).toBe(true);
      expect(component.diagramPosition.x).toBeGreaterThan(0);
      expect(component.diagramPosition.x).toBeLessThan(100);
    }
    expect(engine?.serviceSchedule.find((s) => s.label === 'Oil change (generic)')).toEqual({
      label: 'Oil change (generic)',
      text: 'Every 5,000–7,500 miles or 6 months',
      miles: 5000,
      months: 6,
    });
    const [video] = await callerFor(db, null).vehicles.videos({ vehicleId: f150.id });
    expect(video).toMatchObject({ title: '2024 Ford F-150: pickup walkthrough', videoUrl: '/walkthroughs/pickup', duration: '07:15' });
    expect(video?.chapters[0]).toEqual({
      title: 'Walk-around and tires',
      startTime: '00:00',
      endTime: '01:15',
      description: expect.any(String),
    });
  });

  it('answers 404 for an unknown vehicle id and 400 for a malformed one', async () => {
    const vehicles = callerFor(getDb(), null).vehicles;
    for (const call of [vehicles.components, vehicles.videos]) {
      expect((await rejection(call({ vehicleId: '00000000-0000-4000-8000-000000000000' }))).code).toBe('NOT_FOUND');
      const malformed = await rejection(call({ vehicleId: 'not-a-uuid' }));
      expect(toHttpError(malformed)).toMatchObject({ status: 400, body: { message: 'vehicleId must be a UUID' } });
    }
  });
});
