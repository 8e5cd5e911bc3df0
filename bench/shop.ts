import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ROOT } from './lib.ts';

/**
 * How the benches act as a shop's staff (docs/shops.md): the scale seed fills Scale Garage and
 * leaves one open technician invitation per code; each bench account signs up over HTTP and
 * accepts its own code with `POST /api/invites/{code}/accept`. No account gets access any other way.
 */

/** Fresh invitation codes, as the product makes them (32 random bytes, base64url). */
export function inviteCodes(count: number): string[] {
  return Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
}

/**
 * `npm run db:seed -- --scale N --invite=CODE ...` on the bench's database (the server's data
 * directory, or the PostgreSQL server of `databaseUrl`) before the server starts.
 */
export function seedScaleShop(options: { dataDir: string; databaseUrl?: string; scale: number; invites: string[] }): void {
  const args = ['--import', 'tsx', 'src/server/db/seed-cli.ts', '--scale', String(options.scale), ...options.invites.map((code) => `--invite=${code}`)];
  const seeded = spawnSync(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: options.dataDir, DATABASE_URL: options.databaseUrl ?? '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error('could not fill the shop for the bench');
}

/**
 * A new account over HTTP; answers its session cookie. Sign-ups are limited per address: each
 * account comes from its own (the bench's servers trust the proxy header).
 */
export async function signUp(url: string, name: string, index: number): Promise<string> {
  const res = await fetch(`${url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${1 + Math.floor(index / 62500)}.${Math.floor(index / 250) % 250}.${(index % 250) + 1}` },
    body: JSON.stringify({ email: `${name}-${Date.now()}-${index}@example.test`, password: 'benchmark password' }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie')?.split(';')[0] ?? '';
}

/** Tech Mode: the technician's shell and wording (it grants nothing by itself). */
export async function useTechMode(url: string, cookie: string): Promise<void> {
  const res = await fetch(`${url}/trpc/auth.setRole`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify({ json: { role: 'tech' } }),
  });
  if (!res.ok) throw new Error(`role failed: ${res.status}`);
}

/** Accepts an invitation; answers the shop joined (it becomes the account's current shop). */
export async function acceptInvite(url: string, cookie: string, code: string): Promise<string> {
  const res = await fetch(`${url}/api/invites/${encodeURIComponent(code)}/accept`, { method: 'POST', headers: { cookie, origin: url } });
  if (res.status !== 200) throw new Error(`accepting the invitation failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { serviceCenterId: string }).serviceCenterId;
}

/** A technician of the scale shop: signed up, in Tech Mode, staff through its invitation. */
export async function technician(url: string, index: number, code: string): Promise<{ cookie: string; serviceCenterId: string }> {
  const cookie = await signUp(url, 'bench-tech', index);
  await useTechMode(url, cookie);
  return { cookie, serviceCenterId: await acceptInvite(url, cookie, code) };
}
