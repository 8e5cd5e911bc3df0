import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load, rssMb, startProcess, startVinTech, table, type LoadResult, type RunningServer } from './lib.ts';

export interface ApiScenario {
  name: string;
  /** Builds the autocannon request options against a started, signed-in VinTech. */
  request: (ctx: { url: string; cookie: string; token: string }) => {
    method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    path: string;
    body?: string;
    headers?: Record<string, string>;
  };
}

export interface ApiBenchResult {
  database: string;
  baseline: LoadResult;
  scenarios: (LoadResult & { ratioToBaseline: number })[];
  rssIdleMb: number;
  rssAfterLoadMb: number;
}

async function signedIn(url: string): Promise<{ cookie: string; token: string }> {
  const email = `bench-${Date.now()}@example.test`;
  const res = await fetch(`${url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
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
}

export async function runApiBench(scenarios: ApiScenario[], options: ApiBenchOptions = {}): Promise<ApiBenchResult> {
  const duration = options.duration ?? 15;
  const hello = await startProcess('bench/hello-server.ts', [], {}, '/hello');
  let baseline: LoadResult;
  try {
    baseline = await load('bare Fastify hello (baseline)', { url: `${hello.url}/hello`, duration });
  } finally {
    await hello.stop();
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'vintech-bench-'));
  let server: RunningServer | undefined;
  try {
    server = await startVinTech([], { DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl ?? '', SEED_DEMO: 'true' });
    const { cookie, token } = await signedIn(server.url);
    await options.prepare?.(server.url, cookie);
    const rssIdleMb = rssMb(server.pid);
    const results: ApiBenchResult['scenarios'] = [];
    for (const scenario of scenarios) {
      const req = scenario.request({ url: server.url, cookie, token });
      const result = await load(scenario.name, {
        url: `${server.url}${req.path}`,
        method: req.method ?? 'GET',
        body: req.body,
        headers: { origin: server.url, ...(req.body ? { 'content-type': 'application/json' } : {}), ...req.headers },
        duration,
      });
      results.push({ ...result, ratioToBaseline: Math.round((result.requestsPerSecond / baseline.requestsPerSecond) * 1000) / 10 });
    }
    const rssAfterLoadMb = rssMb(server.pid);
    await options.afterLoad?.(server.url, cookie);
    return {
      database: options.databaseUrl ? 'PostgreSQL server' : 'PGlite (embedded)',
      baseline,
      scenarios: results,
      rssIdleMb,
      rssAfterLoadMb,
    };
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatApiBench(result: ApiBenchResult): string {
  const rows = [result.baseline, ...result.scenarios].map((r) => ({
    scenario: r.name,
    'req/s': r.requestsPerSecond,
    'p50 ms': r.p50Ms,
    'p99 ms': r.p99Ms,
    '% of baseline': 'ratioToBaseline' in r ? `${(r as { ratioToBaseline: number }).ratioToBaseline}%` : '100%',
    errors: r.errors,
    '5xx': r.status5xx,
  }));
  return `API (${result.database}, 50 connections)\n${table(rows)}\nserver RSS: ${result.rssIdleMb} MB idle, ${result.rssAfterLoadMb} MB after load`;
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
