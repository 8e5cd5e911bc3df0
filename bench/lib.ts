import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import autocannon, { type Options as AutocannonOptions } from 'autocannon';

export const ROOT = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  url: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a server script as its own process (so load and server do not share one event loop). */
export async function startProcess(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  readyPath: string,
  nodeArgs: string[] = [],
): Promise<RunningServer> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [...nodeArgs, ...(script.endsWith('.ts') ? ['--import', 'tsx'] : []), script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited:\n${output}`);
    try {
      await fetch(`${url}${readyPath}`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  if (!child.pid) throw new Error(`${script} has no pid`);
  return {
    url,
    pid: child.pid,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** What `npm start` runs (`[VAR=value ...] node [flags] <script>`): the benches measure the server users run. */
export function npmStartCommand(): { env: Record<string, string>; nodeArgs: string[]; script: string } {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name = '', ...value] = (words.shift() ?? '').split('=');
    env[name] = value.join('=');
  }
  const script = words.at(-1);
  if (words[0] !== 'node' || !script) throw new Error(`npm start is not "[VAR=value ...] node [flags] <script>": ${pkg.scripts.start}`);
  return { env, nodeArgs: words.slice(1, -1), script };
}

/**
 * A VinTech server started as `npm start` starts it, ready when it answers. BENCH_SERVER_NODE_ARGS
 * adds flags to its node only (e.g. `--cpu-prof --cpu-prof-dir=prof`; NODE_OPTIONS refuses them).
 */
export function startVinTech(args: string[], env: NodeJS.ProcessEnv, extraNodeArgs: string[] = []): Promise<RunningServer> {
  const start = npmStartCommand();
  const benchArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  return startProcess(start.script, args, { ...start.env, ...env }, '/api/auth/user', [...start.nodeArgs, ...benchArgs, ...extraNodeArgs]);
}

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/** CPU time (user + system) a process has used, in milliseconds, from /proc. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  return (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
}

export interface LoadResult {
  name: string;
  /** Server CPU time per answered request, when the server's pid was given: steadier than req/s. */
  cpuMicrosPerRequest?: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  status5xx: number;
  /** Answered requests and server CPU milliseconds, to combine slices. */
  requests: number;
  serverCpuMs?: number;
}

/**
 * One figure from several slices of the same load: the mean rate, the median p50, the worst p99,
 * every error, and CPU per request over all slices.
 */
export function combine(name: string, slices: LoadResult[]): LoadResult {
  const sum = (pick: (s: LoadResult) => number) => slices.reduce((total, s) => total + pick(s), 0);
  const p50s = slices.map((s) => s.p50Ms).sort((a, b) => a - b);
  const requests = sum((s) => s.requests);
  const cpu = slices.every((s) => s.serverCpuMs !== undefined) ? sum((s) => s.serverCpuMs ?? 0) : undefined;
  return {
    name,
    requestsPerSecond: Math.round(sum((s) => s.requestsPerSecond) / slices.length),
    p50Ms: p50s[Math.floor(p50s.length / 2)] ?? 0,
    p99Ms: Math.max(...slices.map((s) => s.p99Ms)),
    errors: sum((s) => s.errors),
    non2xx: sum((s) => s.non2xx),
    status5xx: sum((s) => s.status5xx),
    requests,
    serverCpuMs: cpu,
    cpuMicrosPerRequest: cpu !== undefined && requests > 0 ? Math.round((cpu * 1000) / requests) : undefined,
  };
}

export async function load(name: string, options: AutocannonOptions, serverPid?: number): Promise<LoadResult> {
  const cpuBefore = serverPid ? cpuMs(serverPid) : 0;
  const result = await autocannon({ connections: 50, duration: 15, ...options });
  const answered = result.requests.total;
  const serverCpuMs = serverPid ? cpuMs(serverPid) - cpuBefore : undefined;
  return {
    name,
    requests: answered,
    serverCpuMs,
    cpuMicrosPerRequest: serverCpuMs !== undefined && answered > 0 ? Math.round((serverCpuMs * 1000) / answered) : undefined,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    status5xx: result['5xx'],
  };
}

export function table(rows: Record<string, string | number>[]): string {
  if (rows.length === 0) return '';
  const headers = Object.keys(rows[0] ?? {});
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => String(r[h] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(headers.map((h) => String(r[h] ?? ''))))].join('\n');
}

/** The median and 95th percentile of `runs` timed calls, after three untimed warm-up calls. */
export async function percentiles(run: () => Promise<unknown>, runs: number): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))] ?? Number.NaN;
  return { p50: at(50), p95: at(95) };
}
