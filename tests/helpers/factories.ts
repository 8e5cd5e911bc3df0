import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import type { User } from '../../src/shared/auth.ts';
import type { Role } from '../../src/shared/constants.ts';
import { buildApp } from '../../src/server/app.ts';
import { createContextInner } from '../../src/server/context.ts';
import type { Database } from '../../src/server/db/index.ts';
import { hashPassword } from '../../src/server/domains/auth/password.ts';
import { findUserById } from '../../src/server/domains/auth/repository.ts';
import { createCaller } from '../../src/server/router.ts';

export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** A stored user with a known password (TEST_PASSWORD). role null = has not chosen yet. */
export async function createUser(db: Database, opts: { role?: Role | null; email?: string } = {}): Promise<User> {
  // A cheaper scrypt cost than the app's own (the hash names its cost): each of the suites' hundreds
  // of sign-ins then verifies in about 2 ms instead of 30. Accounts made through sign-up keep the app's.
  passwordHash ??= hashPassword(TEST_PASSWORD, { N: 1024, r: 8, p: 1 });
  const row = await db
    .insertInto('users')
    .values({
      email: opts.email ?? uniqueEmail(opts.role ?? 'user'),
      password_hash: await passwordHash,
      role: opts.role === undefined ? 'simple' : opts.role,
      preferences: JSON.stringify({}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await findUserById(db, row.id);
  if (!user) throw new Error('user vanished');
  return user;
}

/** A tRPC caller acting as `user` (null: anonymous). */
export function callerFor(db: Database, user: User | null) {
  return createCaller(createContextInner({ db, user }));
}

export async function buildTestApp(db: Database): Promise<FastifyInstance> {
  const app = await buildApp({
    db,
    appName: 'VinTech',
    sessionSecret: 'test-secret-that-is-long-enough-for-signing-cookies',
    rateLimits: { signIn: { limit: 1000, windowMs: 60_000 }, signUp: { limit: 1000, windowMs: 60_000 } },
    // Tests write rows directly and read them back at once; the micro-cache has its own tests.
    readCacheMs: 0,
  });
  await app.ready();
  return app;
}

/** Signs in through the real endpoint and returns the Cookie header value for later requests. */
export async function signInCookie(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'vt.sid');
  if (!cookie) throw new Error('no session cookie');
  return `vt.sid=${cookie.value}`;
}

/** The TRPCError a call failed with (the test fails if the call succeeds or throws anything else). */
export async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}
