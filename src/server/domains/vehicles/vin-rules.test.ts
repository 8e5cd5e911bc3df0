import { describe, it, expect } from 'vitest';
import { checkDigitOk, expectedCheckDigit, modelYearCandidates, normalizeVin, VIN_LENGTH, VIN_LENGTH_MESSAGE, vinSchema } from '../../../shared/vin';
import { compareRanked, formulaValue, keyMatches, vinPatternKeys, vinWmi } from './vin-decoder-match';

describe('VIN rules (src/shared/vin.ts)', () => {
  const parse = (raw: unknown) => vinSchema.safeParse(raw);
  const messages = (raw: unknown) => {
    const r = parse(raw);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('accepts a valid VIN and normalises case and spaces', () => {
    expect(VIN_LENGTH).toBe(17);
    expect(parse('1HGCM82633A004352')).toEqual({ success: true, data: '1HGCM82633A004352' });
    expect(parse('  1hgcm826 33a0 04352 ')).toEqual({ success: true, data: '1HGCM82633A004352' });
    expect(normalizeVin('\t1hg cm82633a004352\n')).toBe('1HGCM82633A004352');
  });

  it.each([
    ['empty', '', 0],
    ['16 characters', '1HGCM82633A00435', 16],
    ['18 characters', '1HGCM82633A0043521', 18],
    ['1,000 characters', 'A'.repeat(1000), 1000],
  ])('refuses %s with the length message first', (_label, raw, length) => {
    const found = messages(raw);
    expect(found[0]).toBe(`${VIN_LENGTH_MESSAGE} (got ${length})`);
    expect(found[0]?.startsWith('Invalid VIN: VIN must be exactly 17 characters')).toBe(true);
  });

  it.each(['I', 'O', 'Q'])('refuses the letter %s and names it', (letter) => {
    const vin = `1HGCM82633A00435${letter}`;
    const found = messages(vin);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^Invalid VIN: /);
    expect(found[0]).toContain(`'${letter}' at position 17`);
    expect(found[0]).toContain('never the letters I, O or Q');
  });

  it('refuses non-ASCII look-alikes instead of upper-casing them into valid letters', () => {
    // 'ſ' (long s) upper-cases to 'S' and 'é' is not in the VIN alphabet.
    const found = messages('1HGCM82633A0043ſé');
    expect(found[0]).toMatch(/^Invalid VIN: /);
    expect(found[0]).toContain("'ſ' at position 16");
    expect(found[0]).toContain("'é' at position 17");
    expect(messages('1HGCM82633A00435😀')[0]).toMatch(/^Invalid VIN: .*'😀' at position 17/);
    expect(messages('1HGCM82633A00-352')[0]).toContain("'-' at position 14");
  });

  it('refuses a non-string', () => {
    expect(parse(12345).success).toBe(false);
    expect(parse(null).success).toBe(false);
  });

  it('computes the North American check digit', () => {
    expect(checkDigitOk('1HGCM82633A004352')).toBe(true);
    expect(expectedCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(checkDigitOk('1M8GDM9AXKP042788')).toBe(true);
    expect(checkDigitOk('11111111111111111')).toBe(true);
    expect(checkDigitOk('1HGCM82643A004352')).toBe(false);
    expect(expectedCheckDigit('1HGCM82643A004352')).toBe('3');
    expect(expectedCheckDigit('SHORT')).toBeNull();
  });

  it('reads model-year candidates from position 10, using position 7 to order them', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(modelYearCandidates('1HGCM82633A004352', now)).toEqual([2003]);
    expect(modelYearCandidates('5YJ3E1EC1MF062635', now)).toEqual([2021, 1991]);
    expect(modelYearCandidates('1FTFW1EF7BFB11754', now)).toEqual([2011, 1981]);
    expect(modelYearCandidates('2T3B1RFV0SC582226', now)).toEqual([2025, 1995]);
    // Position 10 'V' is 1997 or 2027: allowed in mid-2026, not in 2025.
    expect(modelYearCandidates('1G1FY6EV4VF104210', now)).toEqual([2027, 1997]);
    expect(modelYearCandidates('1G1FY6EV4VF104210', new Date('2025-01-01T00:00:00Z'))).toEqual([1997]);
    expect(modelYearCandidates('WVWZZZ1KZ0W123456', now)).toEqual([]);
  });
});

describe('vPIC pattern keys', () => {
  const target = vinPatternKeys('1HGCM82633A004352');

  it('builds the key string and the manufacturer code as NHTSA does', () => {
    expect(target).toBe('CM826|3A004352');
    expect(vinWmi('1HGCM82633A004352')).toBe('1HG');
    // Small makers (position 3 is '9') are identified by positions 1-3 plus 12-14.
    expect(vinWmi('1F9AB12C3DE434123')).toBe('1F9434');
  });

  it.each([
    ['CM826', true],
    ['CM8[2-4]6', true],
    ['CM8[34]6', false],
    ['**8', true],
    ['*****|3A', true],
    ['*****|*B', false],
    ['CM#', true],
    ['C#', false],
    ['CM826|3A0043521', false],
  ])('matches key %s: %s', (key, expected) => {
    expect(keyMatches(key, target)).toBe(expected);
  });

  it('extracts the digits a formula key marks', () => {
    expect(formulaValue('**#', target)).toBe('8');
    expect(formulaValue('**##', target)).toBe('82');
  });

  it('ranks by priority first, then the most recently changed pattern', () => {
    const older = { priority: 2024, changedOn: '2023-10-16', keys: 'A', order: 1 };
    const newer = { priority: 2024, changedOn: '2023-11-17', keys: 'B', order: 2 };
    const newerSchema = { priority: 2025, changedOn: '2020-01-01', keys: 'C', order: 3 };
    expect([older, newer, newerSchema].sort(compareRanked)).toEqual([newerSchema, newer, older]);
  });
});
