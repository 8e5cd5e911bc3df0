import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { User } from '../../../shared/auth.ts';
import { customerLabel } from '../../../shared/format.ts';
import { INQUIRY_PRIORITIES, INQUIRY_STATUSES, type CreateInquiryInput, type CustomerInquiry } from '../../../shared/inquiries.ts';
import type { Database } from '../../db/index.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, signInCookie } from '../../../../tests/helpers/factories.ts';
import { createShop } from '../../../../tests/helpers/inquiries.ts';

/** The shop every inquiry of this file is addressed to (set before the tests run). */
let shopId = '';

function inquiryInput(overrides: Partial<CreateInquiryInput> = {}): CreateInquiryInput {
  return { inquiryType: 'service', subject: `Brake noise ${randomUUID().slice(0, 6)}`, description: 'Squeals when stopping', serviceCenterId: shopId, ...overrides };
}

/** The counters the triggers keep for every shop must equal a plain count of the table. */
async function expectCountersMatchTable(db: Database): Promise<void> {
  const counted = await sql<{ center: string; status: string; priority: string; n: number }>`
    SELECT service_center_id AS center, status, priority, count(*)::int AS n FROM customer_inquiries
    WHERE service_center_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`.execute(db);
  const kept = await sql<{ center: string; status: string; priority: string; n: number }>`
    SELECT service_center_id AS center, status, priority, n::int AS n FROM shop_counts
    WHERE entity = 'inquiry' AND n <> 0 ORDER BY 1, 2, 3`.execute(db);
  expect(kept.rows).toEqual(counted.rows);
}

describeEachDatabase('customer inquiries', (getDb) => {
  let app: FastifyInstance;
  let tech: User;
  let owner: User;
  let other: User;
  let techCookie: string;
  let ownerCookie: string;

  beforeAll(async () => {
    const db = getDb();
    app = await buildTestApp(db);
    tech = await createUser(db, { role: 'tech' });
    // The technician is staff of the shop: membership, not the mode, lets them see its inquiries.
    shopId = (await createShop(db, [{ userId: tech.id, role: 'technician' }])).id;
    owner = await createUser(db, { role: 'simple' });
    other = await createUser(db, { role: 'simple' });
    techCookie = await signInCookie(app, tech.email);
    ownerCookie = await signInCookie(app, owner.email);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps each owner to their own inquiries; the shop\'s staff see and move the shop\'s', async () => {
    const db = getDb();
    await expect(callerFor(db, null).inquiries.create(inquiryInput())).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(db, null).inquiries.list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(db, null).inquiries.stats()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    const mine = await callerFor(db, owner).inquiries.create(inquiryInput());
    expect(mine).toMatchObject({ customerId: owner.id, status: 'open', priority: 'medium' });
    const theirs = await callerFor(db, other).inquiries.create(inquiryInput({ priority: 'urgent' }));

    expect((await callerFor(db, owner).inquiries.get({ id: mine.id })).id).toBe(mine.id);
    await expect(callerFor(db, owner).inquiries.get({ id: theirs.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Customer inquiry not found',
    });
    const ownList = await callerFor(db, owner).inquiries.list({});
    expect(ownList.items.every((i) => i.customerId === owner.id)).toBe(true);
    expect((await callerFor(db, tech).inquiries.get({ id: theirs.id })).customerId).toBe(other.id);

    await expect(callerFor(db, owner).inquiries.setStatus({ id: mine.id, status: 'closed' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Any status to any other, and back (docs/inquiries.md#rules).
    const resolved = await callerFor(db, tech).inquiries.setStatus({ id: theirs.id, status: 'resolved' });
    expect(resolved.status).toBe('resolved');
    expect(resolved.completedDate).toBeInstanceOf(Date);
    const reopened = await callerFor(db, tech).inquiries.setStatus({ id: theirs.id, status: 'open' });
    expect(reopened).toMatchObject({ status: 'open', completedDate: null });
    await expect(callerFor(db, tech).inquiries.setStatus({ id: randomUUID(), status: 'closed' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers the REST paths: full arrays, 201 on create, PATCH with the status only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/customer-inquiries' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/customer-inquiries', payload: inquiryInput() })).statusCode).toBe(401);

    const created = await app.inject({
      method: 'POST',
      url: '/api/customer-inquiries',
      payload: { ...inquiryInput(), priority: 'high', status: 'open' },
      headers: { cookie: ownerCookie },
    });
    expect(created.statusCode).toBe(201);
    const inquiry = created.json<CustomerInquiry>();
    expect(inquiry).toMatchObject({ customerId: owner.id, priority: 'high', status: 'open' });

    const ownerList = await app.inject({ method: 'GET', url: '/api/customer-inquiries', headers: { cookie: ownerCookie } });
    const ownerRows = ownerList.json<CustomerInquiry[]>();
    expect(ownerRows.some((i) => i.id === inquiry.id)).toBe(true);
    expect(ownerRows.every((i) => i.customerId === owner.id)).toBe(true);
    const techList = await app.inject({ method: 'GET', url: '/api/customer-inquiries', headers: { cookie: techCookie } });
    const total = await getDb()
      .selectFrom('customer_inquiries')
      .select(sql<number>`count(*)::int`.as('n'))
      .where((eb) => eb.or([eb('service_center_id', '=', shopId), eb('customer_id', '=', tech.id)]))
      .executeTakeFirstOrThrow();
    expect(techList.json<CustomerInquiry[]>()).toHaveLength(total.n);
    const shopList = await app.inject({ method: 'GET', url: `/api/customer-inquiries?serviceCenterId=${shopId}`, headers: { cookie: techCookie } });
    expect(shopList.json<CustomerInquiry[]>().every((i) => i.serviceCenterId === shopId)).toBe(true);
    const ownerShopList = await app.inject({ method: 'GET', url: `/api/customer-inquiries?serviceCenterId=${shopId}`, headers: { cookie: ownerCookie } });
    expect(ownerShopList.statusCode).toBe(404);

    const url = `/api/customer-inquiries/${inquiry.id}`;
    expect((await app.inject({ method: 'PATCH', url, payload: { status: 'closed' } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PATCH', url, payload: { status: 'closed' }, headers: { cookie: ownerCookie } })).statusCode).toBe(404);
    const extra = await app.inject({ method: 'PATCH', url, payload: { status: 'closed', subject: 'changed' }, headers: { cookie: techCookie } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ message: 'Only the status of an inquiry can be changed' });
    const badStatus = await app.inject({ method: 'PATCH', url, payload: { status: 'done' }, headers: { cookie: techCookie } });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toContain('Status must be one of: open, in_progress, resolved, closed');
    const patched = await app.inject({ method: 'PATCH', url, payload: { status: 'in_progress' }, headers: { cookie: techCookie } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ status: 'in_progress', subject: inquiry.subject });
    const otherCookie = await signInCookie(app, other.email);
    expect((await app.inject({ method: 'GET', url, headers: { cookie: otherCookie } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/customer-inquiries/not-a-uuid', headers: { cookie: techCookie } })).statusCode).toBe(400);
  });

  it.each([
    [{ subject: '  ' }, 'Subject is required'],
    [{ description: '' }, 'Description is required'],
    [{ subject: 'x'.repeat(201) }, 'Subject must be at most 200 characters'],
    [{ inquiryType: 'praise' }, 'Inquiry type must be one of: service, quote, appointment, complaint, general'],
    [{ priority: 'critical' }, 'Priority must be one of: low, medium, high, urgent'],
    [{ status: 'closed' }, 'New inquiries start open'],
    [{ serviceCenterId: randomUUID() }, 'Service center not found'],
    [{ vehicleId: randomUUID() }, 'Vehicle not found'],
    [{ serviceCenterId: undefined }, 'Choose the service center the inquiry is for'],
    [{ customerVehicleId: randomUUID() }, 'A customer vehicle needs its customer'],
    [{ assignedToId: randomUUID() }, 'Unrecognized key'],
  ])('refuses %j with "%s" and stores nothing', async (overrides, message) => {
    const payload = { ...inquiryInput(), ...overrides };
    const res = await app.inject({ method: 'POST', url: '/api/customer-inquiries', payload, headers: { cookie: ownerCookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    const stored = await getDb().selectFrom('customer_inquiries').select('id').where('subject', '=', String(payload.subject)).execute();
    expect(stored).toHaveLength(0);
  });

  it('returns stored HTML and script as plain text', async () => {
    const subject = `<script>alert('${randomUUID().slice(0, 6)}')</script>`;
    const description = '<img src=x onerror="alert(1)"> & <b>bold</b>';
    const created = await callerFor(getDb(), owner).inquiries.create(inquiryInput({ subject, description }));
    const res = await app.inject({ method: 'GET', url: `/api/customer-inquiries/${created.id}`, headers: { cookie: ownerCookie } });
    expect(res.json()).toMatchObject({ subject, description });
  });

  it('filters, searches and pages on the server, matching counts computed in SQL', async () => {
    const db = getDb();
    const tag = `kq${randomUUID().slice(0, 6)}`;
    const customer = await createUser(db, { role: 'simple' });
    const caller = callerFor(db, customer);
    const made: CustomerInquiry[] = [];
    for (let i = 0; i < 24; i++) {
      const priority = INQUIRY_PRIORITIES[i % 4]!;
      const inSubject = i % 3 === 0;
      made.push(
        await caller.inquiries.create(
          inquiryInput({
            priority,
            subject: inSubject ? `Quote ${tag.toUpperCase()} ${i}` : `Other ${i} ${randomUUID().slice(0, 4)}`,
            description: !inSubject && i % 2 === 0 ? `mentions ${tag} here` : 'nothing',
          }),
        ),
      );
    }
    for (const [index, inquiry] of made.entries()) {
      await callerFor(db, tech).inquiries.setStatus({ id: inquiry.id, status: INQUIRY_STATUSES[index % 4]! });
    }

    const techCaller = callerFor(db, tech);
    for (const status of [undefined, ...INQUIRY_STATUSES]) {
      for (const priority of [undefined, ...INQUIRY_PRIORITIES]) {
        const expected = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM customer_inquiries
          WHERE service_center_id = ${shopId} AND (subject ILIKE ${`%${tag}%`} OR description ILIKE ${`%${tag}%`})
            AND (${status ?? null}::text IS NULL OR status = ${status ?? null})
            AND (${priority ?? null}::text IS NULL OR priority = ${priority ?? null})`.execute(db);
        const page = await techCaller.inquiries.list({ serviceCenterId: shopId, search: tag, status, priority, limit: 100 });
        expect(page.items, `${status}/${priority}`).toHaveLength(expected.rows[0]!.n);
        expect(page.items.every((i) => (!status || i.status === status) && (!priority || i.priority === priority))).toBe(true);
      }
    }

    // Keyset pages of 5 walk the owner's whole list, newest first, without repeats or gaps.
    const seen: CustomerInquiry[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof caller.inquiries.list>> = await caller.inquiries.list({ limit: 5, cursor });
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((i) => i.id).sort()).toEqual(made.map((i) => i.id).sort());
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i - 1]!.createdAt.getTime()).toBeGreaterThanOrEqual(seen[i]!.createdAt.getTime());
    }

    const stats = await caller.inquiries.stats();
    expect(stats).toEqual({ total: 24, open: 6, inProgress: 6, urgent: 6 });
  });

  it("counts the named shop's rows only in its stats", async () => {
    const db = getDb();
    const elsewhere = await createShop(db);
    const before = await callerFor(db, tech).inquiries.stats({ serviceCenterId: shopId });
    const created = await callerFor(db, owner).inquiries.create(inquiryInput({ priority: 'urgent' }));
    await callerFor(db, tech).inquiries.setStatus({ id: created.id, status: 'in_progress' });
    await callerFor(db, owner).inquiries.create(inquiryInput({ serviceCenterId: elsewhere.id, priority: 'urgent' }));
    await db.deleteFrom('customer_inquiries').where('id', '=', (await callerFor(db, other).inquiries.create(inquiryInput())).id).execute();

    const stats = await callerFor(db, tech).inquiries.stats({ serviceCenterId: shopId });
    const counted = await sql<{ total: number; open: number; in_progress: number; urgent: number }>`
      SELECT count(*)::int AS total,
             count(*) FILTER (WHERE status = 'open')::int AS open,
             count(*) FILTER (WHERE status = 'in_progress')::int AS in_progress,
             count(*) FILTER (WHERE priority = 'urgent')::int AS urgent
      FROM customer_inquiries WHERE service_center_id = ${shopId}`.execute(db);
    const row = counted.rows[0]!;
    expect(stats).toEqual({ total: row.total, open: row.open, inProgress: row.in_progress, urgent: row.urgent });
    expect(stats.total).toBe(before.total + 1);
    expect(stats.inProgress).toBe(before.inProgress + 1);
    expect(stats.urgent).toBe(before.urgent + 1);
    await expect(callerFor(db, owner).inquiries.stats({ serviceCenterId: shopId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expectCountersMatchTable(db);
    // A shop that closes leaves its inquiries without a shop: they leave its counters too.
    await db.deleteFrom('service_centers').where('id', '=', elsewhere.id).execute();
    await expectCountersMatchTable(db);
  });

  it('labels customers as the inquiries page shows them', () => {
    expect(customerLabel('1a2b3c4d-aaaa-bbbb')).toBe('Customer #1a2b3c4d');
    expect(customerLabel(null)).toBe('N/A');
  });
});
