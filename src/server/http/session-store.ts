import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import type { Database } from '../db/index.ts';
import type { JsonObject } from '../db/schema.ts';

type Callback = (err?: unknown) => void;
type GetCallback = (err: unknown, result?: Session | null) => void;

/** Sessions in PostgreSQL: they survive restarts and every app process on the database shares them. */
export class KyselySessionStore implements SessionStore {
  constructor(
    private readonly db: Database,
    private readonly defaultMaxAgeMs: number,
  ) {}

  get(sid: string, callback: GetCallback): void {
    this.db
      .selectFrom('sessions')
      .select('sess')
      .where('sid', '=', sid)
      .where('expire', '>', new Date())
      .executeTakeFirst()
      .then(
        (row) => callback(null, row ? (row.sess as unknown as Session) : null),
        (err: unknown) => callback(err),
      );
  }

  set(sid: string, session: Session, callback: Callback): void {
    const expires = session.cookie.expires ?? new Date(Date.now() + this.defaultMaxAgeMs);
    const sess = JSON.stringify(session as unknown as JsonObject);
    this.db
      .insertInto('sessions')
      .values({ sid, sess, expire: expires, user_id: session.userId ?? null })
      .onConflict((oc) => oc.column('sid').doUpdateSet({ sess, expire: expires, user_id: session.userId ?? null }))
      .execute()
      .then(
        () => callback(),
        (err: unknown) => callback(err),
      );
  }

  destroy(sid: string, callback: Callback): void {
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
