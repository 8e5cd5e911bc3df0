import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../shared/auth.ts';
import type { Database } from './db/index.ts';
import { findUserById } from './domains/auth/repository.ts';

export interface Context {
  db: Database;
  user: User | null;
  requestId: string;
}

/** Pure context for tests and callers that already know the user. */
export function createContextInner(opts: { db: Database; user: User | null; requestId?: string }): Context {
  return { db: opts.db, user: opts.user, requestId: opts.requestId ?? 'internal' };
}

/** Resolves the signed-in user of a request once, even when both tRPC and REST ask. */
export async function userOfRequest(db: Database, req: FastifyRequest): Promise<User | null> {
  if (req.currentUser !== undefined) return req.currentUser;
  const userId = req.session?.userId;
  const user = userId ? await findUserById(db, userId) : null;
  req.currentUser = user;
  return user;
}

export async function createContext(db: Database, req: FastifyRequest, _reply?: FastifyReply): Promise<Context> {
  return createContextInner({ db, user: await userOfRequest(db, req), requestId: req.id });
}

declare module 'fastify' {
  interface FastifyRequest {
    currentUser?: User | null;
  }
  interface Session {
    userId?: string;
    createdAt?: number;
  }
}
