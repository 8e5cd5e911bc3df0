import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { callerFor, createUser } from '../../../../tests/helpers/factories.ts';

describeEachDatabase('profile names', (getDb) => {
  it('changes the first and last name (trimmed; null or empty clears) and nothing else of the account', async () => {
    const db = getDb();
    const user = await createUser(db);
    const me = callerFor(db, user);
    expect(await me.auth.updateProfile({ firstName: '  Ada ', lastName: 'Lovelace' })).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: user.email, role: user.role });
    expect(await me.auth.updateProfile({ lastName: '' })).toMatchObject({ firstName: 'Ada', lastName: null });
    expect(await me.auth.updateProfile({ firstName: null })).toMatchObject({ firstName: null, lastName: null });
    for (const bad of [{}, { firstName: 'x'.repeat(101) }, { firstName: 7 }, { email: 'other@example.test' }]) {
      const error = await me.auth.updateProfile(bad as never).then(() => null, (e: { code?: string }) => e);
      expect(error?.code, JSON.stringify(bad)).toBe('BAD_REQUEST');
    }
    const stored = await db.selectFrom('users').select(['email', 'first_name', 'last_name']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ email: user.email, first_name: null, last_name: null });
  });
});
