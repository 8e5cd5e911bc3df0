import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import type { Database } from '../db/index.ts';
import type { AuthCache } from '../domains/auth/cache.ts';

type Callback = (err?: unknown) => void;
type GetCallback = (err: unknown, result?: Session | null) => void;

/** Sessions in PostgreSQL: they survive restarts and every app process on the database shares them. */
export class KyselySessionStore implements SessionStore {
  constructor(
    private readonly db: Database,
    private readonly defaultMaxAgeMs: number,
    private readonly cache: AuthCache,
  ) {}

  get(sid: string, callback: GetCallback): void {
    const cached = this.cache.getSession(sid);
    if (cached !== undefined) {
      callback(null, JSON.parse(cached) as Session);
      return;
    }
    this.db
      .selectFrom('sessions')
      .select(['sess', 'user_id'])
      .where('sid', '=', sid)
      .where('expire', '>', new Date())
      .executeTakeFirst()
      .then(
        (row) => {
          if (row) this.cache.setSession(sid, JSON.stringify(row.sess), row.user_id);
          callback(null, row ? (row.sess as unknown as Session) : null);
        },
        (err: unknown) => callback(err),
      );
  }

  set(sid: string, session: Session, callback: Callback): void {
    const expires = session.cookie.expires ?? new Date(Date.now() + this.defaultMaxAgeMs);
    const sess = JSON.stringify(session);
    const userId = session.userId ?? null;
    this.db
      .insertInto('sessions')
      .values({ sid, sess, expire: expires, user_id: userId })
      .onConflict((oc) => oc.column('sid').doUpdateSet({ sess, expire: expires, user_id: userId }))
      .execute()
      .then(
        () => {
          this.cache.setSession(sid, sess, userId);
          callback();
        },
        (err: unknown) => callback(err),
      );
  }

  destroy(sid: string, callback: Callback): void {
    this.cache.deleteSession(sid);
    this.db
      .deleteFrom('sessions')
      .where('sid', '=', sid)
      .execute()
      .then(
        () => callback(),
        (err: unknown) => callback(err),
      );
  }
}

export async function pruneExpiredSessions(db: Database): Promise<void> {
  await db.deleteFrom('sessions').where('expire', '<=', new Date()).execute();
}
