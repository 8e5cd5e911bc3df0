import { hex } from './answers.ts';
import { dtcFromBytes } from './codes.ts';
import type { PidReading } from './pids.ts';

/**
 * Service 02, the freeze frame (SAE J1979): the values the engine computer kept from
 * the moment a fault stored a code, asked by the same PIDs as live data plus a frame number (00 is
 * the one every car keeps). The answer repeats both, `42 <pid> <frame> <data>`. PID 02 names the
 * code that stored the frame; `00 00` there, or NO DATA, means no frame is stored (none yet, or the
 * codes were cleared).
 */

export const FREEZE_FRAME_DTC_PID = 0x02;

export const freezeFrameCommand = (pid: number, frame = 0) => `02${hex(pid)}${hex(frame)}`;

export interface FreezeFrame {
  /** The code whose fault stored the frame. */
  code: string;
  /** Only the values the car kept in the frame. */
  readings: PidReading[];
}

/**
 * The data bytes for `frame` among a service 02 answer's payloads (the bytes after `42 <pid>`, one
 * array per ECU); null when no ECU answered for that frame.
 */
export function freezeFrameData(payloads: readonly number[][], frame = 0): number[] | null {
  const payload = payloads.find((p) => p[0] === frame && p.length > 1);
  return payload ? payload.slice(1) : null;
}

/** The code in PID 02's two bytes; null for `00 00`, the car's way of saying no frame is stored. */
export function freezeFrameCode(data: readonly number[] | null): string | null {
  if (!data || data.length < 2) return null;
  const [a = 0, b = 0] = data;
  return a === 0 && b === 0 ? null : dtcFromBytes(a, b);
}
