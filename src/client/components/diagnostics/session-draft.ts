import type { CodeStatus, CreateSessionInput, Reading } from '../../../shared/diagnostics.ts';
import { dtcFromBytes } from '../../../shared/obd/codes.ts';
import type { FreezeFrame } from '../../../shared/obd/freeze-frame.ts';
import type { Monitor, PidReading } from '../../../shared/obd/pids.ts';
import type { ScanResult } from './use-obd-scanner.ts';

/**
 * What one sitting at a car found, before it is stored (docs/diagnostics.md#sessions): read by the
 * adapter or typed by hand, in the shape `diagnostics.create` takes once a vehicle is chosen.
 */
export interface ScanDraft {
  source: 'adapter' | 'manual';
  adapter: string | null;
  protocol: string | null;
  vin: string | null;
  voltage: number | null;
  milOn: boolean | null;
  codes: { code: string; status: CodeStatus }[];
  readiness: Monitor[];
  freezeFrame: Reading[];
}

/** Whose history a session joins: the user's garage vehicle, or a customer's of the current shop. */
export interface SessionTarget {
  value: string;
  label: string;
  description: string;
  /** "Work truck's history", "the history of Pat Owner's 2011 Ford F-150". */
  historyName: string;
  input: Pick<CreateSessionInput, 'vehicleId' | 'serviceCenterId' | 'customerVehicleId'>;
  /** The garage's odometer, the best mileage known for an owner's scan (a shop's comes from the shop). */
  mileage: number | null;
}

/**
 * The freeze frame's code is stored as a reading so the session keeps one list of values: PID 02's
 * two bytes as the number, with the code in the label for whoever reads the CSV.
 */
export const FREEZE_CODE_KEY = 'dtc';
export const FREEZE_CODE_UNIT = 'DTC';

export function freezeCodeOf(reading: Reading): string | null {
  return reading.unit === FREEZE_CODE_UNIT ? dtcFromBytes(reading.value >> 8, reading.value & 0xff) : null;
}

/** Values the car answered, rounded to what a screen or a sheet shows; unanswered ones are left out. */
export function readingsOf(readings: readonly PidReading[]): Reading[] {
  return readings
    .filter((r): r is PidReading & { value: number } => r.value !== null)
    .map(({ pid, value }) => ({ key: pid.key, label: pid.label, value: Math.round(value * 100) / 100, unit: pid.unit }));
}

export function freezeFrameReadings(frame: FreezeFrame | null): Reading[] {
  if (!frame) return [];
  const bytes = parseInt(frame.code.slice(1), 16) | ('PCBU'.indexOf(frame.code[0]!) << 14);
  return [{ key: FREEZE_CODE_KEY, label: `Code that stored the frame: ${frame.code}`, value: bytes, unit: FREEZE_CODE_UNIT }, ...readingsOf(frame.readings)];
}

export function draftOfScan(result: ScanResult): ScanDraft {
  return {
    source: 'adapter',
    adapter: result.info.identity,
    protocol: result.info.protocol,
    vin: result.vin,
    voltage: result.voltage,
    milOn: result.status.milOn,
    codes: (['stored', 'pending', 'permanent'] as const).flatMap((status) => result.codes[status].map((code) => ({ code, status }))),
    readiness: result.status.monitors,
    freezeFrame: freezeFrameReadings(result.freezeFrame),
  };
}

export function sessionInput(draft: ScanDraft, live: Reading[], target: SessionTarget): CreateSessionInput {
  return { ...target.input, ...draft, live, mileage: target.input.customerVehicleId ? undefined : target.mileage };
}
