import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SHOP_ROWS } from './api.ts';
import { rssMb, startVinTech, table } from './lib.ts';
import { inviteCodes, seedScaleShop, signUp, technician } from './shop.ts';

/**
 * `npm run bench:load`: 50 connections for 60 s (BENCH_DURATION) of mixed reads and writes
 * against one VinTech process: a technician of Scale Garage (filled by the scale seed, joined by
 * invitation) reads the shop's inquiry page and stats, and a customer writes inquiries and
 * appointment requests to it. Prints throughput, latency and the count of errors, non-2xx and 5xx
 * answers; exits non-zero when any is not 0.
 */
const duration = Number(process.env.BENCH_DURATION ?? 60);
const dataDir = mkdtempSync(path.join(tmpdir(), 'vintech-load-'));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const [code] = inviteCodes(1);
seedScaleShop({ dataDir, databaseUrl, scale: SHOP_ROWS, invites: [code!] });
const server = await startVinTech(['--api-only'], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_DEMO: 'true', TRUST_PROXY: 'true' });
try {
  const url = server.url;
  const tech = await technician(url, 1, code!);
  const serviceCenterId = tech.serviceCenterId;
  const customerCookie = await signUp(url, 'load-customer', 2);
  const techHeaders = { cookie: tech.cookie, origin: url, 'content-type': 'application/json' };
  const customerHeaders = { cookie: customerCookie, origin: url, 'content-type': 'application/json' };
  const inquiryPage = encodeURIComponent(JSON.stringify({ 0: { json: { serviceCenterId, limit: 25 } }, 1: { json: { serviceCenterId } } }));
  const requests = [
    { method: 'GET' as const, path: '/api/auth/user', headers: techHeaders },
    { method: 'GET' as const, path: '/api/service-centers', headers: techHeaders },
    { method: 'GET' as const, path: `/trpc/inquiries.list,inquiries.stats?batch=1&input=${inquiryPage}`, headers: techHeaders },
    {
      method: 'POST' as const,
      path: '/api/customer-inquiries',
      headers: customerHeaders,
      body: JSON.stringify({ inquiryType: 'service', subject: 'Load test', description: 'Mixed load', priority: 'low', serviceCenterId }),
    },
    { method: 'GET' as const, path: '/api/knowledge/search?audience=tech&q=brake', headers: techHeaders },
    {
      method: 'POST' as const,
      path: '/api/service-appointments',
      headers: customerHeaders,
      body: JSON.stringify({ serviceCenterId, appointmentDate: new Date(Date.now() + 86_400_000).toISOString(), duration: 60, serviceType: 'Oil Change' }),
    },
  ];
  // Each request answers 2xx before the load (a refused one is no throughput).
  for (const request of requests) {
    const res = await fetch(`${url}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
    if (!res.ok) throw new Error(`${request.method} ${request.path.split('?')[0]} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }
  const result = await autocannon({ url, connections: 50, duration, requests });
  const errors = result.errors + result.timeouts;
  console.log(
    `Mixed load (${duration} s, 50 connections, ${databaseUrl ? 'PostgreSQL server' : 'PGlite'})\n${table([
      {
        'req/s': Math.round(result.requests.average),
        requests: result.requests.total,
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        errors,
        non2xx: result.non2xx,
        '5xx': result['5xx'],
        'RSS MB': rssMb(server.pid),
      },
    ])}`,
  );
  if (errors > 0 || result.non2xx > 0 || result['5xx'] > 0) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
