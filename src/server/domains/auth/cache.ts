import type { User } from '../../../shared/auth.ts';
import type { SessionData } from '../../http/sessions.ts';
import { MemoryCache } from '../../lib/memory-cache.ts';

/** Room for about 10,000 signed-in clients' sessions and users each, at well under 1 KB apiece. */
const LIMITS = { maxBytes: 8 * 1024 * 1024, maxEntries: 10_000 };
/** A session or user as JSON is a few hundred bytes; kept in the heap, about twice that. */
const ENTRY_BYTES = 1_024;

/**
 * A short-lived, per-process memory of sessions and users, so an authenticated request does not
 * read two rows before doing its work. Changes made through this process update it at once; a
 * change made by another process (sign-out, role switch) is seen here within `ttlMs`.
 */
export class AuthCache {
  private readonly sessions: MemoryCache<SessionData>;
  private readonly users: MemoryCache<User>;

  constructor(readonly ttlMs: number) {
    this.sessions = new MemoryCache({ ...LIMITS, ttlMs });
    this.users = new MemoryCache({ ...LIMITS, ttlMs });
  }

  /** A live session's data (frozen: a change stores a new object). */
  getSession(sid: string): SessionData | undefined {
    return this.sessions.get(sid);
  }

  setSession(sid: string, data: SessionData): void {
    if (this.ttlMs > 0) this.sessions.set(sid, data, ENTRY_BYTES);
  }

  deleteSession(sid: string): void {
    this.sessions.delete(sid);
  }

  getUser(id: string): User | undefined {
    return this.users.get(id);
  }

  setUser(user: User): void {
    if (this.ttlMs > 0) this.users.set(user.id, user, ENTRY_BYTES);
  }

  /** Forget a user and every session of theirs (after a password change, for instance). */
  forgetUser(userId: string): void {
    this.users.delete(userId);
    this.sessions.deleteWhere((_sid, data) => data.userId === userId);
  }
}
