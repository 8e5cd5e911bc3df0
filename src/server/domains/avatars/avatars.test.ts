import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, signInCookie } from '../../../../tests/helpers/factories.ts';
import { avatarInputSchema } from '../../../shared/avatars.ts';
import { createAvatar } from './service.ts';
import { avatarBody, activeIds } from './test-support.ts';

describeEachDatabase('avatars through REST', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates, lists, updates, activates and deletes through REST; a new avatar becomes active', async () => {
    const user = await createUser(getDb());
    const cookie = await signInCookie(app, user.email);
    const none = await app.inject({ method: 'GET', url: '/api/avatars/active', headers: { cookie } });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'No active avatar', code: 'NOT_FOUND' });

    const first = await app.inject({ method: 'POST', url: '/api/avatars', headers: { cookie }, payload: avatarBody('Sparky') });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ displayName: 'Sparky', userId: user.id, isActive: true, personality: 'expert' });
    const second = await app.inject({
      method: 'POST',
      url: '/api/avatars',
      headers: { cookie },
      payload: avatarBody('Gauge', { personality: 'casual' }),
    });
    expect(second.statusCode).toBe(201);
    const firstId: string = first.json().id;
    const secondId: string = second.json().id;
    expect(await activeIds(getDb(), user.id)).toEqual([secondId]);

    const list = await app.inject({ method: 'GET', url: '/api/avatars', headers: { cookie } });
    expect(list.json().map((a: { displayName: string; isActive: boolean }) => [a.displayName, a.isActive])).toEqual([
      ['Sparky', false],
      ['Gauge', true],
    ]);
    expect(Object.keys(list.json()[0]).sort()).toEqual(
      ['createdAt', 'displayName', 'id', 'isActive', 'personality', 'style', 'tipsLevel', 'updatedAt', 'userId', 'voice'].sort(),
    );

    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/avatars/${firstId}`,
      headers: { cookie },
      payload: { displayName: 'Sparky Two', tipsLevel: 'basic', isActive: true, userId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(patched.statusCode).toBe(200);
    // isActive and userId are not editable through PATCH: set-active and the session decide them.
    expect(patched.json()).toMatchObject({ displayName: 'Sparky Two', tipsLevel: 'basic', personality: 'expert', isActive: false, userId: user.id });

    const activate = await app.inject({ method: 'PUT', url: `/api/avatars/active/${firstId}`, headers: { cookie } });
    expect(activate.statusCode).toBe(200);
    expect(activate.json()).toMatchObject({ id: firstId, isActive: true });
    expect(await activeIds(getDb(), user.id)).toEqual([firstId]);
    const active = await app.inject({ method: 'GET', url: '/api/avatars/active', headers: { cookie } });
    expect(active.json()).toMatchObject({ id: firstId, displayName: 'Sparky Two' });

    const refused = await app.inject({ method: 'DELETE', url: `/api/avatars/${firstId}`, headers: { cookie } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The active avatar cannot be deleted. Set another avatar active first.');
    const deleted = await app.inject({ method: 'DELETE', url: `/api/avatars/${secondId}`, headers: { cookie } });
    expect(deleted.statusCode).toBe(204);
    const after = await app.inject({ method: 'GET', url: '/api/avatars', headers: { cookie } });
    expect(after.json().map((a: { id: string }) => a.id)).toEqual([firstId]);
  });

  it('answers 401 without a session, and never trusts the client-session bearer header', async () => {
    const owner = await createUser(getDb());
    const avatar = await createAvatar(getDb(), owner.id, avatarInputSchema.parse(avatarBody('Owned')));
    const encodedSession = Buffer.from(JSON.stringify({ userId: owner.id, role: 'simple' })).toString('base64');
    const requests = [
      { method: 'GET', url: '/api/avatars' },
      { method: 'GET', url: '/api/avatars/active' },
      { method: 'POST', url: '/api/avatars', payload: avatarBody('Nope') },
      { method: 'PATCH', url: `/api/avatars/${avatar.id}`, payload: { displayName: 'Hacked' } },
      { method: 'DELETE', url: `/api/avatars/${avatar.id}` },
      { method: 'PUT', url: `/api/avatars/active/${avatar.id}` },
    ] as const;
    for (const request of requests) {
      const anonymous = await app.inject(request);
      expect(anonymous.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'No authenticated session', code: 'UNAUTHORIZED' });
      const claimed = await app.inject({ ...request, headers: { authorization: `Bearer ${encodedSession}` } });
      expect(claimed.statusCode, `${request.method} ${request.url} with client session`).toBe(401);
    }
    const stored = await getDb().selectFrom('avatar_profiles').select(['display_name', 'is_active']).where('id', '=', avatar.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ display_name: 'Owned', is_active: true });
  });

  it("answers 404 for every verb on another user's avatar and leaves it untouched", async () => {
    const owner = await createUser(getDb());
    const intruder = await createUser(getDb());
    const activeOne = await createAvatar(getDb(), owner.id, avatarInputSchema.parse(avatarBody('First')));
    const other = await createAvatar(getDb(), owner.id, avatarInputSchema.parse(avatarBody('Second')));
    await createAvatar(getDb(), intruder.id, avatarInputSchema.parse(avatarBody('Mine')));
    const cookie = await signInCookie(app, intruder.email);
    for (const target of [activeOne.id, other.id]) {
      const verbs = [
        { method: 'PATCH', url: `/api/avatars/${target}`, payload: { displayName: 'Stolen' } },
        { method: 'PATCH', url: `/api/avatars/${target}`, payload: {} },
        { method: 'DELETE', url: `/api/avatars/${target}` },
        { method: 'PUT', url: `/api/avatars/active/${target}` },
      ] as const;
      for (const verb of verbs) {
        const res = await app.inject({ ...verb, headers: { cookie } });
        expect(res.statusCode, `${verb.method} ${verb.url}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Avatar not found', code: 'NOT_FOUND' });
      }
    }
    const caller = callerFor(getDb(), intruder);
    await expect(caller.avatars.update({ id: other.id, changes: { displayName: 'Stolen' } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.avatars.delete({ id: other.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.avatars.setActive({ id: other.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const ownerRows = await getDb()
      .selectFrom('avatar_profiles')
      .select(['id', 'display_name', 'is_active'])
      .where('user_id', '=', owner.id)
      .orderBy('created_at')
      .execute();
    expect(ownerRows).toEqual([
      { id: activeOne.id, display_name: 'First', is_active: false },
      { id: other.id, display_name: 'Second', is_active: true },
    ]);
    const intruderList = await app.inject({ method: 'GET', url: '/api/avatars', headers: { cookie } });
    expect(intruderList.json().map((a: { displayName: string }) => a.displayName)).toEqual(['Mine']);

    const malformed = await app.inject({ method: 'DELETE', url: '/api/avatars/not-an-id', headers: { cookie } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('Invalid avatar id');
  });

  it('refuses invalid input with the schema messages and keeps stored data intact', async () => {
    const user = await createUser(getDb());
    const cookie = await signInCookie(app, user.email);
    const post = (payload: unknown) => app.inject({ method: 'POST', url: '/api/avatars', headers: { cookie }, payload: payload as object });

    const short = await post(avatarBody('A'));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Display name must be at least 2 characters');
    expect(short.json().issues.fieldErrors.displayName).toEqual(['Display name must be at least 2 characters']);
    const blank = await post(avatarBody('   '));
    expect(blank.json().issues.fieldErrors.displayName).toEqual(['Display name must be at least 2 characters']);
    const long = await post(avatarBody('y'.repeat(51)));
    expect(long.statusCode).toBe(400);
    expect(long.json().issues.fieldErrors.displayName).toEqual(['Display name must be less than 50 characters']);

    const emoji = await post(avatarBody('🚗'));
    expect(emoji.statusCode).toBe(400);
    const wide = await post(avatarBody('🚗'.repeat(50)));
    expect(wide.statusCode).toBe(201);
    expect(wide.json().displayName).toBe('🚗'.repeat(50));

    const badPack = await post({ ...avatarBody('Valid'), style: { ...avatarBody('Valid').style, pack: 'pixel' } });
    expect(badPack.statusCode).toBe(400);
    expect(badPack.json().message).toContain('Style pack must be one of: geometric, realistic, cartoon, minimalist');
    for (const [field, value, message] of [
      ['personality', 'grumpy', 'Personality must be one of: friendly, professional, expert, casual'],
      ['voice', 'shout', 'Voice must be one of: text, audio'],
      ['tipsLevel', 'guru', 'Tips level must be one of: basic, intermediate, advanced'],
    ] as const) {
      const res = await post({ ...avatarBody('Valid'), [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message, field).toContain(message);
    }
    const badAccessory = await post({ ...avatarBody('Valid'), style: { ...avatarBody('Valid').style, accessories: ['cape'] } });
    expect(badAccessory.json().message).toContain('Accessory must be one of: glasses, hat, badge, tools');
    const noStyle = await post({ displayName: 'No Style' });
    expect(noStyle.statusCode).toBe(400);
    // Only the valid one was stored.
    expect(await getDb().selectFrom('avatar_profiles').select('id').where('user_id', '=', user.id).execute()).toEqual([{ id: wide.json().id }]);

    const created = await post(avatarBody('Keeper'));
    const id: string = created.json().id;
    for (const payload of [{ displayName: 'K' }, { style: { pack: 'cartoon' } }, { personality: 'grumpy' }, [1, 2]]) {
      const res = await app.inject({ method: 'PATCH', url: `/api/avatars/${id}`, headers: { cookie }, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const stored = await app.inject({ method: 'GET', url: '/api/avatars/active', headers: { cookie } });
    expect(stored.json()).toMatchObject({ displayName: 'Keeper', style: avatarBody('x').style, personality: 'expert' });
  });
});
