import { sql } from 'kysely';
import type { Database } from '../../src/server/db/index.ts';

/** on_hand of a part and the sum of its ledger, read straight from the tables. */
export async function stockOf(db: Database, partId: string): Promise<{ onHand: number; ledger: number; movements: number }> {
  const part = await db.selectFrom('parts').select('on_hand').where('id', '=', partId).executeTakeFirstOrThrow();
  const ledger = await sql<{ total: string; n: number }>`SELECT coalesce(sum(quantity), 0)::text AS total, count(*)::int AS n FROM stock_movements WHERE part_id = ${partId}`.execute(db);
  return { onHand: part.on_hand, ledger: Number(ledger.rows[0]?.total), movements: ledger.rows[0]?.n ?? 0 };
}

/** Every part, movement and supplier row as text: what a refused request must leave unchanged. */
export async function snapshot(db: Database): Promise<string> {
  const rows = await sql<{ t: string }>`SELECT (SELECT coalesce(string_agg(p::text, '|' ORDER BY p.id), '') FROM parts p)
      || '#' || (SELECT coalesce(string_agg(m::text, '|' ORDER BY m.id), '') FROM stock_movements m)
      || '#' || (SELECT coalesce(string_agg(s::text, '|' ORDER BY s.id), '') FROM suppliers s) AS t`.execute(db);
  return rows.rows[0]?.t ?? '';
}
