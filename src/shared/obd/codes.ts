/**
 * Diagnostic trouble codes: their five-character form, what its characters say (SAE J2012's
 * structure), and their two-byte form in an OBD-II answer (docs/obd.md#trouble-codes).
 */

export const DTC_PATTERN = /^[PCBU][0-3][0-9A-F]{3}$/;

export const DTC_SYSTEMS = { P: 'Powertrain', C: 'Chassis', B: 'Body', U: 'Network' } as const;
export type DtcSystemLetter = keyof typeof DTC_SYSTEMS;

/** The component of the vehicle diagram a code concerns, when its structure says so. */
export type DtcComponent = 'engine' | 'transmission' | 'battery' | 'brakes' | 'suspension' | 'exhaust';

export interface DtcStructure {
  code: string;
  system: (typeof DTC_SYSTEMS)[DtcSystemLetter];
  /** Defined the same for every make (SAE), or by the manufacturer. */
  generic: boolean;
  /** The area the third character names, e.g. "Ignition system or misfire". */
  subsystem: string;
  component: DtcComponent | null;
}

/** The code as people type it: trimmed, upper case, a leading letter O read as zero where a digit belongs. */
export function normaliseDtc(input: string): string {
  const text = input.trim().toUpperCase().replace(/\s+/g, '');
  return text.length === 5 ? text[0] + text.slice(1).replace(/O/g, '0') : text;
}

export function isDtc(code: string): boolean {
  return DTC_PATTERN.test(code);
}

function isGeneric(letter: DtcSystemLetter, digit: string, third: string): boolean {
  if (digit === '0') return true;
  if (digit === '1') return false;
  if (letter === 'P') {
    if (digit === '2') return true;
    // P3000–P33FF belong to manufacturers, P3400–P39FF are generic.
    return third >= '4' && third <= '9';
  }
  // B2, C2, U2 are manufacturer-defined; B3, C3, U3 are kept by SAE.
  return digit === '3';
}

const POWERTRAIN_AREAS: Readonly<Record<string, [string, DtcComponent | null]>> = {
  '0': ['Fuel and air metering, auxiliary emission controls', 'engine'],
  '1': ['Fuel and air metering', 'engine'],
  '2': ['Fuel and air metering (injector circuit)', 'engine'],
  '3': ['Ignition system or misfire', 'engine'],
  '4': ['Auxiliary emission controls', 'exhaust'],
  '5': ['Vehicle speed, idle control and auxiliary inputs', 'engine'],
  '6': ['Computer and output circuits', 'engine'],
  '7': ['Transmission', 'transmission'],
  '8': ['Transmission', 'transmission'],
  '9': ['Transmission', 'transmission'],
  A: ['Hybrid propulsion', 'battery'],
  B: ['Hybrid propulsion', 'battery'],
  C: ['Hybrid propulsion', 'battery'],
  D: ['Hybrid propulsion', 'battery'],
  E: ['Hybrid propulsion', 'battery'],
  F: ['Hybrid propulsion', 'battery'],
};

const NETWORK_AREAS: Readonly<Record<string, string>> = {
  '0': 'Network electrical',
  '1': 'Network communication',
  '2': 'Network communication',
  '3': 'Network software',
  '4': 'Network data',
};

/**
 * What a well-formed code's characters say, even when the catalogue has no entry for it; null for
 * anything that is not a code.
 */
export function dtcStructure(input: string): DtcStructure | null {
  const code = normaliseDtc(input);
  if (!isDtc(code)) return null;
  const letter = code[0] as DtcSystemLetter;
  const digit = code[1]!;
  const third = code[2]!;
  const generic = isGeneric(letter, digit, third);
  const base = { code, system: DTC_SYSTEMS[letter], generic };
  switch (letter) {
    case 'P': {
      const [subsystem, component] = POWERTRAIN_AREAS[third]!;
      return { ...base, subsystem, component };
    }
    case 'C':
      return { ...base, subsystem: 'Chassis: brakes, steering, suspension and traction', component: third === '0' ? 'brakes' : null };
    case 'B':
      return { ...base, subsystem: 'Body: airbags, seats, climate, lighting and comfort', component: null };
    case 'U':
      return { ...base, subsystem: NETWORK_AREAS[third] ?? 'Network', component: null };
  }
}

const LETTERS = ['P', 'C', 'B', 'U'] as const;

/** A code from its two bytes in an answer (high two bits: system; next two: first digit). */
export function dtcFromBytes(a: number, b: number): string {
  return `${LETTERS[a >> 6]}${(a >> 4) & 0x3}${(a & 0xf).toString(16)}${(b >> 4).toString(16)}${(b & 0xf).toString(16)}`.toUpperCase();
}

/**
 * The codes in the payloads of a mode 03, 07 or 0A answer (the bytes after the service byte, one
 * array per message). A CAN answer starts with a count byte, which makes its length odd; older
 * protocols send three codes a frame, padded with 00 00. Duplicates (two ECUs, or two frames) and
 * padding are dropped; the order is the car's.
 */
export function codesFromPayloads(payloads: readonly number[][]): string[] {
  const codes = new Set<string>();
  for (const payload of payloads) {
    const counted = payload.length % 2 === 1;
    const pairs = counted ? payload.slice(1, 1 + 2 * payload[0]!) : payload;
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      const a = pairs[i]!;
      const b = pairs[i + 1]!;
      if (a === 0 && b === 0) continue;
      codes.add(dtcFromBytes(a, b));
    }
  }
  return [...codes];
}
