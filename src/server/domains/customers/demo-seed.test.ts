import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { seedDatabase } from '../../db/seed.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';

describeEachDatabase('demo shop customers', (getDb) => {
  it("gives every demo request that names a center the shop's customer record, once", async () => {
    const db = getDb();
    await seedDatabase(db, { demo: true });
    const state = async () => {
      const result = await sql<{ customers: number; unlinked: number; mismatched: number }>`
        SELECT (SELECT count(*)::int FROM shop_customers) AS customers,
               (SELECT count(*)::int FROM (SELECT service_center_id, shop_customer_id FROM customer_inquiries
                                           UNION ALL SELECT service_center_id, shop_customer_id FROM service_appointments) r
                 WHERE r.service_center_id IS NOT NULL AND r.shop_customer_id IS NULL) AS unlinked,
               (SELECT count(*)::int FROM customer_inquiries i JOIN shop_customers c ON c.id = i.shop_customer_id
                 WHERE c.service_center_id <> i.service_center_id OR c.user_id <> i.customer_id) AS mismatched`.execute(db);
      return result.rows[0]!;
    };
    const first = await state();
    expect(first.customers).toBeGreaterThan(0);
    expect(first).toMatchObject({ unlinked: 0, mismatched: 0 });

    // A database seeded before shop customers existed: its rows are linked on the next seed.
    await sql`UPDATE customer_inquiries SET shop_customer_id = NULL`.execute(db);
    await sql`UPDATE service_appointments SET shop_customer_id = NULL`.execute(db);
    await sql`DELETE FROM shop_customers`.execute(db);
    await seedDatabase(db, { demo: true });
    expect(await state()).toEqual(first);
    await seedDatabase(db, { demo: true });
    expect(await state()).toEqual(first);
  });
});
