import { Migrator, sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrations } from '../../../migrations/index.ts';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { createShop } from '../../../tests/helpers/inquiries.ts';
import type { Database } from './index.ts';
import { migrateToLatest } from './migrate.ts';

const quiet = { info: () => {}, error: () => {} };

/** Every shop's kept counters beside a plain count of its rows, for both entities. */
async function countersAndTables(db: Database) {
  const kept = await sql<{ center: string; entity: string; status: string; priority: string; n: number }>`
    SELECT service_center_id::text AS center, entity, status, priority, n::int AS n FROM shop_counts WHERE n <> 0 ORDER BY 1, 2, 3, 4`.execute(db);
  const counted = await sql<{ center: string; entity: string; status: string; priority: string; n: number }>`
    SELECT center, entity, status, priority, n FROM (
      SELECT service_center_id::text AS center, 'inquiry' AS entity, status, priority, count(*)::int AS n
      FROM customer_inquiries WHERE service_center_id IS NOT NULL GROUP BY 1, 3, 4
      UNION ALL
      SELECT service_center_id::text, 'appointment', status, '', count(*)::int
      FROM service_appointments WHERE service_center_id IS NOT NULL GROUP BY 1, 3
    ) counts ORDER BY 1, 2, 3, 4`.execute(db);
  return { kept: kept.rows, counted: counted.rows };
}

describeEachDatabase('migration 0031: counters per shop', (getDb) => {
  it('counts the rows an install already has, shop by shop, and keeps counting after the upgrade', async () => {
    const db = getDb();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
    // Back to the install before it: the global counters of 0003.
    const down = await migrator.migrateTo('0030_inquiry_status_pages');
    expect(down.error).toBeUndefined();

    const [a, b] = [await createShop(db), await createShop(db)];
    const inquiry = (center: string | null, status: string, priority: string) =>
      sql`INSERT INTO customer_inquiries (service_center_id, inquiry_type, subject, description, status, priority)
          VALUES (${center}, 'service', 'Brakes', 'Squeal', ${status}, ${priority})`.execute(db);
    await inquiry(a.id, 'open', 'urgent');
    await inquiry(a.id, 'open', 'medium');
    await inquiry(a.id, 'in_progress', 'urgent');
    await inquiry(b.id, 'open', 'urgent');
    await inquiry(null, 'open', 'urgent');
    await sql`INSERT INTO service_appointments (service_center_id, appointment_date, duration, service_type, status)
      VALUES (${a.id}, now(), 60, 'Oil change', 'scheduled'), (${b.id}, now(), 60, 'Oil change', 'completed')`.execute(db);
    const global = await sql<{ n: number }>`SELECT coalesce(sum(n), 0)::int AS n FROM crm_counts WHERE entity = 'inquiry'`.execute(db);
    const all = await sql<{ n: number }>`SELECT count(*)::int AS n FROM customer_inquiries`.execute(db);
    expect(global.rows[0]!.n).toBe(all.rows[0]!.n);

    await migrateToLatest(db, quiet);
    const afterUpgrade = await countersAndTables(db);
    expect(afterUpgrade.kept).toEqual(afterUpgrade.counted);
    expect(afterUpgrade.kept.filter((row) => row.center === a.id)).toEqual([
      { center: a.id, entity: 'appointment', status: 'scheduled', priority: '', n: 1 },
      { center: a.id, entity: 'inquiry', status: 'in_progress', priority: 'urgent', n: 1 },
      { center: a.id, entity: 'inquiry', status: 'open', priority: 'medium', n: 1 },
      { center: a.id, entity: 'inquiry', status: 'open', priority: 'urgent', n: 1 },
    ]);

    // Writes after the upgrade: a status change, an inquiry moved to the other shop, a deletion.
    await sql`UPDATE customer_inquiries SET status = 'resolved' WHERE service_center_id = ${a.id} AND priority = 'medium'`.execute(db);
    await sql`UPDATE customer_inquiries SET service_center_id = ${b.id} WHERE service_center_id = ${a.id} AND status = 'in_progress'`.execute(db);
    await sql`DELETE FROM service_appointments WHERE service_center_id = ${b.id}`.execute(db);
    const afterWrites = await countersAndTables(db);
    expect(afterWrites.kept).toEqual(afterWrites.counted);
  });
});
