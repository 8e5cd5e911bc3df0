import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareAttacker, runMemoryAttack } from './attack.ts';
import { combine, load, ROOT, rssMb, startProcess, startVinTech, table, type LoadResult, type RunningServer } from './lib.ts';

export interface ApiScenario {
  name: string;
  /** Not one of the issue's goals: shown for context. */
  informational?: boolean;
  /** Its own goal, when not the reads' default. */
  goal?: { shareOfBaseline: number; p99Ms: number };
  /** The bare repository call behind it (p50, ms), measured without HTTP: its floor. */
  floorMs?: number;
  /**
   * Builds the autocannon request options against a started, signed-in VinTech. `cookies` are the
   * sessions of TECHNICIANS other technicians; `connectionHeaders` gives each of the 50
   * connections its own headers (one user per connection).
   */
  request: (ctx: { url: string; cookie: string; token: string; cookies: string[] }) => {
    method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    path: string;
    /** Paths taken in turn, one per request (distinct inputs the read cache cannot answer); `path` is the first. */
    paths?: string[];
    body?: string;
    headers?: Record<string, string>;
    connectionHeaders?: (connection: number) => Record<string, string>;
  };
}

/** How many distinct technicians the many-user scenarios sign in. */
export const TECHNICIANS = 50;

export interface ScenarioResult extends LoadResult {
  /** The bare Fastify hello, measured in slices alternating with this scenario's (the machine's speed drifts). */
  baseline: LoadResult;
  ratioToBaseline: number;
  /** Bare Fastify sending this scenario's exact answer: what its payload alone allows. */
  sameBytes?: LoadResult & { ratioToBaseline: number };
  bodyBytes?: number;
  informational?: boolean;
  goal?: ApiScenario['goal'];
  floorMs?: number;
}

export interface ApiBenchResult {
  database: string;
  scenarios: ScenarioResult[];
  rssIdleMb: number;
  rssAfterLoadMb: number;
  /** The memory attack of bench/attack.ts, run after the load when asked for. */
  attack?: { peakMb: number; afterMb: number; statuses: Record<number, number>; seconds: number };
}

const ratio = (part: LoadResult, whole: LoadResult): number => Math.round((part.requestsPerSecond / whole.requestsPerSecond) * 1000) / 10;

async function signedIn(url: string, index = 0): Promise<{ cookie: string; token: string }> {
  const email = `bench-${Date.now()}-${index}@example.test`;
  const res = await fetch(`${url}/api/signup`, {
    method: 'POST',
    // Sign-ups are limited per address: each technician comes from its own (the bench's server trusts the proxy header).
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.${Math.floor(index / 250)}.${(index % 250) + 1}` },
    body: JSON.stringify({ email, password: 'benchmark password' }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? '';
  const role = await fetch(`${url}/trpc/auth.setRole`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify({ json: { role: 'tech' } }),
  });
  if (!role.ok) throw new Error(`role failed: ${role.status}`);
  const tokenRes = await fetch(`${url}/api/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify({ name: 'bench' }),
  });
  const { token } = (await tokenRes.json()) as { token: string };
  return { cookie, token };
}

export interface ApiBenchOptions {
  duration?: number;
  databaseUrl?: string;
  /** Runs once the server is up and signed in, before the load (e.g. to create data). */
  prepare?: (url: string, cookie: string) => Promise<void>;
  /** Runs after the load, while the server is still up (e.g. browser timings). */
  afterLoad?: (url: string, cookie: string) => Promise<void>;
  /** After all of it, runs the memory attack (bench/attack.ts) and reports resident memory during and after it. */
  attack?: boolean;
  /** Fills the shop's inquiries and appointments to this many rows each before the server starts (`npm run db:seed -- --scale`). */
  shopScale?: number;
}

export async function runApiBench(scenarios: ApiScenario[], options: ApiBenchOptions = {}): Promise<ApiBenchResult> {
  const duration = options.duration ?? 15;
  const warmUp = Math.min(3, duration);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vintech-bench-'));
  let hello: RunningServer | undefined;
  let server: RunningServer | undefined;
  try {
    hello = await startProcess('bench/hello-server.ts', [], {}, '/hello');
    if (options.shopScale && !options.databaseUrl) {
      const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/db/seed-cli.ts', '--scale', String(options.shopScale)], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      if (seeded.status !== 0) throw new Error('could not fill the shop for the bench');
    }
    server = await startVinTech([], { DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl ?? '', SEED_DEMO: 'true', TRUST_PROXY: 'true' });
    const { cookie, token } = await signedIn(server.url);
    const cookies: string[] = [];
    for (let i = 1; i <= TECHNICIANS; i++) cookies.push((await signedIn(server.url, i)).cookie);
    await options.prepare?.(server.url, cookie);
    const rssIdleMb = rssMb(server.pid);
    const helloUrl = `${hello.url}/hello`;
    const requests = scenarios.map((scenario) => {
      const req = scenario.request({ url: server!.url, cookie, token, cookies });
      const headers = { origin: server!.url, ...(req.body ? { 'content-type': 'application/json' } : {}), ...req.headers };
      let connection = 0;
      const perConnection = req.connectionHeaders;
      const paths = req.paths;
      let next = 0;
      return {
        name: scenario.name,
        informational: scenario.informational,
        goal: scenario.goal,
        floorMs: scenario.floorMs,
        connectionHeaders: perConnection,
        options: {
          url: `${server!.url}${req.path}`,
          method: req.method ?? 'GET',
          body: req.body,
          headers,
          ...(paths && paths.length > 1
            ? { requests: [{ setupRequest: (r: object) => ({ ...r, path: paths[next++ % paths.length] }) }] }
            : {}),
          ...(perConnection ? { setupClient: (client: { setHeaders: (h: Record<string, string>) => void }) => client.setHeaders({ ...headers, ...perConnection(connection++) }) } : {}),
        },
      };
    });
    // Both servers compile their hot paths before anything is measured.
    await load('warm-up', { url: helloUrl, duration: warmUp });
    for (const request of requests) if (request.options.method === 'GET') await load('warm-up', { ...request.options, duration: warmUp });

    // The machine's speed drifts by a third within minutes: each scenario runs in slices that
    // alternate with its baseline (and its same-bytes reference), and each side sums its slices.
    const slices = Math.max(1, Math.min(3, Math.floor(duration / 3)));
    const slice = duration / slices;
    const results: ScenarioResult[] = [];
    for (const request of requests) {
      let slot: string | undefined;
      let bodyBytes: number | undefined;
      if (request.options.method === 'GET') {
        const answer = await fetch(request.options.url, { headers: { ...request.options.headers, ...request.connectionHeaders?.(0) } });
        const body = await answer.text();
        bodyBytes = Buffer.byteLength(body);
        slot = `${hello.url}/same/${results.length}`;
        await fetch(slot, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body });
      }
      const parts: { baseline: LoadResult[]; scenario: LoadResult[]; same: LoadResult[] } = { baseline: [], scenario: [], same: [] };
      for (let i = 0; i < slices; i++) {
        parts.baseline.push(await load('baseline', { url: helloUrl, duration: slice }, hello.pid));
        if (slot) parts.same.push(await load('same bytes', { url: slot, duration: slice }, hello.pid));
        parts.scenario.push(await load(request.name, { ...request.options, duration: slice }, server.pid));
      }
      const baseline = combine('bare Fastify hello (baseline)', parts.baseline);
      const result = combine(request.name, parts.scenario);
      const same = slot ? combine(`${request.name}: same bytes from bare Fastify`, parts.same) : undefined;
      const sameBytes = same ? { ...same, ratioToBaseline: ratio(same, baseline) } : undefined;
      results.push({
        ...result,
        baseline,
        ratioToBaseline: ratio(result, baseline),
        sameBytes,
        bodyBytes,
        informational: request.informational,
        goal: request.goal,
        floorMs: request.floorMs,
      });
    }
    const rssAfterLoadMb = rssMb(server.pid);
    await options.afterLoad?.(server.url, cookie);
    const attack = options.attack ? await attackMemory(server) : undefined;
    return {
      database: options.databaseUrl ? 'PostgreSQL server' : 'PGlite (embedded)',
      scenarios: results,
      rssIdleMb,
      rssAfterLoadMb,
      attack,
    };
  } finally {
    await server?.stop();
    await hello?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function attackMemory(server: RunningServer): Promise<NonNullable<ApiBenchResult['attack']>> {
  const cookie = await prepareAttacker(server.url);
  let peakMb = rssMb(server.pid);
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(server.pid))), 100);
  try {
    const run = await runMemoryAttack(server.url, cookie, { requests: 250, concurrency: 8 });
    return { peakMb, afterMb: rssMb(server.pid), statuses: run.statuses, seconds: Math.round(run.ms / 100) / 10 };
  } finally {
    clearInterval(sampler);
  }
}

export function formatApiBench(result: ApiBenchResult): string {
  const rows = result.scenarios.flatMap((r) => {
    const row = (l: LoadResult, name: string, share: string) => ({
      scenario: name,
      'req/s': l.requestsPerSecond,
      'p50 ms': l.p50Ms,
      'p99 ms': l.p99Ms,
      'share of baseline': share,
      'server CPU µs/req': l.cpuMicrosPerRequest ?? '',
      'repository call p50 ms': '',
      errors: l.errors,
      '5xx': l.status5xx,
    });
    return [
      row(r.baseline, '  bare Fastify hello (baseline, alternating)', '100%'),
      ...(r.sameBytes ? [row(r.sameBytes, `  bare Fastify, same ${r.bodyBytes} bytes`, `${r.sameBytes.ratioToBaseline}%`)] : []),
      { ...row(r, r.name, `${r.ratioToBaseline}%`), 'repository call p50 ms': r.floorMs ?? '' },
    ];
  });
  return `API (${result.database}, 50 connections)\n${table(rows)}\nserver RSS: ${result.rssIdleMb} MB idle, ${result.rssAfterLoadMb} MB after load${
    result.attack ? `; memory attack (${result.attack.seconds} s, answers ${JSON.stringify(result.attack.statuses)}): ${result.attack.peakMb} MB at the peak, ${result.attack.afterMb} MB after` : ''
  }`;
}

export const foundationScenarios: ApiScenario[] = [
  { name: 'GET /api/auth/user (session cookie)', request: ({ cookie }) => ({ path: '/api/auth/user', headers: { cookie } }) },
  {
    name: 'GET /api/auth/user (API token)',
    request: ({ token }) => ({ path: '/api/auth/user', headers: { authorization: `Bearer ${token}` } }),
  },
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const duration = Number(process.env.BENCH_DURATION ?? 15);
  const result = await runApiBench(foundationScenarios, { duration, databaseUrl: process.env.BENCH_DATABASE_URL });
  console.log(formatApiBench(result));
}
