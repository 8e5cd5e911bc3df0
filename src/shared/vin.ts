import { z } from 'zod';

/** VIN rules shared by the client form and the server (docs/vehicles.md#vin-rules). */

export const VIN_LENGTH = 17;

/** Letters I, O and Q are never used: they read too much like 1 and 0. */
export const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

export const VIN_LENGTH_MESSAGE = 'Invalid VIN: VIN must be exactly 17 characters';

const VIN_CHAR = /^[A-HJ-NPR-Z0-9]$/;
const MAX_LISTED_CHARACTERS = 5;

/**
 * Trims, drops inner whitespace and upper-cases. Only ASCII a-z is upper-cased on purpose:
 * `toUpperCase()` would turn look-alikes such as 'ſ' or 'ı' into valid VIN letters and hide them.
 */
export function normalizeVin(raw: string): string {
  return raw.replace(/\s+/g, '').replace(/[a-z]/g, (c) => c.toUpperCase());
}

/** What is wrong with an already normalised VIN (length first), or an empty list when it is well formed. */
export function vinProblems(vin: string): string[] {
  const chars = [...vin];
  const problems: string[] = [];
  if (chars.length !== VIN_LENGTH) {
    problems.push(`${VIN_LENGTH_MESSAGE} (got ${chars.length})`);
  }
  const bad = new Map<string, number>();
  chars.forEach((c, i) => {
    if (!VIN_CHAR.test(c) && !bad.has(c)) bad.set(c, i + 1);
  });
  if (bad.size > 0) {
    const listed = [...bad]
      .slice(0, MAX_LISTED_CHARACTERS)
      .map(([c, pos]) => `'${printable(c)}' at position ${pos}`)
      .join(', ');
    const more = bad.size > MAX_LISTED_CHARACTERS ? ` and ${bad.size - MAX_LISTED_CHARACTERS} more` : '';
    const ioq = [...bad.keys()].some((c) => c === 'I' || c === 'O' || c === 'Q');
    const rule = ioq
      ? 'a VIN uses only letters A-Z and digits 0-9, and never the letters I, O or Q'
      : 'a VIN uses only letters A-Z (except I, O and Q) and digits 0-9';
    problems.push(`Invalid VIN: ${rule}; found ${listed}${more}`);
  }
  return problems;
}

function printable(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : c;
}

/** Normalises, then validates; the parsed value is the normalised VIN. */
export const vinSchema = z
  .string({ error: VIN_LENGTH_MESSAGE })
  .transform(normalizeVin)
  .superRefine((vin, ctx) => {
    for (const message of vinProblems(vin)) ctx.addIssue({ code: 'custom', message });
  });

export type Vin = z.output<typeof vinSchema>;

const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** The check digit (position 9) a North American VIN should carry: '0'-'9' or 'X'; null if the VIN is malformed. */
export function expectedCheckDigit(vin: string): string | null {
  if (vinProblems(vin).length > 0) return null;
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const c = vin.charAt(i);
    const value = c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : (TRANSLITERATION[c] ?? 0);
    sum += value * (WEIGHTS[i] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** True when position 9 matches the computed check digit; many VINs built outside North America do not use it. */
export function checkDigitOk(vin: string): boolean {
  const expected = expectedCheckDigit(vin);
  return expected !== null && vin.charAt(8) === expected;
}

/** Position-10 codes in order; the sequence repeats every 30 years (1980, 2010, 2040). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** The latest model year a VIN can carry today: makers sell next year's models from mid-year. */
export function latestModelYear(now: Date = new Date()): number {
  return now.getFullYear() + 1;
}

/**
 * Model years position 10 can stand for, most likely first. Since 2010, cars, MPVs and light trucks
 * carry a letter in position 7 for 2010-2039 and a digit for 1980-2009; other vehicle types do not
 * follow that rule, so the other cycle is returned as the second candidate. Years after
 * `latestModelYear` are dropped. Empty when position 10 is not a year code (e.g. '0', 'U', 'Z').
 */
export function modelYearCandidates(vin: string, now: Date = new Date()): number[] {
  const index = YEAR_CODES.indexOf(vin.charAt(9));
  if (vin.length !== VIN_LENGTH || index < 0) return [];
  const early = 1980 + index;
  const late = 2010 + index;
  const position7 = vin.charAt(6);
  const ordered = position7 >= '0' && position7 <= '9' ? [early, late] : [late, early];
  const latest = latestModelYear(now);
  return ordered.filter((year) => year <= latest);
}
