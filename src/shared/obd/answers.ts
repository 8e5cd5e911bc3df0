/**
 * Reading what an ELM327-compatible adapter answers (docs/obd.md#the-protocol): pure functions, no
 * I/O, shared by the browser's scanner and the tests. The adapter is set up with echo off, headers
 * off and automatic protocol; these functions also cope with echo, spaces on or off, line feeds,
 * 'SEARCHING...' and several ECUs answering at once.
 */

/** What went wrong, as the scanner tells a person. */
export const ANSWER_PROBLEMS = {
  noData: 'The car did not answer this request: the engine computer may not support it, or the ignition is off.',
  unableToConnect: 'The adapter could not talk to the car. Turn the ignition on (engine running or key at ON) and check the adapter sits firmly in the port under the dashboard.',
  busError: 'The adapter reported an error on the car\u2019s data bus. Unplug it, plug it back in and try again.',
  busy: 'The adapter is still busy with an earlier request. Wait a moment and try again.',
  unknownCommand: 'The adapter did not understand a command: it may not be ELM327-compatible.',
  garbled: 'The adapter\u2019s answer could not be read. Check the connection and try again.',
  wrongAnswer: 'The car answered a different request than the one sent.',
} as const;
export type AnswerProblem = keyof typeof ANSWER_PROBLEMS;

export class AnswerError extends Error {
  constructor(
    readonly problem: AnswerProblem,
    readonly raw: string,
  ) {
    super(ANSWER_PROBLEMS[problem]);
    this.name = 'AnswerError';
  }
}

/** Lines that only say what the adapter is doing, never data. */
const STATUS_LINE = /^(SEARCHING\.*|BUS INIT:?\s*\.*\s*(OK)?|OK|STOPPED)$/;

/** Error lines, most specific first. */
const ERROR_LINES: ReadonlyArray<[RegExp, AnswerProblem]> = [
  [/^NO DATA$/, 'noData'],
  [/^UNABLE TO CONNECT$/, 'unableToConnect'],
  [/^BUS INIT:?.*ERROR$/, 'unableToConnect'],
  [/^(CAN ERROR|BUS ERROR|FB ERROR|DATA ERROR|<DATA ERROR|<RX ERROR|ERR\d\d|LV RESET|ACT ALERT|BUFFER FULL)$/, 'busError'],
  [/^BUS BUSY$/, 'busy'],
  [/^\?$/, 'unknownCommand'],
];

/**
 * The lines of one answer that carry something: the prompt, an echoed command, status lines and
 * blank lines removed, and spaces kept as the adapter sent them.
 */
export function answerLines(raw: string, command?: string): string[] {
  const echo = command?.replace(/\s+/g, '').toUpperCase();
  return raw
    .replace(/>/g, '')
    .split(/[\r\n]+/)
    .map((line) => line.replace(/\0/g, '').trim().toUpperCase())
    .filter((line) => line !== '' && !STATUS_LINE.test(line) && line.replace(/\s+/g, '') !== echo);
}

/** The problem an answer reports, if any of its lines is an error line. */
export function answerProblem(lines: readonly string[]): AnswerProblem | null {
  for (const line of lines) {
    for (const [pattern, problem] of ERROR_LINES) if (pattern.test(line)) return problem;
  }
  return null;
}

const HEX_BYTES = /^([0-9A-F]{2})+$/;

function bytesOf(text: string, raw: string): number[] {
  const compact = text.replace(/\s+/g, '');
  if (!HEX_BYTES.test(compact)) throw new AnswerError('garbled', raw);
  const bytes: number[] = [];
  for (let i = 0; i < compact.length; i += 2) bytes.push(parseInt(compact.slice(i, i + 2), 16));
  return bytes;
}

/**
 * A CAN line printed with headers on (AT H1): an 11-bit response ID (7E8–7EF) or a 29-bit one
 * (18 DA F1 xx), then the ISO-TP PCI byte and the data. Headers-off lines never start this way: their
 * first byte is a response (0x41 and up), and a byte-count line is three characters alone.
 */
function canHeader(compact: string): { id: string; rest: string } | null {
  if (compact.length > 5 && compact.length % 2 === 1 && /^7E[89A-F]/.test(compact)) return { id: compact.slice(0, 3), rest: compact.slice(3) };
  if (compact.length > 10 && compact.length % 2 === 0 && compact.startsWith('18DAF1')) return { id: compact.slice(0, 8), rest: compact.slice(8) };
  return null;
}

/**
 * The messages of CAN lines with headers on: each ECU's frames are joined by their PCI byte (single
 * frame 0L, first frame 1L LL, consecutive frames 2N) and cut to the length it gives, padding dropped.
 */
function headerMessages(lines: readonly string[], raw: string): number[][] {
  const messages: number[][] = [];
  const open = new Map<string, { length: number; bytes: number[] }>();
  for (const line of lines) {
    const framed = canHeader(line.replace(/\s+/g, ''));
    if (!framed) throw new AnswerError('garbled', raw);
    const [pci = 0, ...data] = bytesOf(framed.rest, raw);
    const kind = pci >> 4;
    if (kind === 0) {
      messages.push(data.slice(0, pci & 0x0f));
    } else if (kind === 1) {
      open.set(framed.id, { length: ((pci & 0x0f) << 8) | (data[0] ?? 0), bytes: data.slice(1) });
    } else if (kind === 2) {
      const multi = open.get(framed.id);
      if (!multi) throw new AnswerError('garbled', raw);
      multi.bytes.push(...data);
      if (multi.bytes.length >= multi.length) {
        messages.push(multi.bytes.slice(0, multi.length));
        open.delete(framed.id);
      }
    }
    // Kind 3 is flow control, the tester's business.
  }
  if (open.size > 0) throw new AnswerError('garbled', raw);
  if (messages.length === 0) throw new AnswerError('noData', raw);
  return messages;
}

/**
 * The messages of an answer, one byte array each. With headers off (the scanner's setting) a
 * multi-frame CAN answer (ISO-TP, shown by the adapter as a byte count line followed by "0:", "1:",
 * … lines) becomes one message cut to its count; every other line is a message of its own (one per
 * ECU, or one per frame of an older protocol, which the caller joins). CAN answers with headers on
 * are read by their PCI bytes, so an adapter left in that mode still works.
 */
export function answerMessages(raw: string, command?: string): number[][] {
  const lines = answerLines(raw, command);
  const problem = answerProblem(lines);
  if (problem) throw new AnswerError(problem, raw);
  if (lines.length > 0 && canHeader(lines[0]!.replace(/\s+/g, ''))) return headerMessages(lines, raw);
  const messages: number[][] = [];
  let multi: { length: number; bytes: number[] } | null = null;
  for (const line of lines) {
    const frame = /^([0-9A-F]):\s*(.*)$/.exec(line);
    if (/^[0-9A-F]{3}$/.test(line)) {
      if (multi) messages.push(multi.bytes.slice(0, multi.length));
      multi = { length: parseInt(line, 16), bytes: [] };
    } else if (frame && multi) {
      multi.bytes.push(...bytesOf(frame[2]!, raw));
    } else {
      if (multi) {
        messages.push(multi.bytes.slice(0, multi.length));
        multi = null;
      }
      messages.push(bytesOf(line, raw));
    }
  }
  if (multi) {
    if (multi.bytes.length < multi.length) throw new AnswerError('garbled', raw);
    messages.push(multi.bytes.slice(0, multi.length));
  }
  if (messages.length === 0) throw new AnswerError('noData', raw);
  return messages;
}

/**
 * The data bytes after the service and PID echo of every message that answers `service`/`pid`
 * (service + 0x40). Messages of other services (a late answer to an earlier request) are skipped;
 * none at all is `wrongAnswer`.
 */
export function responsePayloads(messages: readonly number[][], service: number, pid?: number): number[][] {
  const expected = service + 0x40;
  const payloads = messages
    .filter((m) => m[0] === expected && (pid === undefined || m[1] === pid))
    .map((m) => m.slice(pid === undefined ? 1 : 2));
  if (payloads.length === 0) throw new AnswerError('wrongAnswer', messages.map((m) => m.map(hex).join(' ')).join('\n'));
  return payloads;
}

export const hex = (byte: number) => byte.toString(16).toUpperCase().padStart(2, '0');
