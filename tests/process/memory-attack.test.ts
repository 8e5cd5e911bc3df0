import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareAttacker, runMemoryAttack } from '../../bench/attack.ts';
import { rssMb, startVinTech, type RunningServer } from '../../bench/lib.ts';

/**
 * Resident memory the server may reach during and after the attack. Idle it holds about 200 MB;
 * while the attack runs, its answers (up to 5 MB a request, 8 at a time) are garbage the heap
 * collects in its own time. Before the caches had byte budgets the same run took it to 2.5 GB and
 * kept 1.9 GB afterwards (heavier runs reached the heap limit and the process died).
 */
const PEAK_CEILING_MB = 700;
const AFTER_CEILING_MB = 350;

let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vintech-attack-'));
  server = await startVinTech(['--api-only'], { DATA_DIR: dataDir, DATABASE_URL: '' });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('a signed-in account cannot make the server run out of memory with list variants', async () => {
  const cookie = await prepareAttacker(server.url);
  const before = rssMb(server.pid);
  let peak = rssMb(server.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 100);
  try {
    const result = await runMemoryAttack(server.url, cookie, { requests: 250, concurrency: 8 });
    expect(result.sent).toBe(500);
    // Every variant is a valid request: answered, none refused or failed.
    expect(result.statuses).toEqual({ 200: 500 });
  } finally {
    clearInterval(sampler);
  }
  const after = rssMb(server.pid);
  console.log(`memory attack: ${before} MB resident before, ${peak} MB at the peak, ${after} MB after`);
  expect(peak).toBeLessThan(PEAK_CEILING_MB);
  expect(after).toBeLessThan(AFTER_CEILING_MB);
  // Still serving afterwards.
  const me = await fetch(`${server.url}/api/auth/user`, { headers: { cookie } });
  expect(me.status).toBe(200);
  // A batch of more calls than allowed is refused outright.
  const eleven = Array.from({ length: 11 }, () => 'inquiries.stats').join(',');
  expect((await fetch(`${server.url}/trpc/${eleven}?batch=1`, { headers: { cookie } })).status).toBe(400);
}, 300_000);
