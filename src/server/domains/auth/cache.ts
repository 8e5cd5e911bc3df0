import type { User } from '../../../shared/auth.ts';
import type { SessionData } from '../../http/sessions.ts';

interface Entry<T> {
  value: T;
  until: number;
}

/**
 * A short-lived, per-process memory of sessions and users, so an authenticated request does not
 * read two rows before doing its work. Changes made through this process update it at once; a
 * change made by another process (sign-out, role switch) is seen here within `ttlMs`.
 */
export class AuthCache {
  private readonly sessions = new Map<string, Entry<SessionData>>();
  private readonly users = new Map<string, Entry<User>>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  private fresh<T>(map: Map<string, Entry<T>>, key: string): T | undefined {
    const entry = map.get(key);
    if (!entry) return undefined;
    if (entry.until < Date.now()) {
      map.delete(key);
      return undefined;
    }
    return entry.value;
  }

  private put<T>(map: Map<string, Entry<T>>, key: string, value: T): void {
    if (this.ttlMs <= 0) return;
    map.delete(key);
    if (map.size >= this.maxEntries) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    map.set(key, { value, until: Date.now() + this.ttlMs });
  }

  /** A live session's data (frozen: a change stores a new object). */
  getSession(sid: string): SessionData | undefined {
    return this.fresh(this.sessions, sid);
  }

  setSession(sid: string, data: SessionData): void {
    this.put(this.sessions, sid, data);
  }

  deleteSession(sid: string): void {
    this.sessions.delete(sid);
  }

  getUser(id: string): User | undefined {
    return this.fresh(this.users, id);
  }

  setUser(user: User): void {
    this.put(this.users, user.id, user);
  }

  /** Forget a user and every session of theirs (after a password change, for instance). */
  forgetUser(userId: string): void {
    this.users.delete(userId);
    for (const [sid, entry] of this.sessions) if (entry.value.userId === userId) this.sessions.delete(sid);
  }
}
