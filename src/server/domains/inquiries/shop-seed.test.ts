import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { seedDatabase } from '../../db/seed.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { SCALE_CENTER_NAME } from './shop-seed.ts';

describeEachDatabase('shop seed', (getDb) => {
  const counts = async () => {
    const result = await sql<{ centers: number; inquiries: number; appointments: number }>`
      SELECT (SELECT count(*)::int FROM service_centers) AS centers,
             (SELECT count(*)::int FROM customer_inquiries) AS inquiries,
             (SELECT count(*)::int FROM service_appointments) AS appointments`.execute(getDb());
    return result.rows[0]!;
  };

  it('adds nothing by default, demo rows once, and fills the scale center to its target exactly once', async () => {
    const db = getDb();
    await seedDatabase(db, {});
    expect(await counts()).toEqual({ centers: 0, inquiries: 0, appointments: 0 });

    await seedDatabase(db, { demo: true });
    const demo = await counts();
    expect(demo).toEqual({ centers: 4, inquiries: 5, appointments: 6 });
    await seedDatabase(db, { demo: true });
    expect(await counts()).toEqual(demo);

    // The demo's rows are another center's: the scale center still gets its full target.
    await seedDatabase(db, { scale: 1200 });
    expect(await counts()).toEqual({ centers: 5, inquiries: 1205, appointments: 1206 });
    await seedDatabase(db, { scale: 1200 });
    expect(await counts()).toEqual({ centers: 5, inquiries: 1205, appointments: 1206 });

    const center = await db.selectFrom('service_centers').select('id').where('name', '=', SCALE_CENTER_NAME).executeTakeFirstOrThrow();
    const rows = await sql<{ t: string; n: number; linked: number; matching: number }>`
      SELECT t, count(*)::int AS n, count(c.id)::int AS linked,
             count(*) FILTER (WHERE c.user_id = r.customer_id AND c.service_center_id = r.service_center_id)::int AS matching
      FROM (SELECT 'inquiry' AS t, customer_id, service_center_id, shop_customer_id FROM customer_inquiries WHERE service_center_id = ${center.id}
            UNION ALL SELECT 'appointment', customer_id, service_center_id, shop_customer_id FROM service_appointments WHERE service_center_id = ${center.id}) AS r
      LEFT JOIN shop_customers c ON c.id = r.shop_customer_id
      GROUP BY t ORDER BY t`.execute(db);
    expect(rows.rows).toEqual([
      { t: 'appointment', n: 1200, linked: 1200, matching: 1200 },
      { t: 'inquiry', n: 1200, linked: 1200, matching: 1200 },
    ]);
    const records = await db.selectFrom('shop_customers').select(sql<number>`count(*)::int`.as('n')).where('service_center_id', '=', center.id).executeTakeFirstOrThrow();
    expect(records.n).toBe(500);

    // A larger target adds only the missing rows.
    await seedDatabase(db, { scale: 1500 });
    expect(await counts()).toEqual({ centers: 5, inquiries: 1505, appointments: 1506 });
  });

  it('stores only the hash of each invitation code, once, as an open technician invitation to the scale center', async () => {
    const db = getDb();
    const codes = ['first-bench-code-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'second-bench-code-bbbbbbbbbbbbbbbbbbbbbbbbbbbbb'];
    await seedDatabase(db, { scale: 10, scaleInvites: codes });
    await seedDatabase(db, { scale: 10, scaleInvites: codes });
    const invites = await db
      .selectFrom('shop_invites as i')
      .innerJoin('service_centers as c', 'c.id', 'i.service_center_id')
      .select(['i.code_hash', 'i.role', 'c.name', sql<boolean>`i.expires_at > now() AND i.accepted_at IS NULL AND i.revoked_at IS NULL`.as('open')])
      .where('i.code_hash', 'in', codes.map((code) => createHash('sha256').update(code).digest('hex')))
      .execute();
    expect(invites).toHaveLength(2);
    for (const invite of invites) expect(invite).toMatchObject({ role: 'technician', name: SCALE_CENTER_NAME, open: true });
    const plain = await db.selectFrom('shop_invites').select('id').where('code_hash', 'in', codes).execute();
    expect(plain).toHaveLength(0);
  });
});
