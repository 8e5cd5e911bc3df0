import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { rssMb, startVinTech, table } from './lib.ts';

/**
 * `npm run bench:load`: 50 connections for 60 s (BENCH_DURATION) of mixed reads and writes
 * against one VinTech process, as a technician with a session. Prints throughput, latency and the
 * count of errors and 5xx answers; exits non-zero when either is not 0.
 */
const duration = Number(process.env.BENCH_DURATION ?? 60);
const dataDir = mkdtempSync(path.join(tmpdir(), 'vintech-load-'));
const server = await startVinTech(['--api-only'], { DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', SEED_DEMO: 'true' });
try {
  const url = server.url;
  const signUp = await fetch(`${url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `load-${Date.now()}@example.test`, password: 'load test password' }),
  });
  const cookie = signUp.headers.get('set-cookie')?.split(';')[0] ?? '';
  await fetch(`${url}/trpc/auth.setRole`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify({ json: { role: 'tech' } }),
  });
  const headers = { cookie, origin: url, 'content-type': 'application/json' };
  // Every inquiry is addressed to a shop: one of the demo centers.
  const centers = (await (await fetch(`${url}/api/service-centers`, { headers: { cookie } })).json()) as { id: string; isActive: boolean }[];
  const serviceCenterId = centers.find((c) => c.isActive)?.id;
  if (!serviceCenterId) throw new Error('no active service center to address the load test inquiries to');
  const inquiryPage = encodeURIComponent(JSON.stringify({ 0: { json: { limit: 25 } }, 1: { json: null } }));
  const result = await autocannon({
    url,
    connections: 50,
    duration,
    requests: [
      { method: 'GET', path: '/api/auth/user', headers },
      { method: 'GET', path: '/api/service-centers', headers },
      { method: 'GET', path: `/trpc/inquiries.list,inquiries.stats?batch=1&input=${inquiryPage}`, headers },
      {
        method: 'POST',
        path: '/api/customer-inquiries',
        headers,
        body: JSON.stringify({ inquiryType: 'service', subject: 'Load test', description: 'Mixed load', priority: 'low', serviceCenterId }),
      },
      { method: 'GET', path: '/api/knowledge/search?audience=tech&q=brake', headers },
      {
        method: 'POST',
        path: '/api/service-appointments',
        headers,
        body: JSON.stringify({ appointmentDate: new Date(Date.now() + 86_400_000).toISOString(), duration: 60, serviceType: 'Oil Change' }),
      },
    ],
  });
  const errors = result.errors + result.timeouts;
  console.log(
    `Mixed load (${duration} s, 50 connections, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL server' : 'PGlite'})\n${table([
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
  if (errors > 0 || result['5xx'] > 0) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
