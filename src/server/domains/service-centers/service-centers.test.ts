import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { User } from '../../../shared/auth.ts';
import { hoursDisplay } from '../../../shared/format.ts';
import { type ServiceCenter, type ServiceCenterInput } from '../../../shared/service-centers.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, signInCookie } from '../../../../tests/helpers/factories.ts';
import { createStaff, makeAdmin } from '../../../../tests/helpers/shops.ts';

function centerInput(overrides: Partial<ServiceCenterInput> = {}): ServiceCenterInput {
  const tag = randomUUID().slice(0, 8);
  return { name: `Center ${tag}`, address: '1 Main St', city: `City${tag}`, state: 'TX', ...overrides };
}

describeEachDatabase('service centers', (getDb) => {
  let app: FastifyInstance;
  let tech: User;
  let owner: User;
  let techCookie: string;
  let ownerCookie: string;

  beforeAll(async () => {
    const db = getDb();
    app = await buildTestApp(db);
    tech = await createUser(db, { role: 'simple' });
    owner = await createUser(db, { role: 'simple' });
    techCookie = await signInCookie(app, tech.email);
    ownerCookie = await signInCookie(app, owner.email);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lets any signed-in user register a center as its owner; managers edit it, its owner deactivates it, mode grants nothing', async () => {
    const db = getDb();
    const input = centerInput({ services: ['  Oil Change ', 'Brakes'], zipCode: '78701', website: 'https://shop.example' });
    await expect(callerFor(db, null).serviceCenters.create(input)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const created = await callerFor(db, tech).serviceCenters.create(input);
    expect(created).toMatchObject({ name: input.name, services: ['Oil Change', 'Brakes'], isActive: true, managerId: tech.id });
    const membership = await db.selectFrom('shop_staff').select('role').where('service_center_id', '=', created.id).where('user_id', '=', tech.id).executeTakeFirst();
    expect(membership?.role).toBe('owner');

    // Not staff: 404, in either mode.
    await expect(callerFor(db, owner).serviceCenters.update({ id: created.id, name: 'Mine now' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(callerFor(db, owner).serviceCenters.deactivate({ id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const switched = await callerFor(db, owner).auth.setRole({ role: 'tech' });
    await expect(callerFor(db, switched).serviceCenters.update({ id: created.id, name: 'Mine now' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(callerFor(db, switched).serviceCenters.deactivate({ id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(callerFor(db, null).serviceCenters.deactivate({ id: created.id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    // A manager edits but does not deactivate; a technician does neither.
    const manager = await createStaff(db, created.id, 'manager');
    const technician = await createStaff(db, created.id, 'technician');
    expect(await callerFor(db, manager).serviceCenters.update({ id: created.id, specializations: ['Diesel'] })).toMatchObject({ specializations: ['Diesel'] });
    await expect(callerFor(db, manager).serviceCenters.deactivate({ id: created.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(db, manager).serviceCenters.update({ id: created.id, isActive: false })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(db, technician).serviceCenters.update({ id: created.id, name: 'x' })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const updated = await callerFor(db, tech).serviceCenters.update({ id: created.id, phone: '(512) 555-0100', zipCode: null });
    expect(updated).toMatchObject({ phone: '(512) 555-0100', zipCode: null, name: input.name, website: 'https://shop.example' });

    const deactivated = await callerFor(db, tech).serviceCenters.deactivate({ id: created.id });
    expect(deactivated.isActive).toBe(false);
    // Anonymous visitors read active centers only; signed-in users see the inactive one too.
    await expect(callerFor(db, null).serviceCenters.get({ id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await callerFor(db, owner).serviceCenters.get({ id: created.id })).isActive).toBe(false);
    await expect(callerFor(db, tech).serviceCenters.update({ id: randomUUID(), name: 'x' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Service center not found',
    });
  });

  it('lets an admin edit and deactivate any center', async () => {
    const db = getDb();
    const created = await callerFor(db, tech).serviceCenters.create(centerInput());
    const admin = await makeAdmin(db, await createUser(db));
    expect(await callerFor(db, admin).serviceCenters.update({ id: created.id, city: 'Dallas' })).toMatchObject({ city: 'Dallas' });
    expect(await callerFor(db, admin).serviceCenters.deactivate({ id: created.id })).toMatchObject({ isActive: false });
  });

  it('answers the REST paths with the same permissions; DELETE keeps the row inactive', async () => {
    const body = centerInput();
    const anonymousPost = await app.inject({ method: 'POST', url: '/api/service-centers', payload: body });
    expect(anonymousPost.statusCode).toBe(401);
    const ownerPost = await app.inject({ method: 'POST', url: '/api/service-centers', payload: centerInput(), headers: { cookie: ownerCookie } });
    expect(ownerPost.statusCode).toBe(201);
    const created = await app.inject({ method: 'POST', url: '/api/service-centers', payload: body, headers: { cookie: techCookie } });
    expect(created.statusCode).toBe(201);
    const center = created.json<ServiceCenter>();

    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/service-centers/${center.id}`,
      payload: { city: 'Austin' },
      headers: { cookie: techCookie },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ city: 'Austin', name: body.name });
    const ownerPatch = await app.inject({ method: 'PATCH', url: `/api/service-centers/${center.id}`, payload: { city: 'X' }, headers: { cookie: ownerCookie } });
    expect(ownerPatch.statusCode).toBe(404);
    const ownerDelete = await app.inject({ method: 'DELETE', url: `/api/service-centers/${center.id}`, headers: { cookie: ownerCookie } });
    expect(ownerDelete.statusCode).toBe(404);

    const removed = await app.inject({ method: 'DELETE', url: `/api/service-centers/${center.id}`, headers: { cookie: techCookie } });
    expect(removed.statusCode).toBe(204);
    const row = await getDb().selectFrom('service_centers').select('is_active').where('id', '=', center.id).executeTakeFirstOrThrow();
    expect(row.is_active).toBe(false);

    const anonymousList = await app.inject({ method: 'GET', url: '/api/service-centers' });
    expect(anonymousList.statusCode).toBe(200);
    expect(anonymousList.json<ServiceCenter[]>().some((c) => c.id === center.id)).toBe(false);
    const ownerList = await app.inject({ method: 'GET', url: '/api/service-centers', headers: { cookie: ownerCookie } });
    expect(ownerList.json<ServiceCenter[]>().find((c) => c.id === center.id)?.isActive).toBe(false);
    const missing = await app.inject({ method: 'DELETE', url: `/api/service-centers/${randomUUID()}`, headers: { cookie: techCookie } });
    expect(missing.statusCode).toBe(404);
  });

  it.each([
    [{ name: '   ' }, 'Name is required'],
    [{ address: '' }, 'Address is required'],
    [{ city: undefined }, 'City is required'],
    [{ state: ' ' }, 'State is required'],
    [{ name: 'x'.repeat(121) }, 'Name must be at most 120 characters'],
    [{ zipCode: '1234' }, 'ZIP code must be 5 digits, or ZIP+4 like 12345-6789'],
    [{ email: 'not-an-email' }, 'Enter a valid email address'],
    [{ website: 'javascript:alert(1)' }, 'Website must be a web address starting with http:// or https://'],
    [{ website: 'ftp://files.example' }, 'Website must be a web address starting with http:// or https://'],
    [{ phone: 'call me' }, 'Phone may contain digits, spaces, parentheses, dots, dashes and a leading +'],
    [{ services: ['Oil', ' oil '] }, 'Services must not list the same entry twice'],
    [{ certifications: ['ASE', ''] }, 'Certifications entries must not be empty'],
    [{ operatingHours: { Monday: 9 } }, 'Operating hours in JSON must map each day to its hours as text, e.g. {"Monday": "8:00-18:00"}'],
    [{ operatingHours: '{"Monday": {"open": "9"}}' }, 'Operating hours in JSON must map each day to its hours as text, e.g. {"Monday": "8:00-18:00"}'],
  ] as const)('refuses %j with "%s" and stores nothing', async (overrides, message) => {
    const input = { ...centerInput(), ...overrides } as ServiceCenterInput;
    const res = await app.inject({ method: 'POST', url: '/api/service-centers', payload: input, headers: { cookie: techCookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
    const stored = await getDb().selectFrom('service_centers').select('id').where('city', '=', String(input.city)).execute();
    expect(stored).toHaveLength(0);
  });

  it('stores hours given as JSON text as an object, free text as text, and shows them day by day', async () => {
    const caller = callerFor(getDb(), tech);
    const structured = await caller.serviceCenters.create(
      centerInput({ operatingHours: '{"Wednesday": "8-17", "Monday": "8-18", "Sunday": "Closed"}' }),
    );
    expect(structured.operatingHours).toEqual({ Monday: '8-18', Wednesday: '8-17', Sunday: 'Closed' });
    const again = await caller.serviceCenters.get({ id: structured.id });
    expect(hoursDisplay(again.operatingHours)).toEqual({
      kind: 'days',
      days: [
        { day: 'Monday', hours: '8-18' },
        { day: 'Wednesday', hours: '8-17' },
        { day: 'Sunday', hours: 'Closed' },
      ],
    });
    const text = await caller.serviceCenters.create(centerInput({ operatingHours: 'Mon-Fri 8am-6pm' }));
    expect(text.operatingHours).toBe('Mon-Fri 8am-6pm');
    const none = await caller.serviceCenters.create(centerInput({ operatingHours: '  ' }));
    expect(none.operatingHours).toBeNull();
    expect(hoursDisplay(null)).toEqual({ kind: 'none' });
    expect(hoursDisplay({ Monday: { open: 9 } })).toEqual({ kind: 'invalid' });
  });

  it('returns stored HTML and script as plain text', async () => {
    const name = `<script>alert("x")</script><b>${randomUUID().slice(0, 6)}</b>`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/service-centers',
      payload: centerInput({ name, services: ['<img src=x onerror=alert(1)>'] }),
      headers: { cookie: techCookie },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toContain('application/json');
    const fetched = await callerFor(getDb(), null).serviceCenters.get({ id: res.json<ServiceCenter>().id });
    expect(fetched.name).toBe(name);
    expect(fetched.services).toEqual(['<img src=x onerror=alert(1)>']);
  });

  it('searches name, city and state case-insensitively, a keyset page at a time', async () => {
    const db = getDb();
    const caller = callerFor(db, tech);
    const tag = `zq${randomUUID().slice(0, 6)}`;
    await caller.serviceCenters.create(centerInput({ name: `${tag.toUpperCase()} Motors` }));
    await caller.serviceCenters.create(centerInput({ city: `Port ${tag}` }));
    await caller.serviceCenters.create(centerInput({ state: `${tag}-state` }));
    const inactive = await caller.serviceCenters.create(centerInput({ name: `${tag} Closed`, isActive: false }));
    await caller.serviceCenters.create(centerInput({ name: '100%_literal' }));

    const signedIn = await caller.serviceCenters.list({ search: tag.toUpperCase() });
    expect(signedIn.items).toHaveLength(4);
    expect(signedIn.nextCursor).toBeNull();
    const anonymous = await callerFor(db, null).serviceCenters.list({ search: tag });
    expect(anonymous.items.map((c) => c.id)).not.toContain(inactive.id);
    expect(anonymous.items).toHaveLength(3);
    // % and _ are literal characters, not wildcards.
    expect((await caller.serviceCenters.list({ search: '0%_l' })).items.map((c) => c.name)).toEqual(['100%_literal']);
    expect((await caller.serviceCenters.list({ search: 'zz%' })).items).toHaveLength(0);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof caller.serviceCenters.list>> = await caller.serviceCenters.list({ limit: 2, cursor });
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    const total = await db.selectFrom('service_centers').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(seen).toHaveLength(Number(total.n));
    expect(new Set(seen).size).toBe(seen.length);
    await expect(caller.serviceCenters.list({ cursor: 'garbage' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid cursor: start again from the first page' });
  });
});
