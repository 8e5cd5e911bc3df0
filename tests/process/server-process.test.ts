import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resolves once the server's output contains `text`; rejects if it exits or `ms` pass first. */
function waitForOutput(child: ChildProcess, output: () => string, text: string, ms = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('exit', exited);
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      if (output().includes(text)) done();
    };
    const exited = () => done(new Error(`server exited before "${text}":\n${output()}`));
    const timer = setTimeout(() => done(new Error(`no "${text}" within ${ms} ms:\n${output()}`)), ms);
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', exited);
    check();
  });
}

async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const port = await freePort();
  let output = '';
  // The start-up, migration and shutdown lines are printed at every log level.
  const child = spawn(process.execPath, ['scripts/start.mjs', '--api-only'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const read = () => output;
  try {
    await waitForOutput(child, read, ' is ready on http://');
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { child, url: `http://127.0.0.1:${port}`, output: read };
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

/** What `npm start` does, as a process: data and sessions survive a restart, on both databases. */
const targets: { name: string; setup: () => Promise<{ env: NodeJS.ProcessEnv; cleanup: () => Promise<void> }> }[] = [
  {
    name: 'embedded PGlite under DATA_DIR',
    setup: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'vintech-data-'));
      return { env: { DATA_DIR: dir, DATABASE_URL: '' }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
];
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  targets.push({
    name: 'PostgreSQL server through DATABASE_URL',
    setup: async () => {
      const name = `vintech_proc_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return {
        env: { DATABASE_URL: url.toString() },
        cleanup: async () => {
          const c = new pg.Client({ connectionString: serverUrl });
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await c.end();
        },
      };
    },
  });
}

describe.each(targets)('the server process on $name', ({ setup }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('migrates on start, keeps accounts and sessions across a restart, and stops on SIGTERM', { timeout: 120_000 }, async () => {
    const { env, cleanup } = await setup();
    cleanups.push(cleanup);
    const first = await startServer(env);
    const email = `restart-${randomUUID().slice(0, 8)}@example.test`;
    const signUp = await fetch(`${first.url}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'restart password' }),
    });
    expect(signUp.status).toBe(201);
    const cookie = signUp.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^vt\.sid=/);
    expect(await stop(first.child)).toBe(0);

    const second = await startServer(env);
    try {
      const me = await fetch(`${second.url}/api/auth/user`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect((await me.json()).email).toBe(email);
      // The second start found the schema in place and applied nothing again.
      expect(second.output()).not.toContain('migration 0001_initial: applied');
    } finally {
      expect(await stop(second.child)).toBe(0);
    }
  });
});

/** Two app processes behind one load balancer share nothing but the PostgreSQL database. */
describe.runIf(serverUrl)('two server processes on one PostgreSQL database', () => {
  const children: ChildProcess[] = [];
  let cleanup: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const child of children) await stop(child);
    await cleanup?.();
  });

  it('share sessions, keep exactly one active avatar and consistent counts under concurrent writes', { timeout: 180_000 }, async () => {
    const target = targets.find((t) => t.name.startsWith('PostgreSQL'));
    if (!target) throw new Error('no PostgreSQL target');
    const { env, cleanup: drop } = await target.setup();
    cleanup = drop;
    // One after the other: the first start migrates, the second finds the schema in place.
    const a = await startServer(env);
    children.push(a.child);
    const b = await startServer(env);
    children.push(b.child);
    const json = { 'content-type': 'application/json' };

    // A session made on A is valid on B, and signing out on B ends it on A.
    const signUp = async (email: string) => {
      const res = await fetch(`${a.url}/api/signup`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'two instances' }) });
      expect(res.status).toBe(201);
      return res.headers.get('set-cookie')?.split(';')[0] ?? '';
    };
    const ownerCookie = await signUp(`owner-${randomUUID().slice(0, 8)}@example.test`);
    const onB = await fetch(`${b.url}/api/auth/user`, { headers: { cookie: ownerCookie } });
    expect(onB.status).toBe(200);

    // Concurrent set-active calls spread over both processes never leave zero or two active.
    const { AVATAR_PRESETS } = await import('../../src/shared/avatars.ts');
    const ids: string[] = [];
    for (const name of ['First Guide', 'Second Guide', 'Third Guide']) {
      const res = await fetch(`${a.url}/api/avatars`, {
        method: 'POST',
        headers: { ...json, cookie: ownerCookie },
        body: JSON.stringify({ displayName: name, style: AVATAR_PRESETS[0]!.style }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${i % 2 === 0 ? a.url : b.url}/api/avatars/active/${ids[i % ids.length]}`, { method: 'PUT', headers: { cookie: ownerCookie } }).then((r) => r.status),
      ),
    );
    expect(answers.every((status) => status === 200), answers.join(',')).toBe(true);
    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    try {
      const perUser = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM avatar_profiles WHERE is_active GROUP BY user_id`);
      // Only the owner has avatars: exactly one of them is active.
      expect(perUser.rows.map((r) => r.n)).toEqual([1]);

      // Concurrent status changes of one inquiry on both processes: one of them wins, and the
      // stat cards' counts (kept by triggers) still match the rows.
      const techCookie = await signUp(`tech-${randomUUID().slice(0, 8)}@example.test`);
      await db.query(`UPDATE users SET role = 'tech' WHERE role IS NULL AND email LIKE 'tech-%'`);
      await db.query(`UPDATE users SET role = 'simple' WHERE role IS NULL`);
      // Each process remembers a signed-in user for up to 2 s: wait until both see the new roles.
      const roleOn = async (url: string, cookie: string) =>
        ((await (await fetch(`${url}/api/auth/user`, { headers: { cookie } })).json()) as { role: string | null }).role;
      for (const url of [a.url, b.url]) {
        await expect.poll(() => roleOn(url, techCookie), { timeout: 10_000, interval: 100 }).toBe('tech');
        await expect.poll(() => roleOn(url, ownerCookie), { timeout: 10_000, interval: 100 }).toBe('simple');
      }
      // The technician is staff of the shop the owner writes to: membership, not the mode, lets them move it.
      const shop = await db.query<{ id: string }>(
        `INSERT INTO service_centers (name, address, city, state) VALUES ('Two Process Garage', '1 Main St', 'Springfield', 'IL') RETURNING id`,
      );
      const serviceCenterId = shop.rows[0]!.id;
      await db.query(`INSERT INTO shop_staff (service_center_id, user_id, role) SELECT $1, id, 'technician' FROM users WHERE role = 'tech' AND email LIKE 'tech-%'`, [serviceCenterId]);
      const created = await fetch(`${b.url}/api/customer-inquiries`, {
        method: 'POST',
        headers: { ...json, cookie: ownerCookie },
        body: JSON.stringify({ inquiryType: 'service', subject: 'Two processes', description: 'Brakes squeal.', serviceCenterId }),
      });
      expect(created.status).toBe(201);
      const inquiryId = ((await created.json()) as { id: string }).id;
      const statuses = ['in_progress', 'resolved', 'closed', 'open'];
      const changes = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          fetch(`${i % 2 === 0 ? a.url : b.url}/api/customer-inquiries/${inquiryId}`, {
            method: 'PATCH',
            headers: { ...json, cookie: techCookie },
            body: JSON.stringify({ status: statuses[i % statuses.length] }),
          }).then((r) => r.status),
        ),
      );
      expect(changes.every((status) => status === 200), changes.join(',')).toBe(true);
      const final = await db.query<{ status: string }>(`SELECT status FROM customer_inquiries WHERE id = $1`, [inquiryId]);
      expect(statuses).toContain(final.rows[0]?.status);
      const drift = await db.query<{ n: number }>(`
        SELECT count(*)::int AS n FROM (
          SELECT service_center_id, status, priority, count(*) AS actual FROM customer_inquiries
          WHERE service_center_id IS NOT NULL GROUP BY 1, 2, 3
        ) real
        FULL JOIN (SELECT service_center_id, status, priority, n FROM shop_counts WHERE entity = 'inquiry' AND n <> 0) kept
          USING (service_center_id, status, priority)
        WHERE real.actual IS DISTINCT FROM kept.n`);
      expect(drift.rows[0]?.n).toBe(0);

      // The last 5 units of a part used 20 times at once over both processes (docs/parts.md#the-ledger):
      // exactly 5 uses are taken, the rest refused (409), and on hand still equals the ledger's sum.
      const part = await fetch(`${a.url}/api/shops/${serviceCenterId}/parts`, {
        method: 'POST',
        headers: { ...json, cookie: techCookie },
        body: JSON.stringify({ partNumber: 'TWO-5', name: 'Front brake pads' }),
      });
      expect(part.status, await part.clone().text()).toBe(201);
      const partId = ((await part.json()) as { id: string }).id;
      const move = (url: string, kind: 'received' | 'used', quantity: number) =>
        fetch(`${url}/api/inventory/${partId}/movements`, { method: 'POST', headers: { ...json, cookie: techCookie }, body: JSON.stringify({ kind, quantity }) }).then((r) => r.status);
      expect(await move(b.url, 'received', 5)).toBe(201);
      const uses = await Promise.all(Array.from({ length: 20 }, (_, i) => move(i % 2 === 0 ? a.url : b.url, 'used', 1)));
      expect([uses.filter((status) => status === 201).length, uses.filter((status) => status === 409).length], uses.join(',')).toEqual([5, 15]);
      const stock = await db.query<{ on_hand: number; ledger: number }>(
        `SELECT p.on_hand, (SELECT sum(quantity)::int FROM stock_movements m WHERE m.part_id = p.id) AS ledger FROM parts p WHERE p.id = $1`,
        [partId],
      );
      expect(stock.rows[0]).toEqual({ on_hand: 0, ledger: 0 });

      // Signing out on B ends the session on A too.
      await fetch(`${b.url}/api/logout`, { headers: { cookie: ownerCookie }, redirect: 'manual' });
      const signedOutAt = Date.now();
      await expect
        .poll(async () => (await fetch(`${a.url}/api/auth/user`, { headers: { cookie: ownerCookie } })).status, { timeout: 10_000, interval: 100 })
        .toBe(401);
      // Within the 2 s a process may remember a session it read (and a little scheduling slack).
      expect(Date.now() - signedOutAt).toBeLessThan(4_000);
    } finally {
      await db.end();
    }
  });
});

describe('stopping the server process', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await cleanup?.();
  });

  it('finishes a request already in flight when SIGTERM arrives, then exits cleanly', { timeout: 120_000 }, async () => {
    // The server target when there is one (quicker to start), else embedded PGlite.
    const target = targets[targets.length - 1]!;
    const { env, cleanup: drop } = await target.setup();
    cleanup = drop;
    const server = await startServer(env);
    const { port } = new URL(server.url);
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'not the password' });
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    const received = (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!answer.includes(text)) return;
          socket.off('data', check);
          resolve();
        };
        socket.on('data', check);
      });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // The server has read the headers once it asks for the body (100 Continue); half of the body
    // follows, so the request is being read when the signal comes.
    const headersRead = received('HTTP/1.1 100 Continue');
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    await headersRead;
    socket.write(body.slice(0, 20));
    const exited = stop(server.child);
    await waitForOutput(server.child, server.output, 'SIGTERM: finishing requests in flight');
    socket.write(body.slice(20));
    await closed;
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 100 Continue');
    const final = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(final.split('\r\n')[0], server.output()).toBe('HTTP/1.1 401 Unauthorized');
    expect(answer).toContain('Invalid email or password');
    expect(await exited).toBe(0);
    // New connections are refused once it is stopping.
    await expect(fetch(`${server.url}/api/auth/user`)).rejects.toThrow();
  });

  it('stopped while it builds the VIN decoder\'s cache, leaves nothing writing into its data folder', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vintech-data-'));
    const vpic = path.join(dir, 'vpic');
    const building = () => (existsSync(vpic) ? readdirSync(vpic).filter((name) => name.endsWith('.tmp')) : []);
    try {
      const server = await startServer({ DATA_DIR: dir, DATABASE_URL: '' });
      // The decoder's cache is built in a child process begun once the server is ready.
      await expect.poll(building, { timeout: 30_000, interval: 20 }).toHaveLength(1);
      expect(await stop(server.child)).toBe(0);
      // The build stopped with the server and took its half-written file with it.
      expect(building()).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
