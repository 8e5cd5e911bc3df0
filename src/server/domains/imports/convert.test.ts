import { describe, expect, it } from 'vitest';
import { convertRows, parseDay, resolveMapping } from './convert.ts';

const VEHICLE = '6f1c2a0e-5b7d-4c3e-9a8f-0123456789ab';

describe('import conversion', () => {
  it('reads days in the orders other apps write them', () => {
    expect(parseDay('2024-03-02', 'auto')).toBe('2024-03-02');
    expect(parseDay('3/2/2024', 'auto')).toBe('2024-03-02');
    expect(parseDay('3/2/2024', 'dmy')).toBe('2024-02-03');
    expect(parseDay('13/2/2024 10:15', 'auto')).toBe('2024-02-13');
    expect(parseDay('01-20-2024', 'auto')).toBe('2024-01-20');
    expect(parseDay('2024.1.5', 'auto')).toBe('2024-01-05');
    expect(parseDay('1/5/24', 'mdy')).toBe('2024-01-05');
    expect(() => parseDay('2/30/2024', 'auto')).toThrow('"2/30/2024" is not a real day');
    expect(() => parseDay('yesterday', 'auto')).toThrow('"yesterday" is not a date');
  });

  it('guesses the columns of a file from another app, and names what is missing', () => {
    expect(resolveMapping(['When', 'Service', 'Miles', 'Total Price'], 'service', 'custom', undefined)).toEqual({ error: 'Choose the column of Date, Service type' });
    expect(resolveMapping(['date', 'odometer', 'gallons', 'total_price'], 'fuel', 'custom', undefined)).toEqual({
      mapping: { date: 'date', odometer: 'odometer', quantity: 'gallons', totalPrice: 'total_price' },
    });
  });

  it('gives the same content the same fingerprint, and a repeat within a file its own', () => {
    const table = {
      headers: ['Date', 'Description'],
      rows: [
        { line: 2, cells: ['2024-01-01', 'Wash'] },
        { line: 3, cells: ['2024-01-01', 'Wash'] },
        { line: 4, cells: ['2024-01-01', ' Wash '] },
      ],
    };
    const options = { kind: 'service' as const, vehicleId: VEHICLE, mapping: { date: 'Date', serviceType: 'Description' }, distanceUnit: 'mi' as const, volumeUnit: 'gal' as const, dateOrder: 'auto' as const, timeZone: 'UTC' };
    const keys = convertRows(table, options, 10).rows.map((r) => r.key);
    expect(new Set(keys).size).toBe(3);
    expect(keys[2]!.startsWith(keys[0]!)).toBe(true);
    expect(convertRows(table, options, 10).rows.map((r) => r.key)).toEqual(keys);
  });
});
