import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import vm from 'node:vm';
import { ObdAdapter, type ObdTransport } from '../src/shared/obd/adapter.ts';
import { DEFAULT_LIVE_PIDS } from '../src/shared/obd/pids.ts';
import { WebSerialTransport, type SerialPortLike } from '../src/client/lib/web-serial.ts';
import { ROOT } from './lib.ts';

/**
 * Live-data bench: `npm run bench:obd`. Six PIDs (engine speed, vehicle speed, coolant and intake
 * temperature, load, throttle) asked in rounds, as the OBD Scanner's live data does, through the
 * real ObdAdapter and WebSerialTransport against the browser tests' ELM327 emulator
 * (tests/browser/fixtures/elm327-emulator.js) run in Node: the same answering code and delays
 * (15 ms per answer, answers in two pieces 5 ms apart). Goal: ≥ 2 rounds a second (issue 19).
 * Baselines in the same run: the loop with the emulator's delays at zero (the transport and the
 * emulator's zero-length timers left), and the adapter over a transport that answers at once from
 * memory (the protocol code alone). About 25 s; OBD_BENCH_SECONDS sets the emulator runs' length.
 */

const SECONDS = Number(process.env.OBD_BENCH_SECONDS ?? 10);
const GOAL_HZ = 2;
const PIDS = DEFAULT_LIVE_PIDS.slice(0, 6);
const EMULATOR = path.join(ROOT, 'tests/browser/fixtures/elm327-emulator.js');
const source = readFileSync(EMULATOR, 'utf8');

/**
 * The emulator is a page script: it reads its settings from `window` and installs itself as
 * `navigator.serial`. A context of its own gives it both, with Node's web streams and timers.
 */
function emulatedPort(config: { delayMs: number; chunkDelayMs: number }): Promise<SerialPortLike> {
  const sandbox: Record<string, unknown> = {
    navigator: {},
    __ELM327_CONFIG: config,
    DOMException,
    EventTarget,
    Event,
    ReadableStream,
    WritableStream,
    TextEncoder,
    TextDecoder,
    setTimeout,
    clearTimeout,
  };
  sandbox.window = sandbox;
  vm.runInNewContext(source, sandbox, { filename: EMULATOR });
  const serial = (sandbox.navigator as { serial?: { requestPort(): Promise<SerialPortLike> } }).serial;
  if (!serial) throw new Error('the emulator did not install navigator.serial');
  return serial.requestPort();
}

interface Run {
  label: string;
  rounds: number;
  seconds: number;
  hz: number;
  msPerRequest: number;
  unanswered: number;
}

/** Answers as a chip prints them, at once: no serial port, no timers. */
const ANSWERS: Record<string, string> = {
  ATZ: '\r\rELM327 v1.5\r\r>',
  '0100': 'SEARCHING...\r41 00 98 3B 80 11\r\r>',
  ATDPN: 'A6\r\r>',
  '0104': '41 04 38\r\r>',
  '0105': '41 05 7B\r\r>',
  '010C': '41 0C 0C 30\r\r>',
  '010D': '41 0D 00\r\r>',
  '010F': '41 0F 41\r\r>',
  '0111': '41 11 25\r\r>',
};
const fromMemory = (): ObdTransport & { close(): Promise<void> } => ({
  exchange: async (command) => ANSWERS[command] ?? 'OK\r\r>',
  close: async () => undefined,
});

async function run(label: string, config: { delayMs: number; chunkDelayMs: number } | 'memory', length = SECONDS): Promise<Run> {
  const transport = config === 'memory' ? fromMemory() : await WebSerialTransport.open(await emulatedPort(config));
  try {
    const adapter = new ObdAdapter(transport);
    await adapter.connect();
    for (const pid of PIDS) await adapter.readLive(pid); // a warm-up round
    let rounds = 0;
    let unanswered = 0;
    const started = performance.now();
    while (performance.now() - started < length * 1000) {
      for (const pid of PIDS) if ((await adapter.readLive(pid)) === null) unanswered++;
      rounds++;
    }
    const seconds = (performance.now() - started) / 1000;
    return { label, rounds, seconds, hz: rounds / seconds, msPerRequest: (seconds * 1000) / (rounds * PIDS.length), unanswered };
  } finally {
    await transport.close();
  }
}

const duration = (ms: number) => (ms < 0.1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
const show = (r: Run) =>
  `${r.label.padEnd(52)} ${r.hz.toFixed(1).padStart(9)} rounds/s  ${duration(r.msPerRequest).padStart(9)} a request  (${r.rounds} rounds in ${r.seconds.toFixed(1)} s${r.unanswered ? `, ${r.unanswered} unanswered` : ''})`;

console.log(`live data of ${PIDS.length} PIDs (${PIDS.map((p) => p.key).join(', ')}), ${SECONDS} s a run`);
// A couple of seconds are plenty for a loop without waits.
const protocol = await run('baseline: the protocol code, answers from memory', 'memory', Math.min(SECONDS, 2));
console.log(show(protocol));
const baseline = await run('baseline: the emulator without delays', { delayMs: 0, chunkDelayMs: 0 });
console.log(show(baseline));
const emulated = await run('emulator: 15 ms answers in two pieces 5 ms apart', { delayMs: 15, chunkDelayMs: 5 });
console.log(show(emulated));
const pass = emulated.hz >= GOAL_HZ && emulated.unanswered === 0;
console.log(
  `goal: live data of ${PIDS.length} PIDs ≥ ${GOAL_HZ} Hz against the emulator: ${pass ? 'PASS' : 'MISS'} (${emulated.hz.toFixed(2)} Hz; of each ${emulated.msPerRequest.toFixed(2)} ms request the protocol code takes ${duration(protocol.msPerRequest)}, transport and timers ${duration(baseline.msPerRequest - protocol.msPerRequest)}, the rest is the emulated car)`,
);
process.exitCode = pass ? 0 : 1;
