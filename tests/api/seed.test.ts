import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/db.ts';
import { LIBRARY_ITEMS, SHOP_DEMO, seedDatabase, TIP_ITEMS } from '../../src/server/db/seed.ts';
import type { Database } from '../../src/server/db/index.ts';

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%'
    ORDER BY table_name`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const row = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(name)}`.execute(db);
    counts[name] = row.rows[0]?.n ?? 0;
  }
  return counts;
}

describe('seed files', () => {
  it('give every knowledge item its own key and every demo row a customer and center that exist', () => {
    const keys = [...TIP_ITEMS, ...LIBRARY_ITEMS].map((item) => item.seedKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('page:home:simple:1');
    expect(LIBRARY_ITEMS.map((item) => item.kind)).toEqual(expect.arrayContaining(['manual', 'procedure', 'faq']));
    const centers = new Set(SHOP_DEMO.centers.map((center) => center.name));
    for (const row of [...SHOP_DEMO.inquiries, ...SHOP_DEMO.appointments]) {
      expect(row.customer).toBeLessThanOrEqual(SHOP_DEMO.customers.length);
      if (row.serviceCenter !== undefined) expect(centers).toContain(row.serviceCenter);
    }
  });
});

describeEachDatabase('seed', (getDb) => {
  it('adds reference data once: a second run (with demo data too) changes no count', async () => {
    await seedDatabase(getDb(), {});
    const once = await rowCounts(getDb());
    expect(once.users).toBe(0);
    expect(once.knowledge_items).toBeGreaterThan(0);
    expect(once.customer_inquiries).toBe(0);
    await seedDatabase(getDb(), {});
    expect(await rowCounts(getDb())).toEqual(once);

    await seedDatabase(getDb(), { demo: true });
    const demo = await rowCounts(getDb());
    await seedDatabase(getDb(), { demo: true });
    expect(await rowCounts(getDb())).toEqual(demo);
  });
});
