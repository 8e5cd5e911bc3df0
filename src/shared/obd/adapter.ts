import { AnswerError, answerLines, answerMessages, answerProblem, responsePayloads } from './answers.ts';
import { codesFromPayloads } from './codes.ts';
import { FREEZE_FRAME_DTC_PID, freezeFrameCode, freezeFrameCommand, freezeFrameData, type FreezeFrame } from './freeze-frame.ts';
import {
  DEFAULT_LIVE_PIDS,
  decodeLive,
  monitorStatus,
  pidCommand,
  protocolName,
  supportedPids,
  vinFromPayloads,
  type LivePid,
  type MonitorStatus,
  type PidReading,
} from './pids.ts';

/**
 * Talking to an ELM327-compatible adapter (docs/obd.md#the-protocol): one request at a time, each
 * a command ended by a carriage return and answered up to the '>' prompt. The transport (Web
 * Serial in the browser, a scripted adapter in tests) only moves text; everything the answers mean
 * is read here.
 */

export interface ObdTransport {
  /** Sends `command` followed by a carriage return; resolves with all text up to and including '>'. */
  exchange(command: string, timeoutMs: number): Promise<string>;
}

export const TRANSPORT_PROBLEMS = {
  timeout: 'The adapter stopped answering. Check that it is plugged in and powered (the ignition on), then connect again.',
  disconnected: 'The adapter was unplugged or its connection closed. Plug it back in and connect again.',
  notAnAdapter: 'The device answered, but not like an OBD-II adapter (ELM327). Choose the adapter\u2019s port.',
} as const;

export class TransportError extends Error {
  constructor(readonly problem: keyof typeof TRANSPORT_PROBLEMS) {
    super(TRANSPORT_PROBLEMS[problem]);
    this.name = 'TransportError';
  }
}

/** Set-up after a reset: echo off, line feeds off, spaces on, headers off, adaptive timing, automatic protocol. */
export const SETUP_COMMANDS = ['ATE0', 'ATL0', 'ATS1', 'ATH0', 'ATAT1', 'ATSP0'] as const;

export const TIMEOUTS = {
  /** A reset takes about a second on a real chip. */
  reset: 5_000,
  at: 2_000,
  /** The first request searches through the protocols: up to 10 s on older cars. */
  search: 15_000,
  request: 5_000,
} as const;

export type TroubleCodeKind = 'stored' | 'pending' | 'permanent';
const CODE_SERVICES: Readonly<Record<TroubleCodeKind, number>> = { stored: 0x03, pending: 0x07, permanent: 0x0a };

export interface AdapterInfo {
  /** The chip's identity, e.g. "ELM327 v1.5". */
  identity: string;
  /** The protocol the car answered on, e.g. "ISO 15765-4 CAN (11 bit ID, 500 kbaud)". */
  protocol: string | null;
}

export class ObdAdapter {
  private supported: Set<number> | null = null;

  constructor(private readonly transport: ObdTransport) {}

  private async send(command: string, timeoutMs: number = TIMEOUTS.request): Promise<string> {
    return this.transport.exchange(command, timeoutMs);
  }

  /** Resets the chip, sets it up and finds the car's protocol with a first request. */
  async connect(): Promise<AdapterInfo> {
    const reset = answerLines(await this.send('ATZ', TIMEOUTS.reset), 'ATZ');
    const identity = reset.find((line) => /ELM327|OBD/i.test(line));
    if (!identity) throw new TransportError('notAnAdapter');
    for (const command of SETUP_COMMANDS) {
      const lines = answerLines(await this.send(command, TIMEOUTS.at), command);
      const problem = answerProblem(lines);
      if (problem) throw new AnswerError(problem, lines.join('\n'));
    }
    // The first request makes the adapter search for the protocol ("SEARCHING...").
    this.supported = supportedPids(0x00, responsePayloads(answerMessages(await this.send('0100', TIMEOUTS.search), '0100'), 0x01, 0x00));
    const dpn = answerLines(await this.send('ATDPN', TIMEOUTS.at), 'ATDPN')[0] ?? '';
    return { identity, protocol: protocolName(dpn) };
  }

  /** The payloads answering one service request. */
  async request(service: number, pid?: number): Promise<number[][]> {
    const command = pid === undefined ? pidCommand(service, 0).slice(0, 2) : pidCommand(service, pid);
    return responsePayloads(answerMessages(await this.send(command), command), service, pid);
  }

  async readVin(): Promise<string | null> {
    try {
      return vinFromPayloads(await this.request(0x09, 0x02));
    } catch (error) {
      if (error instanceof AnswerError && error.problem === 'noData') return null; // cars before 2005 may not tell
      throw error;
    }
  }

  async readCodes(kind: TroubleCodeKind): Promise<string[]> {
    try {
      return codesFromPayloads(await this.request(CODE_SERVICES[kind]));
    } catch (error) {
      // Some engine computers answer NO DATA rather than an empty list.
      if (error instanceof AnswerError && error.problem === 'noData') return [];
      throw error;
    }
  }

  async readStatus(): Promise<MonitorStatus> {
    const [first] = await this.request(0x01, 0x01);
    return monitorStatus(first ?? []);
  }

  /** The battery voltage the adapter measures at the port (AT RV), e.g. 12.6. */
  async readVoltage(): Promise<number | null> {
    const line = answerLines(await this.send('ATRV', TIMEOUTS.at), 'ATRV')[0] ?? '';
    const match = /^(\d{1,2}(?:\.\d+)?)\s*V$/.exec(line);
    return match ? Number(match[1]) : null;
  }

  /** Whether the car said it supports a PID (PIDs 01–20 are known after connecting). */
  supports(pid: number): boolean {
    return pid > 0x20 || !this.supported || this.supported.has(pid);
  }

  /** One live value; null when the car does not answer it. */
  async readLive(pid: LivePid): Promise<number | null> {
    if (!this.supports(pid.pid)) return null;
    try {
      const [data] = await this.request(0x01, pid.pid);
      return data ? decodeLive(pid, data) : null;
    } catch (error) {
      if (error instanceof AnswerError && (error.problem === 'noData' || error.problem === 'wrongAnswer')) return null;
      throw error;
    }
  }

  /** The payloads of a service 02 answer for one PID of one freeze frame. */
  private async requestFrame(pid: number, frame: number): Promise<number[][]> {
    const command = freezeFrameCommand(pid, frame);
    return responsePayloads(answerMessages(await this.send(command), command), 0x02, pid);
  }

  /**
   * The freeze frame: the code that stored it, then each of `pids` the car kept in it (those it
   * does not answer are left out). Null when no frame is stored, or the car does not offer
   * service 02 (it answers NO DATA or refuses the service).
   */
  async readFreezeFrame(pids: readonly LivePid[] = DEFAULT_LIVE_PIDS, frame = 0): Promise<FreezeFrame | null> {
    const absent = (error: unknown) => error instanceof AnswerError && (error.problem === 'noData' || error.problem === 'wrongAnswer');
    let code: string | null;
    try {
      code = freezeFrameCode(freezeFrameData(await this.requestFrame(FREEZE_FRAME_DTC_PID, frame), frame));
    } catch (error) {
      if (absent(error)) return null;
      throw error;
    }
    if (!code) return null;
    const readings: PidReading[] = [];
    for (const pid of pids) {
      if (!this.supports(pid.pid)) continue;
      try {
        const data = freezeFrameData(await this.requestFrame(pid.pid, frame), frame);
        const value = data ? decodeLive(pid, data) : null;
        if (value !== null) readings.push({ pid, value });
      } catch (error) {
        if (!absent(error)) throw error;
      }
    }
    return { code, readings };
  }

  /** Mode 04: clears stored and pending codes, freeze frame and readiness. */
  async clearCodes(): Promise<void> {
    const messages = answerMessages(await this.send('04'), '04');
    if (!messages.some((m) => m[0] === 0x44)) throw new AnswerError('wrongAnswer', messages.join('\n'));
  }
}
