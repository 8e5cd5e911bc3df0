import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../shared/auth.ts';
import type { Database } from './db/index.ts';
import { AuthCache } from './domains/auth/cache.ts';
import { ReadCache } from './http/read-cache.ts';
import { findUserById } from './domains/auth/repository.ts';
import { domainError } from './http/errors.ts';

export interface Context {
  db: Database;
  user: User | null;
  /** The cookie session behind this request, if any (null for API tokens and tests). */
  sessionId: string | null;
  /** The request was signed in by a personal API token, not by a session. */
  viaToken: boolean;
  requestId: string;
  /** This process's memory of sessions and users; procedures that change a user update it. */
  authCache: AuthCache;
  /** This process's micro-cache of hot list reads; writes clear their scope. */
  readCache: ReadCache;
}

const noCache = new AuthCache(0);
const noReadCache = new ReadCache(0);

/** Pure context for tests and callers that already know the user. */
export function createContextInner(opts: {
  db: Database;
  user: User | null;
  sessionId?: string | null;
  viaToken?: boolean;
  requestId?: string;
  authCache?: AuthCache;
  readCache?: ReadCache;
}): Context {
  return {
    db: opts.db,
    user: opts.user,
    sessionId: opts.sessionId ?? null,
    viaToken: opts.viaToken ?? false,
    requestId: opts.requestId ?? 'internal',
    authCache: opts.authCache ?? noCache,
    readCache: opts.readCache ?? noReadCache,
  };
}

/** A session ends 30 days after sign-in at the latest, or after 7 days without a request. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60_000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000;
// Activity is recorded at this resolution so that most requests do not write the session.
const SESSION_TOUCH_MS = 10 * 60_000;

/** The signed-in user of a request to a path outside tRPC (uploads, downloads); 401 when there is none. */
export async function requireUserOfRequest(req: FastifyRequest): Promise<User> {
  const user = await userOfRequest(req.server.db, req);
  if (!user) throw domainError('UNAUTHORIZED', 'No authenticated session');
  return user;
}

/** Resolves the signed-in user of a request once, even when both tRPC and REST ask. */
export async function userOfRequest(db: Database, req: FastifyRequest): Promise<User | null> {
  if (req.currentUser !== undefined) return req.currentUser;
  const sessions = req.server.sessions;
  const session = await sessions.current(req);
  let user: User | null = null;
  if (session) {
    const now = Date.now();
    const { userId, createdAt } = session.data;
    const lastSeenAt = session.data.lastSeenAt ?? createdAt;
    if (now - createdAt > SESSION_ABSOLUTE_MS || now - lastSeenAt > SESSION_IDLE_MS) {
      await sessions.destroy(req);
    } else {
      const cache = req.server.authCache;
      user = cache.getUser(userId) ?? null;
      if (!user) {
        // Remembered only when read: refreshing the memory on every hit would keep a role change
        // made through another process from ever showing here while requests keep coming.
        user = await findUserById(db, userId);
        if (user) cache.setUser(user);
      }
      if (user && now - lastSeenAt > SESSION_TOUCH_MS) await sessions.touch(req, session, now);
    }
  }
  req.currentUser = user;
  return user;
}

export async function createContext(db: Database, req: FastifyRequest, _reply?: FastifyReply): Promise<Context> {
  const user = await userOfRequest(db, req);
  const viaToken = req.authenticatedBy === 'token';
  const sessionId = viaToken ? null : (req.activeSession?.id ?? null);
  return createContextInner({ db, user, sessionId, viaToken, requestId: req.id, authCache: req.server.authCache, readCache: req.server.readCache });
}

declare module 'fastify' {
  interface FastifyRequest {
    currentUser?: User | null;
    authenticatedBy?: 'session' | 'token';
  }
}
