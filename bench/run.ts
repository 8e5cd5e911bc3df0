import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildClient } from '../src/server/boot.ts';
import { formatApiBench, runApiBench, TECHNICIANS, type ApiBenchResult, type ApiScenario } from './api.ts';
import { paintTimings, routeWeights, type PaintResult, type RouteWeight } from './client.ts';
import { ROOT, table } from './lib.ts';
import { formatVinBench, runVinBench, type VinBenchResult } from './vin.ts';

/**
 * `npm run bench`: builds, starts what it needs, prints one table per area with the goals of the
 * performance issue, and writes bench/results.json. Options through the environment:
 * BENCH_DURATION (seconds per load run, default 15), BENCH_CRM_SIZES (default 10000,100000,1000000),
 * BENCH_DATABASE_URL (run the API and CRM parts against a PostgreSQL server instead of PGlite).
 */

interface Goal {
  name: string;
  target: string;
  actual: string;
  pass: boolean;
}

const duration = Number(process.env.BENCH_DURATION ?? 15);
const crmSizes = process.env.BENCH_CRM_SIZES ?? '10000,100000,1000000';

const inquiryPage = encodeURIComponent(JSON.stringify({ 0: { json: { limit: 25 } }, 1: { json: null } }));
const scenarios: ApiScenario[] = [
  { name: 'GET /api/auth/user (session)', request: ({ cookie }) => ({ path: '/api/auth/user', headers: { cookie } }) },
  { name: 'GET /api/service-centers (50 rows)', request: ({ cookie }) => ({ path: '/api/service-centers', headers: { cookie } }) },
  {
    name: 'tRPC batch: inquiry page + stats',
    request: ({ cookie }) => ({ path: `/trpc/inquiries.list,inquiries.stats?batch=1&input=${inquiryPage}`, headers: { cookie } }),
  },
  {
    name: `tRPC batch: inquiry page + stats, ${TECHNICIANS} technicians (one per connection)`,
    informational: true,
    request: ({ cookies }) => ({
      path: `/trpc/inquiries.list,inquiries.stats?batch=1&input=${inquiryPage}`,
      connectionHeaders: (connection) => ({ cookie: cookies[connection % cookies.length] ?? '' }),
    }),
  },
  {
    name: 'POST /api/customer-inquiries',
    request: ({ cookie }) => ({
      method: 'POST',
      path: '/api/customer-inquiries',
      headers: { cookie },
      body: JSON.stringify({ inquiryType: 'service', subject: 'Brake noise', description: 'Squeal when braking at low speed', priority: 'medium' }),
    }),
  },
];

/** Fills the service-center list to 50 rows before the load runs. */
async function topUpCenters(url: string, cookie: string): Promise<void> {
  const list = (await (await fetch(`${url}/api/service-centers`, { headers: { cookie } })).json()) as unknown[];
  for (let i = list.length; i < 50; i++) {
    const res = await fetch(`${url}/api/service-centers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: url },
      body: JSON.stringify({ name: `Bench Garage ${i}`, address: `${100 + i} Main St`, city: 'Springfield', state: 'IL', services: ['Oil Change', 'Brakes'] }),
    });
    if (res.status !== 201) throw new Error(`could not create a center: ${res.status} ${await res.text()}`);
  }
}

function runCrm(): Promise<string> {
  return new Promise((resolve, reject) => {
    const args = ['--import', 'tsx', 'bench/crm.ts', '--sizes', crmSizes, '--runs', '15'];
    if (!process.env.BENCH_DATABASE_URL) args.push('--pglite');
    const child = spawn(process.execPath, args, { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on('exit', (code) => (code === 0 || code === 1 ? resolve(out) : reject(new Error(`bench:crm exited ${code}`))));
  });
}

console.log('building the client...');
await buildClient();

console.log(`\nAPI load: ${duration} s per scenario, 50 connections`);
let paints: PaintResult | undefined;
const api: ApiBenchResult = await runApiBench(scenarios, {
  duration,
  databaseUrl: process.env.BENCH_DATABASE_URL,
  prepare: topUpCenters,
  attack: true,
  afterLoad: async (url, cookie) => {
    paints = await paintTimings(url, cookie);
  },
});
console.log(formatApiBench(api));

const weights: RouteWeight[] = routeWeights();
console.log(
  `\nClient: JavaScript and CSS per route (gzip; and the JavaScript as sent to a browser that accepts Brotli)\n${table(
    weights.map((w) => ({ route: w.route, 'JS KB': (w.jsGzipBytes / 1024).toFixed(1), 'CSS KB': (w.cssGzipBytes / 1024).toFixed(1), 'JS KB sent (br)': (w.jsBrotliBytes / 1024).toFixed(1) })),
  )}`,
);
if (paints) console.log(`landing FCP ${paints.landingFcpMs} ms, LCP ${paints.landingLcpMs} ms; technician dashboard usable in ${paints.dashboardUsableMs} ms (median of 5)`);

console.log('\nVIN decoding');
const vin: VinBenchResult = await runVinBench();
console.log(formatVinBench(vin));

console.log(`\nCRM lists at ${crmSizes} rows`);
const crm = await runCrm();

const reads = api.scenarios.filter((s) => !s.informational && (s.name.startsWith('GET') || s.name.startsWith('tRPC')));
const landing = weights[0];
const goals: Goal[] = [
  ...reads.map((s) => ({
    name: `${s.name}: share of baseline, p99`,
    target: '>= 30%, <= 20 ms',
    actual: `${s.ratioToBaseline}%, ${s.p99Ms} ms${s.sameBytes ? ` (its bytes alone: ${s.sameBytes.ratioToBaseline}%)` : ''}`,
    pass: s.ratioToBaseline >= 30 && s.p99Ms <= 20,
  })),
  {
    name: 'load runs: errors and 5xx',
    target: '0',
    actual: String(api.scenarios.reduce((n, s) => n + s.errors + s.status5xx, 0)),
    pass: api.scenarios.every((s) => s.errors === 0 && s.status5xx === 0),
  },
  { name: 'CRM calls at the largest size', target: '<= 50 ms', actual: /MISS/.test(crm) ? 'see table' : 'all under', pass: !/MISS/.test(crm) },
  ...vin.goals.map((g) => ({ name: `VIN ${g.name}`, target: g.target, actual: String(g.actual), pass: g.pass })),
  {
    name: 'landing JavaScript (gzip)',
    target: '<= 150 KB',
    actual: `${((landing?.jsGzipBytes ?? 0) / 1024).toFixed(1)} KB`,
    pass: (landing?.jsGzipBytes ?? Infinity) <= 150 * 1024,
  },
  { name: 'landing LCP', target: '<= 1000 ms', actual: `${paints?.landingLcpMs ?? '?'} ms`, pass: (paints?.landingLcpMs ?? Infinity) <= 1000 },
  { name: 'server RSS after load', target: '<= 300 MB', actual: `${api.rssAfterLoadMb} MB`, pass: api.rssAfterLoadMb <= 300 },
  {
    name: 'server RSS after the memory attack (and its peak)',
    target: '<= 300 MB',
    actual: `${api.attack?.afterMb ?? '?'} MB (peak ${api.attack?.peakMb ?? '?'} MB)`,
    pass: (api.attack?.afterMb ?? Infinity) <= 300 && Object.keys(api.attack?.statuses ?? {}).join() === '200',
  },
];
console.log(`\nGoals\n${table(goals.map((g) => ({ '': g.pass ? 'PASS' : 'MISS', goal: g.name, target: g.target, actual: g.actual })))}`);

mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
writeFileSync(
  path.join(ROOT, 'bench/results.json'),
  `${JSON.stringify({ date: new Date().toISOString(), api, client: { routes: weights, paints }, vin, crm, goals }, null, 2)}\n`,
);
console.log('\nwritten: bench/results.json');
