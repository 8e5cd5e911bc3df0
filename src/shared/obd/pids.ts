import { hex } from './answers.ts';

/**
 * Service 01 values (docs/obd.md#live-data): what each PID is, its unit and its scaling from the
 * answer's bytes A, B, … as SAE J1979 defines them. Values are metric, as the car sends them; the
 * screen converts to the user's units.
 */

export type LiveUnit = 'rpm' | 'km/h' | '°C' | '%' | 'kPa' | 'g/s' | 'V' | 's' | 'km';

export interface LivePid {
  pid: number;
  key: string;
  label: string;
  unit: LiveUnit;
  bytes: number;
  decode: (d: readonly number[]) => number;
}

const percent = (a: number) => (a * 100) / 255;
const trim = (a: number) => ((a - 128) * 100) / 128;
const word = (d: readonly number[]) => 256 * d[0]! + d[1]!;

export const LIVE_PIDS: readonly LivePid[] = [
  { pid: 0x04, key: 'load', label: 'Engine load', unit: '%', bytes: 1, decode: (d) => percent(d[0]!) },
  { pid: 0x05, key: 'coolant', label: 'Coolant temperature', unit: '°C', bytes: 1, decode: (d) => d[0]! - 40 },
  { pid: 0x06, key: 'stft1', label: 'Short-term fuel trim (bank 1)', unit: '%', bytes: 1, decode: (d) => trim(d[0]!) },
  { pid: 0x07, key: 'ltft1', label: 'Long-term fuel trim (bank 1)', unit: '%', bytes: 1, decode: (d) => trim(d[0]!) },
  { pid: 0x08, key: 'stft2', label: 'Short-term fuel trim (bank 2)', unit: '%', bytes: 1, decode: (d) => trim(d[0]!) },
  { pid: 0x09, key: 'ltft2', label: 'Long-term fuel trim (bank 2)', unit: '%', bytes: 1, decode: (d) => trim(d[0]!) },
  { pid: 0x0b, key: 'map', label: 'Intake manifold pressure', unit: 'kPa', bytes: 1, decode: (d) => d[0]! },
  { pid: 0x0c, key: 'rpm', label: 'Engine speed', unit: 'rpm', bytes: 2, decode: (d) => word(d) / 4 },
  { pid: 0x0d, key: 'speed', label: 'Vehicle speed', unit: 'km/h', bytes: 1, decode: (d) => d[0]! },
  { pid: 0x0f, key: 'intake', label: 'Intake air temperature', unit: '°C', bytes: 1, decode: (d) => d[0]! - 40 },
  { pid: 0x10, key: 'maf', label: 'Mass air flow', unit: 'g/s', bytes: 2, decode: (d) => word(d) / 100 },
  { pid: 0x11, key: 'throttle', label: 'Throttle position', unit: '%', bytes: 1, decode: (d) => percent(d[0]!) },
  { pid: 0x1f, key: 'runTime', label: 'Time since engine start', unit: 's', bytes: 2, decode: word },
  { pid: 0x21, key: 'milDistance', label: 'Distance with the warning light on', unit: 'km', bytes: 2, decode: word },
  { pid: 0x2f, key: 'fuelLevel', label: 'Fuel level', unit: '%', bytes: 1, decode: (d) => percent(d[0]!) },
  { pid: 0x31, key: 'clearedDistance', label: 'Distance since codes were cleared', unit: 'km', bytes: 2, decode: word },
  { pid: 0x42, key: 'moduleVoltage', label: 'Control module voltage', unit: 'V', bytes: 2, decode: (d) => word(d) / 1000 },
  { pid: 0x46, key: 'ambient', label: 'Ambient air temperature', unit: '°C', bytes: 1, decode: (d) => d[0]! - 40 },
];

/** The live values the scanner shows by default, in this order. */
export const DEFAULT_LIVE_KEYS = ['rpm', 'speed', 'coolant', 'intake', 'load', 'throttle', 'moduleVoltage', 'stft1', 'ltft1'] as const;

export const livePid = (key: string) => LIVE_PIDS.find((p) => p.key === key);

export const DEFAULT_LIVE_PIDS: readonly LivePid[] = DEFAULT_LIVE_KEYS.map((key) => livePid(key)).filter((pid): pid is LivePid => pid !== undefined);

/** A value read for a PID; null when the car did not answer it. */
export interface PidReading {
  pid: LivePid;
  value: number | null;
}

export const pidCommand = (service: number, pid: number) => `${hex(service)}${hex(pid)}`;

/** A PID's value from its answer's data bytes; null when the answer is too short. */
export function decodeLive(pid: LivePid, data: readonly number[]): number | null {
  return data.length < pid.bytes ? null : pid.decode(data);
}

/**
 * The PIDs a "supported PIDs" answer (01 00, 01 20, 01 40, …) lists: four bytes, the first bit
 * standing for base + 1. Several ECUs' answers are joined.
 */
export function supportedPids(base: number, payloads: readonly number[][]): Set<number> {
  const pids = new Set<number>();
  for (const data of payloads) {
    for (let byte = 0; byte < 4 && byte < data.length; byte++) {
      for (let bit = 0; bit < 8; bit++) if (data[byte]! & (0x80 >> bit)) pids.add(base + byte * 8 + bit + 1);
    }
  }
  return pids;
}

export interface Monitor {
  key: string;
  label: string;
  /** Finished its self-test since codes were last cleared. */
  complete: boolean;
}

export interface MonitorStatus {
  /** The check-engine light is on. */
  milOn: boolean;
  /** Confirmed codes the engine computer counts. */
  codeCount: number;
  ignition: 'spark' | 'compression';
  /** Only the monitors the car supports. */
  monitors: Monitor[];
}

const CONTINUOUS = ['Misfire', 'Fuel system', 'Comprehensive components'];
const SPARK = ['Catalyst', 'Heated catalyst', 'Evaporative system', 'Secondary air system', 'A/C refrigerant', 'Oxygen sensor', 'Oxygen sensor heater', 'EGR system'];
const COMPRESSION = ['NMHC catalyst', 'NOx/SCR aftertreatment', null, 'Boost pressure', null, 'Exhaust gas sensor', 'Particulate filter', 'EGR and/or VVT system'];

const keyOf = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * Readiness from 01 01's bytes A–D: A's top bit is the warning light and the rest the code count;
 * B has the continuous monitors (supported in bits 0–2, not complete in bits 4–6) and the ignition
 * type (bit 3); C and D have the others (supported, not complete), whose names depend on it.
 */
export function monitorStatus(data: readonly number[]): MonitorStatus {
  const [a = 0, b = 0, c = 0, d = 0] = data;
  const ignition = b & 0x08 ? 'compression' : 'spark';
  const monitors: Monitor[] = [];
  CONTINUOUS.forEach((label, bit) => {
    if (b & (1 << bit)) monitors.push({ key: keyOf(label), label, complete: !(b & (1 << (bit + 4))) });
  });
  (ignition === 'spark' ? SPARK : COMPRESSION).forEach((label, bit) => {
    if (label && c & (1 << bit)) monitors.push({ key: keyOf(label), label, complete: !(d & (1 << bit)) });
  });
  return { milOn: (a & 0x80) !== 0, codeCount: a & 0x7f, ignition, monitors };
}

/** The VIN from 09 02's payloads: CAN sends one message, older protocols five numbered ones. */
export function vinFromPayloads(payloads: readonly number[][]): string | null {
  const ordered = [...payloads].sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0));
  const text = ordered
    .flatMap((p) => p.slice(1))
    .filter((byte) => byte >= 0x20 && byte < 0x7f)
    .map((byte) => String.fromCharCode(byte))
    .join('')
    .trim();
  const vin = text.slice(-17).toUpperCase();
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(vin) ? vin : null;
}

export const PROTOCOLS: Readonly<Record<string, string>> = {
  '1': 'SAE J1850 PWM (41.6 kbaud)',
  '2': 'SAE J1850 VPW (10.4 kbaud)',
  '3': 'ISO 9141-2 (5 baud init)',
  '4': 'ISO 14230-4 KWP (5 baud init)',
  '5': 'ISO 14230-4 KWP (fast init)',
  '6': 'ISO 15765-4 CAN (11 bit ID, 500 kbaud)',
  '7': 'ISO 15765-4 CAN (29 bit ID, 500 kbaud)',
  '8': 'ISO 15765-4 CAN (11 bit ID, 250 kbaud)',
  '9': 'ISO 15765-4 CAN (29 bit ID, 250 kbaud)',
  A: 'SAE J1939 CAN (29 bit ID, 250 kbaud)',
  B: 'User 1 CAN',
  C: 'User 2 CAN',
};

/** "A6" (automatic, found protocol 6) or "6" from AT DPN. */
export function protocolName(dpn: string): string | null {
  const match = /^A?([1-9A-C])$/.exec(dpn.trim().toUpperCase());
  return match ? PROTOCOLS[match[1]!]! : null;
}
