import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { INVITE_STATE_MESSAGES } from '../../../shared/shops.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, rejection, signInCookie } from '../../../../tests/helpers/factories.ts';
import { createStaff, makeAdmin, registerShop, shopWithStaff } from '../../../../tests/helpers/shops.ts';
import { hashCode } from './invites.ts';
import { LAST_OWNER_MESSAGE } from './staff.ts';

const center = () => ({ name: `Garage ${randomUUID().slice(0, 8)}`, address: '1 Main St', city: 'Austin', state: 'TX' });

describeEachDatabase('shops: register, staff, invites', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lets any signed-in user register a shop and become its owner; it becomes the current shop', async () => {
    const db = getDb();
    const user = await createUser(db, { role: 'simple' });
    await expect(callerFor(db, null).shops.register(center())).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const shop = await callerFor(db, user).shops.register(center());
    expect(shop.managerId).toBe(user.id);
    const mine = await callerFor(db, { ...user, currentShopId: shop.id }).shops.mine();
    expect(mine.memberships).toEqual([expect.objectContaining({ serviceCenterId: shop.id, role: 'owner' })]);
    const row = await db.selectFrom('users').select('current_shop_id').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.current_shop_id).toBe(shop.id);
    const staff = await callerFor(db, user).shops.staff.list({ serviceCenterId: shop.id });
    expect(staff).toEqual([expect.objectContaining({ userId: user.id, email: user.email, role: 'owner' })]);
    // Bad input: a sentence, not a 500.
    await expect(callerFor(db, user).shops.register({ ...center(), name: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('lists staff to members and admins only; strangers get 404', async () => {
    const db = getDb();
    const { shop, technician } = await shopWithStaff(db);
    const stranger = await createUser(db);
    const admin = await makeAdmin(db, await createUser(db));
    expect(await callerFor(db, technician).shops.staff.list({ serviceCenterId: shop.id })).toHaveLength(3);
    expect(await callerFor(db, admin).shops.staff.list({ serviceCenterId: shop.id })).toHaveLength(3);
    await expect(callerFor(db, stranger).shops.staff.list({ serviceCenterId: shop.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Tech Mode grants nothing.
    const switched = await callerFor(db, stranger).auth.setRole({ role: 'tech' });
    await expect(callerFor(db, switched).shops.staff.list({ serviceCenterId: shop.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(callerFor(db, switched).shops.invites.create({ serviceCenterId: shop.id, role: 'technician' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('changes roles: managers manage technicians, only owners make or unmake owners, the last owner stays', async () => {
    const db = getDb();
    const { shop, owner, manager, technician } = await shopWithStaff(db);
    const id = shop.id;
    await expect(callerFor(db, technician).shops.staff.setRole({ serviceCenterId: id, userId: manager.id, role: 'technician' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await callerFor(db, manager).shops.staff.setRole({ serviceCenterId: id, userId: technician.id, role: 'manager' })).toMatchObject({ role: 'manager' });
    await expect(callerFor(db, manager).shops.staff.setRole({ serviceCenterId: id, userId: technician.id, role: 'owner' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(db, manager).shops.staff.setRole({ serviceCenterId: id, userId: owner.id, role: 'manager' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(db, owner).shops.staff.setRole({ serviceCenterId: id, userId: owner.id, role: 'manager' })).rejects.toMatchObject({ code: 'CONFLICT', message: LAST_OWNER_MESSAGE });
    await expect(callerFor(db, owner).shops.staff.remove({ serviceCenterId: id, userId: owner.id })).rejects.toMatchObject({ code: 'CONFLICT', message: LAST_OWNER_MESSAGE });
    await expect(callerFor(db, owner).shops.leave({ serviceCenterId: id })).rejects.toMatchObject({ code: 'CONFLICT', message: LAST_OWNER_MESSAGE });
    await expect(callerFor(db, owner).shops.staff.setRole({ serviceCenterId: id, userId: randomUUID(), role: 'manager' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Staff member not found' });
    // With a second owner the first may step down and leave.
    await callerFor(db, owner).shops.staff.setRole({ serviceCenterId: id, userId: manager.id, role: 'owner' });
    await callerFor(db, owner).shops.staff.setRole({ serviceCenterId: id, userId: owner.id, role: 'manager' });
    await callerFor(db, owner).shops.leave({ serviceCenterId: id });
    expect((await callerFor(db, manager).shops.staff.list({ serviceCenterId: id })).map((m) => [m.userId, m.role])).toEqual([
      [manager.id, 'owner'],
      [technician.id, 'manager'],
    ]);
    await expect(callerFor(db, owner).shops.staff.list({ serviceCenterId: id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Every change is in the audit log.
    const audit = await db.selectFrom('audit_log').select(['entity', 'action', 'entity_id']).where('service_center_id', '=', id).where('entity', '=', 'staff').execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['delete', 'update', 'update', 'update']);
  });

  it('keeps one owner when two owners demote each other at once', async () => {
    const db = getDb();
    const { shop, owner, manager } = await shopWithStaff(db);
    await callerFor(db, owner).shops.staff.setRole({ serviceCenterId: shop.id, userId: manager.id, role: 'owner' });
    const results = await Promise.allSettled([
      callerFor(db, owner).shops.staff.setRole({ serviceCenterId: shop.id, userId: manager.id, role: 'technician' }),
      callerFor(db, { ...manager }).shops.staff.setRole({ serviceCenterId: shop.id, userId: owner.id, role: 'technician' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const owners = await db.selectFrom('shop_staff').select('user_id').where('service_center_id', '=', shop.id).where('role', '=', 'owner').execute();
    expect(owners).toHaveLength(1);
  });

  it('invites by a single-use code kept only as a hash; a manager cannot invite an owner', async () => {
    const db = getDb();
    const { shop, owner, manager, technician } = await shopWithStaff(db);
    await expect(callerFor(db, technician).shops.invites.create({ serviceCenterId: shop.id, role: 'technician' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(db, manager).shops.invites.create({ serviceCenterId: shop.id, role: 'owner' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Only an owner can invite an owner' });
    const invite = await callerFor(db, owner).shops.invites.create({ serviceCenterId: shop.id, role: 'manager', email: ' New@Example.test ' });
    expect(invite.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invite).toMatchObject({ link: `/invite/${invite.code}`, email: 'new@example.test', role: 'manager', emailed: false });
    const expiresIn = invite.expiresAt.getTime() - invite.createdAt.getTime();
    expect(Math.round(expiresIn / 86_400_000)).toBe(7);
    const stored = await db.selectFrom('shop_invites').selectAll().where('id', '=', invite.id).executeTakeFirstOrThrow();
    expect(stored.code_hash).toBe(hashCode(invite.code));
    expect(JSON.stringify(stored)).not.toContain(invite.code);
    const listed = await callerFor(db, manager).shops.invites.list({ serviceCenterId: shop.id });
    expect(listed.map((i) => i.id)).toEqual([invite.id]);
    expect(JSON.stringify(listed)).not.toContain(invite.code);
    await expect(callerFor(db, technician).shops.invites.list({ serviceCenterId: shop.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    expect(await callerFor(db, null).shops.invites.preview({ code: invite.code })).toMatchObject({ state: 'open', shopName: shop.name, city: shop.city, role: 'manager' });
    const joiner = await createUser(db);
    await expect(callerFor(db, null).shops.invites.accept({ code: invite.code })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await callerFor(db, joiner).shops.invites.accept({ code: invite.code })).toEqual({ serviceCenterId: shop.id, shopName: shop.name, role: 'manager' });
    const joinerRow = await db.selectFrom('users').select('current_shop_id').where('id', '=', joiner.id).executeTakeFirstOrThrow();
    expect(joinerRow.current_shop_id).toBe(shop.id);
    expect(await callerFor(db, null).shops.invites.preview({ code: invite.code })).toEqual({ state: 'used', message: INVITE_STATE_MESSAGES.used });
    const again = await rejection(callerFor(db, await createUser(db)).shops.invites.accept({ code: invite.code }));
    expect(again).toMatchObject({ code: 'CONFLICT', message: INVITE_STATE_MESSAGES.used });
    expect(await callerFor(db, manager).shops.invites.list({ serviceCenterId: shop.id })).toEqual([]);
  });

  it('refuses expired, revoked and unknown codes in plain words', async () => {
    const db = getDb();
    const owner = await createUser(db);
    const shop = await registerShop(db, owner);
    const expired = await callerFor(db, owner).shops.invites.create({ serviceCenterId: shop.id, role: 'technician' });
    await db.updateTable('shop_invites').set({ expires_at: sql<Date>`now() - interval '1 minute'` }).where('id', '=', expired.id).execute();
    const revoked = await callerFor(db, owner).shops.invites.create({ serviceCenterId: shop.id, role: 'technician' });
    await callerFor(db, owner).shops.invites.revoke({ serviceCenterId: shop.id, inviteId: revoked.id });
    await expect(callerFor(db, owner).shops.invites.revoke({ serviceCenterId: shop.id, inviteId: revoked.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const user = await createUser(db);
    const cases = [
      [expired.code, 'expired', 'CONFLICT'],
      [revoked.code, 'revoked', 'CONFLICT'],
      ['x'.repeat(43), 'invalid', 'NOT_FOUND'],
    ] as const;
    for (const [code, state, error] of cases) {
      expect(await callerFor(db, null).shops.invites.preview({ code })).toEqual({ state, message: INVITE_STATE_MESSAGES[state] });
      expect(await rejection(callerFor(db, user).shops.invites.accept({ code }))).toMatchObject({ code: error, message: INVITE_STATE_MESSAGES[state] });
    }
    await expect(callerFor(db, user).shops.invites.accept({ code: 'short' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await db.selectFrom('shop_staff').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('lets exactly one of two simultaneous accepts win', async () => {
    const db = getDb();
    const owner = await createUser(db);
    const shop = await registerShop(db, owner);
    const invite = await callerFor(db, owner).shops.invites.create({ serviceCenterId: shop.id, role: 'technician' });
    const [a, b] = [await createUser(db), await createUser(db)];
    const results = await Promise.allSettled([a, b].map((u) => callerFor(db, u).shops.invites.accept({ code: invite.code })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const loser = results.find((r) => r.status === 'rejected');
    expect((loser as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT', message: INVITE_STATE_MESSAGES.used });
    const joined = await db.selectFrom('shop_staff').select('user_id').where('service_center_id', '=', shop.id).where('user_id', 'in', [a.id, b.id]).execute();
    expect(joined).toHaveLength(1);
  });

  it('keeps a higher role of an existing member who accepts, and raises a lower one', async () => {
    const db = getDb();
    const { shop, owner, manager, technician } = await shopWithStaff(db);
    const low = await callerFor(db, owner).shops.invites.create({ serviceCenterId: shop.id, role: 'technician' });
    expect(await callerFor(db, manager).shops.invites.accept({ code: low.code })).toMatchObject({ role: 'manager' });
    const high = await callerFor(db, owner).shops.invites.create({ serviceCenterId: shop.id, role: 'manager' });
    expect(await callerFor(db, technician).shops.invites.accept({ code: high.code })).toMatchObject({ role: 'manager' });
  });

  it('answers the REST paths: staff list, invite, role, remove, accept', async () => {
    const db = getDb();
    const owner = await createUser(db);
    const shop = await registerShop(db, owner);
    const ownerCookie = await signInCookie(app, owner.email);
    const tech = await createUser(db);
    const techCookie = await signInCookie(app, tech.email);
    const origin = { origin: 'http://localhost:3000', host: 'localhost:3000' };

    expect((await app.inject({ method: 'GET', url: `/api/shops/${shop.id}/staff` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/shops/${shop.id}/staff`, headers: { cookie: techCookie } })).statusCode).toBe(404);
    const created = await app.inject({ method: 'POST', url: `/api/shops/${shop.id}/staff`, headers: { cookie: ownerCookie, ...origin }, payload: { role: 'technician' } });
    expect(created.statusCode).toBe(201);
    const { code, link } = created.json<{ code: string; link: string }>();
    expect(link).toBe(`/invite/${code}`);
    const bad = await app.inject({ method: 'POST', url: `/api/shops/${shop.id}/staff`, headers: { cookie: ownerCookie, ...origin }, payload: { role: 'boss' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Role must be one of: owner, manager, technician');
    expect((await app.inject({ method: 'GET', url: `/api/invites/${code}` })).json()).toMatchObject({ state: 'open', role: 'technician' });
    const accepted = await app.inject({ method: 'POST', url: `/api/invites/${code}/accept`, headers: { cookie: techCookie, ...origin } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ serviceCenterId: shop.id, role: 'technician' });
    const used = await app.inject({ method: 'POST', url: `/api/invites/${code}/accept`, headers: { cookie: techCookie, ...origin } });
    expect(used.statusCode).toBe(409);
    const list = await app.inject({ method: 'GET', url: `/api/shops/${shop.id}/staff`, headers: { cookie: techCookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ userId: string }[]>().map((m) => m.userId).sort()).toEqual([owner.id, tech.id].sort());
    const patched = await app.inject({ method: 'PATCH', url: `/api/shops/${shop.id}/staff/${tech.id}`, headers: { cookie: ownerCookie, ...origin }, payload: { role: 'manager' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ userId: tech.id, role: 'manager' });
    const lastOwner = await app.inject({ method: 'DELETE', url: `/api/shops/${shop.id}/staff/${owner.id}`, headers: { cookie: techCookie, ...origin } });
    expect(lastOwner.statusCode).toBe(403);
    const removed = await app.inject({ method: 'DELETE', url: `/api/shops/${shop.id}/staff/${tech.id}`, headers: { cookie: ownerCookie, ...origin } });
    expect(removed.statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: `/api/shops/${shop.id}/staff`, headers: { cookie: techCookie } })).statusCode).toBe(404);
  });

  it('lets a removed member be invited again by a new code', async () => {
    const db = getDb();
    const owner = await createUser(db);
    const shop = await registerShop(db, owner);
    const member = await createStaff(db, shop.id, 'technician');
    await callerFor(db, owner).shops.staff.remove({ serviceCenterId: shop.id, userId: member.id });
    const invite = await callerFor(db, owner).shops.invites.create({ serviceCenterId: shop.id, role: 'technician' });
    expect(await callerFor(db, member).shops.invites.accept({ code: invite.code })).toMatchObject({ role: 'technician' });
  });
});
