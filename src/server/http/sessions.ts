import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/index.ts';
import type { AuthCache } from '../domains/auth/cache.ts';
import type { CachedSigner } from './cached-signer.ts';

/** What a session row keeps (the `sess` column). */
export interface SessionData {
  readonly userId: string;
  readonly createdAt: number;
  readonly lastSeenAt?: number;
}

export interface ActiveSession {
  readonly id: string;
  readonly data: SessionData;
}

function isSessionData(value: unknown): value is SessionData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.userId === 'string' && typeof v.createdAt === 'number' && (v.lastSeenAt === undefined || typeof v.lastSeenAt === 'number');
}

/** The raw value of one cookie in a Cookie header, or undefined. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * A Set-Cookie value for the session cookie: host-wide, out of scripts' reach, same-site. An answer
 * that sets it is never stored by a cache.
 */
function sessionCookie(name: string, value: string, expires: Date, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((expires.getTime() - Date.now()) / 1000));
  const attributes = [`Max-Age=${maxAge}`, 'Path=/', `Expires=${expires.toUTCString()}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${name}=${encodeURIComponent(value)}`, ...attributes].join('; ');
}

/**
 * Cookie sessions kept in PostgreSQL. A request's session is read only when something asks for it
 * (static files and anonymous calls never touch the store), from this process's short memory when
 * it can; it is written only at sign-in, at sign-out and when activity is recorded, never per
 * request. The cookie is the session id signed with the server secret (HMAC), as before.
 */
export class SessionManager {
  constructor(
    private readonly db: Database,
    private readonly signer: CachedSigner,
    private readonly cache: AuthCache,
    readonly cookieName: string,
    private readonly maxAgeMs: number,
  ) {}

  /** The request carries this app's session cookie (valid or not): its answer is the caller's. */
  carriesCookie(req: FastifyRequest): boolean {
    return cookieValue(req.headers.cookie, this.cookieName) !== undefined;
  }

  /** The id carried by the request's cookie, if its signature holds. */
  private cookieSessionId(req: FastifyRequest): string | null {
    const raw = cookieValue(req.headers.cookie, this.cookieName);
    if (!raw) return null;
    let signed: string;
    try {
      signed = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const verdict = this.signer.unsign(signed);
    return verdict.valid && verdict.value ? verdict.value : null;
  }

  /** The request's session (read once per request), or null when it has none or it has ended. */
  async current(req: FastifyRequest): Promise<ActiveSession | null> {
    if (req.activeSession !== undefined) return req.activeSession;
    const id = this.cookieSessionId(req);
    let session: ActiveSession | null = null;
    if (id) {
      const cached = this.cache.getSession(id);
      const data = cached !== undefined ? cached : await this.load(id);
      session = data ? { id, data } : null;
    }
    req.activeSession = session;
    return session;
  }

  private async load(id: string): Promise<SessionData | null> {
    const epoch = this.cache.epoch();
    const row = await this.db
      .selectFrom('sessions')
      .select(['sess'])
      .where('sid', '=', id)
      .where('expire', '>', new Date())
      .executeTakeFirst();
    const data = row && isSessionData(row.sess) ? Object.freeze({ userId: row.sess.userId, createdAt: row.sess.createdAt, lastSeenAt: row.sess.lastSeenAt }) : null;
    // Only live sessions are remembered, and only if none ended while this read was under way: an
    // ended one may not come back, a new id never recurs.
    if (data) this.cache.setSession(id, data, epoch);
    return data;
  }

  /** Signs the user in with a fresh session id (one planted before sign-in is worthless after it). */
  async start(req: FastifyRequest, reply: FastifyReply, userId: string): Promise<ActiveSession> {
    await this.destroy(req);
    const id = randomBytes(24).toString('base64url');
    const now = Date.now();
    const data: SessionData = Object.freeze({ userId, createdAt: now, lastSeenAt: now });
    const expires = new Date(now + this.maxAgeMs);
    const epoch = this.cache.epoch();
    await this.db.insertInto('sessions').values({ sid: id, sess: JSON.stringify(data), expire: expires, user_id: userId }).execute();
    this.cache.setSession(id, data, epoch);
    const session = { id, data };
    req.activeSession = session;
    reply.header('cache-control', 'no-store').header('set-cookie', sessionCookie(this.cookieName, this.signer.sign(id), expires, req.protocol === 'https'));
    return session;
  }

  /**
   * Sets a cookie that looks like a new session's but names none, after ending the request's
   * session as a sign-in would: a sign-up for an address that already has an account answers
   * exactly like one that signed someone in (see decision 053).
   */
  async startDecoy(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.destroy(req);
    const id = randomBytes(24).toString('base64url');
    const now = Date.now();
    const expires = new Date(now + this.maxAgeMs);
    // The same write as a real sign-in, so both take the same time; the row is expired from the
    // start and names no one, so it never signs anybody in and is pruned with the expired ones.
    await this.db.insertInto('sessions').values({ sid: id, sess: JSON.stringify({}), expire: new Date(now), user_id: null }).execute();
    reply.header('cache-control', 'no-store').header('set-cookie', sessionCookie(this.cookieName, this.signer.sign(id), expires, req.protocol === 'https'));
  }

  /** Records activity (callers do so at a coarse resolution, so most requests write nothing). */
  async touch(req: FastifyRequest, session: ActiveSession, at: number): Promise<void> {
    const data: SessionData = Object.freeze({ ...session.data, lastSeenAt: at });
    const epoch = this.cache.epoch();
    const result = await this.db.updateTable('sessions').set({ sess: JSON.stringify(data) }).where('sid', '=', session.id).executeTakeFirst();
    // A session ended meanwhile has no row left to update and is not remembered again.
    if (result.numUpdatedRows > 0n) this.cache.setSession(session.id, data, epoch);
    req.activeSession = { id: session.id, data };
  }

  /** Ends the request's session in the store (every process stops accepting it). */
  async destroy(req: FastifyRequest): Promise<void> {
    const session = await this.current(req);
    req.activeSession = null;
    if (!session) return;
    // Row first, memory after: a read that starts between the two finds no row, and one that
    // started before is refused by the ending (see AuthCache.epoch).
    await this.db.deleteFrom('sessions').where('sid', '=', session.id).execute();
    this.cache.deleteSession(session.id);
  }

  /** Tells the browser to drop the cookie. */
  clearCookie(req: FastifyRequest, reply: FastifyReply): void {
    reply.header('cache-control', 'no-store').header('set-cookie', sessionCookie(this.cookieName, '', new Date(0), req.protocol === 'https'));
  }
}

export async function pruneExpiredSessions(db: Database): Promise<void> {
  await db.deleteFrom('sessions').where('expire', '<=', new Date()).execute();
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionManager;
  }
  interface FastifyRequest {
    /** The session read for this request: undefined until asked for, null when there is none. */
    activeSession?: ActiveSession | null;
  }
}
