import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { seedDatabase } from '../../db/seed.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';

describeEachDatabase('shop seed', (getDb) => {
  const counts = async () => {
    const result = await sql<{ centers: number; inquiries: number; appointments: number }>`
      SELECT (SELECT count(*)::int FROM service_centers) AS centers,
             (SELECT count(*)::int FROM customer_inquiries) AS inquiries,
             (SELECT count(*)::int FROM service_appointments) AS appointments`.execute(getDb());
    return result.rows[0]!;
  };

  it('adds nothing by default, demo rows once, and fills the scale target exactly once', async () => {
    const db = getDb();
    await seedDatabase(db, {});
    expect(await counts()).toEqual({ centers: 0, inquiries: 0, appointments: 0 });

    await seedDatabase(db, { demo: true });
    const demo = await counts();
    expect(demo).toEqual({ centers: 4, inquiries: 5, appointments: 6 });
    await seedDatabase(db, { demo: true });
    expect(await counts()).toEqual(demo);

    await seedDatabase(db, { scale: 1200 });
    expect(await counts()).toEqual({ centers: 4, inquiries: 1200, appointments: 1200 });
    await seedDatabase(db, { scale: 1200 });
    expect(await counts()).toEqual({ centers: 4, inquiries: 1200, appointments: 1200 });
    const kept = await sql<{ n: number }>`SELECT sum(n)::int AS n FROM crm_counts WHERE entity = 'appointment'`.execute(db);
    expect(kept.rows[0]!.n).toBe(1200);
  });
});
