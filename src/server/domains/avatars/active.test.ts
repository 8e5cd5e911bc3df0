import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { createUser } from '../../../../tests/helpers/factories.ts';
import { avatarInputSchema } from '../../../shared/avatars.ts';
import type { Database } from '../../db/index.ts';
import { createAvatar, removeAvatar, setActiveAvatar } from './service.ts';
import { avatarBody, activeIds } from './test-support.ts';

describeEachDatabase('avatars: exactly one active', (getDb, kind) => {
  it('keeps exactly one active avatar under concurrent set-active, create and delete calls', async () => {
    const db = getDb();
    const user = await createUser(db);
    const a = await createAvatar(db, user.id, avatarInputSchema.parse(avatarBody('Alpha')));
    const b = await createAvatar(db, user.id, avatarInputSchema.parse(avatarBody('Bravo')));
    const c = await createAvatar(db, user.id, avatarInputSchema.parse(avatarBody('Charlie')));

    // Each round runs on two separate connections at once (PGlite has only one: it serialises them).
    const onTwoConnections = async <T>(left: (db: Database) => Promise<T>, right: (db: Database) => Promise<T>) => {
      if (kind === 'pglite') return Promise.allSettled([left(db), right(db)]);
      return db.connection().execute((one) =>
        db.connection().execute((two) => Promise.allSettled([left(one), right(two)])),
      );
    };

    for (let round = 0; round < 12; round++) {
      const [x, y] = round % 2 === 0 ? [a, b] : [c, a];
      const results = await onTwoConnections(
        (conn) => setActiveAvatar(conn, user.id, x.id),
        (conn) => setActiveAvatar(conn, user.id, y.id),
      );
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      const active = await activeIds(db, user.id);
      expect(active).toHaveLength(1);
      expect([x.id, y.id]).toContain(active[0]);
    }

    const burst = await Promise.allSettled([
      ...[a, b, c].map((avatar) => setActiveAvatar(db, user.id, avatar.id)),
      ...Array.from({ length: 3 }, (_, i) => createAvatar(db, user.id, avatarInputSchema.parse(avatarBody(`Burst ${i}`)))),
    ]);
    expect(burst.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await activeIds(db, user.id)).toHaveLength(1);

    // Deleting an avatar while another request activates it: one of them wins, never zero active.
    for (let round = 0; round < 4; round++) {
      await setActiveAvatar(db, user.id, a.id);
      const victim = await createAvatar(db, user.id, avatarInputSchema.parse(avatarBody(`Victim ${round}`)));
      await setActiveAvatar(db, user.id, a.id);
      const results = await onTwoConnections<unknown>(
        (conn) => removeAvatar(conn, user.id, victim.id),
        (conn) => setActiveAvatar(conn, user.id, victim.id),
      );
      const active = await activeIds(db, user.id);
      expect(active).toHaveLength(1);
      const [removed, activated] = results;
      if (removed?.status === 'fulfilled') {
        expect(active).toEqual([a.id]);
        expect(activated?.status).toBe('rejected');
      } else {
        expect(active).toEqual([victim.id]);
        expect(activated?.status).toBe('fulfilled');
      }
    }
  });

  it('refuses a second active avatar in the database itself', async () => {
    const user = await createUser(getDb());
    await createAvatar(getDb(), user.id, avatarInputSchema.parse(avatarBody('Only')));
    await expect(
      getDb()
        .insertInto('avatar_profiles')
        .values({ user_id: user.id, display_name: 'Sneaky', style: JSON.stringify(avatarBody('x').style), is_active: true })
        .execute(),
    ).rejects.toThrow();
  });
});
