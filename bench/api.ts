import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareAttacker, runMemoryAttack } from './attack.ts';
import { combine, load, rssMb, startProcess, startVinTech, table, type LoadResult, type RunningServer } from './lib.ts';
import { inviteCodes, seedScaleShop, signUp, technician } from './shop.ts';

export interface ApiScenario {
  name: string;
  /** Not one of the issue's goals: shown for context. */
  informational?: boolean;
  /** Its own goal, when not the reads' default. */
  goal?: { shareOfBaseline: number; p99Ms: number };
  /** The bare repository call behind it (p50, ms), measured without HTTP: its floor. */
  floorMs?: number;
  /** Throws when a successful answer's body is not what the page needs (e.g. a list without rows). */
  check?: (body: string) => void;
  /**
   * Builds the autocannon request options against a started, signed-in VinTech. `cookie` and
   * `token` are a technician's of the scale shop `serviceCenterId` (Scale Garage); `cookies` are the
   * sessions of TECHNICIANS other technicians of it; `customerCookie` is a customer's (no shop);
   * `connectionHeaders` gives each of the 50 connections its own headers (one user per connection).
   */
  request: (ctx: ApiContext) => {
    method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    path: string;
    /** Paths taken in turn, one per request (distinct inputs the read cache cannot answer); `path` is the first. */
    paths?: string[];
    body?: string;
    headers?: Record<string, string>;
    connectionHeaders?: (connection: number) => Record<string, string>;
  };
}

export interface ApiContext {
  url: string;
  cookie: string;
  token: string;
  cookies: string[];
  customerCookie: string;
  serviceCenterId: string;
}

/** How many distinct technicians the many-user scenarios sign in. */
export const TECHNICIANS = 50;

/** Inquiries and appointments of the scale shop when a run names no other count. */
export const SHOP_ROWS = 10_000;

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

async function apiToken(url: string, cookie: string): Promise<string> {
  const res = await fetch(`${url}/api/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify({ name: 'bench' }),
  });
  if (res.status !== 201) throw new Error(`token failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

export interface ApiBenchOptions {
  duration?: number;
  databaseUrl?: string;
  /**
   * Runs once the server is up and signed in, before the load (e.g. to create data), with the
   * session of the run's first account (on a fresh install its administrator, staff of no shop).
   */
  prepare?: (url: string, cookie: string) => Promise<void>;
  /** Runs after the load, while the server is still up (e.g. browser timings). */
  afterLoad?: (url: string, cookie: string) => Promise<void>;
  /** After all of it, runs the memory attack (bench/attack.ts) and reports resident memory during and after it. */
  attack?: boolean;
  /**
   * Fills the scale shop's inquiries and appointments to this many rows each before the server
   * starts (`npm run db:seed -- --scale`, default SHOP_ROWS), with one invitation per technician.
   */
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
    // The technicians of the run are staff of the scale shop: one invitation each, accepted over HTTP.
    const codes = inviteCodes(TECHNICIANS + 1);
    seedScaleShop({ dataDir, databaseUrl: options.databaseUrl, scale: options.shopScale ?? SHOP_ROWS, invites: codes });
    // One API token sends the whole token scenario: its 600-a-minute limit is raised so that the run
    // measures the token's authentication, not its 429s.
    server = await startVinTech([], {
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SEED_DEMO: 'true',
      TRUST_PROXY: 'true',
      API_TOKEN_RATE_LIMIT: '10000000',
    });
    const setupCookie = await signUp(server.url, 'bench-setup', 0);
    const staff = [];
    for (let i = 0; i <= TECHNICIANS; i++) staff.push(await technician(server.url, i + 1, codes[i]!));
    const [first, ...others] = staff;
    const serviceCenterId = first!.serviceCenterId;
    if (others.some((t) => t.serviceCenterId !== serviceCenterId)) throw new Error('the technicians joined different shops');
    const cookie = first!.cookie;
    const cookies = others.map((t) => t.cookie);
    const token = await apiToken(server.url, cookie);
    const customerCookie = await signUp(server.url, 'bench-customer', TECHNICIANS + 2);
    await options.prepare?.(server.url, setupCookie);
    const rssIdleMb = rssMb(server.pid);
    const helloUrl = `${hello.url}/hello`;
    const requests = scenarios.map((scenario) => {
      const req = scenario.request({ url: server!.url, cookie, token, cookies, customerCookie, serviceCenterId });
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
        check: scenario.check,
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
    // Each scenario answers as the page it stands for before anything is timed (a 404 is no
    // throughput): 2xx for every connection's user, and the body its check asks for.
    for (const request of requests) {
      const connections = request.connectionHeaders ? TECHNICIANS : 1;
      for (let c = 0; c < connections; c++) {
        const answer = await fetch(request.options.url, {
          method: request.options.method,
          headers: { ...request.options.headers, ...request.connectionHeaders?.(c) },
          body: request.options.body,
        });
        const body = await answer.text();
        if (!answer.ok) throw new Error(`${request.name}: answered ${answer.status}: ${body.slice(0, 300)}`);
        request.check?.(body);
      }
    }
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
      'non-2xx': l.non2xx,
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
    // Not a cached read: every token request counts against the token's limit in the database (the
    // count is shared by every process of the install), a write per request.
    name: 'GET /api/auth/user (API token)',
    informational: true,
    request: ({ token }) => ({ path: '/api/auth/user', headers: { authorization: `Bearer ${token}` } }),
  },
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const duration = Number(process.env.BENCH_DURATION ?? 15);
  const result = await runApiBench(foundationScenarios, { duration, databaseUrl: process.env.BENCH_DATABASE_URL });
  console.log(formatApiBench(result));
}
