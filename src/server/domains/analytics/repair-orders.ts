import { sql } from 'kysely';
import type { AnalyticsInput, AnalyticsRepairOrders, TechnicianHours } from '../../../shared/analytics.ts';
import { mulDivRound } from '../../../shared/repair-order-totals.ts';
import type { Executor } from '../../db/index.ts';
import { bounds, periodOf } from './repository.ts';

/** A shop has a handful of technicians; more rows than this would not fit the chart or the table. */
export const MAX_TECHNICIANS = 100;
export const UNASSIGNED_TECHNICIAN = 'No technician named';

/** Whole cents summed in SQL arrive as text (bigint): exact up to 2^53. */
function cents(value: string | null): number {
  return value === null ? 0 : Number(value);
}

/** Clocked seconds as hundredths of an hour, to the nearest 36 seconds. */
function hundredthsOf(seconds: number | null): number {
  return Math.round(Number(seconds ?? 0) / 36);
}

/**
 * The shop's repair orders completed in the period (docs/analytics.md#repair-orders). An order counts
 * once completed, invoiced or paid, on the day of its completed_at; a cancelled order never counts (it
 * cannot be completed) and a declined line is in no total. Every query starts from the shop's orders
 * (repair_orders_center_idx) and is bounded by the period; the per-day series has at most 366 rows
 * and the technicians MAX_TECHNICIANS.
 */
export async function repairOrderFigures(db: Executor, input: AnalyticsInput): Promise<AnalyticsRepairOrders> {
  const range = periodOf(input);
  const { start, end, shop } = bounds(input);
  const counted = sql`
    SELECT id, total_cents, completed_at FROM repair_orders
    WHERE ${shop} AND status IN ('completed', 'invoiced', 'paid') AND completed_at >= ${start} AND completed_at < ${end}
  `;
  const ofShop = sql<boolean>`o.service_center_id = ${input.serviceCenterId}::uuid`;

  const [summary, days, technicians, decisions, payments] = await Promise.all([
    sql<{ orders: number; revenue: string | null; price: string | null; cost: string | null; without_cost: number; sold: number; worked: number | null }>`
      WITH counted AS (${counted})
      SELECT
        (SELECT count(*)::int FROM counted) AS orders,
        (SELECT sum(total_cents)::text FROM counted) AS revenue,
        (SELECT sum(l.quantity::bigint * l.unit_price_cents)::text FROM repair_order_lines l JOIN counted o ON o.id = l.repair_order_id
          WHERE l.kind = 'part' AND l.decision = 'approved' AND l.unit_cost_cents IS NOT NULL) AS price,
        (SELECT sum(l.quantity::bigint * l.unit_cost_cents)::text FROM repair_order_lines l JOIN counted o ON o.id = l.repair_order_id
          WHERE l.kind = 'part' AND l.decision = 'approved' AND l.unit_cost_cents IS NOT NULL) AS cost,
        (SELECT count(*)::int FROM repair_order_lines l JOIN counted o ON o.id = l.repair_order_id
          WHERE l.kind = 'part' AND l.decision = 'approved' AND l.unit_cost_cents IS NULL) AS without_cost,
        (SELECT coalesce(sum(l.hours_hundredths), 0)::int FROM repair_order_lines l JOIN counted o ON o.id = l.repair_order_id
          WHERE l.kind = 'labor' AND l.decision = 'approved') AS sold,
        (SELECT sum(extract(epoch FROM e.ended_at - e.started_at))::float8 FROM repair_order_time_entries e
          JOIN repair_order_lines l ON l.id = e.line_id JOIN counted o ON o.id = l.repair_order_id
          WHERE e.ended_at IS NOT NULL) AS worked
    `.execute(db),
    sql<{ day: string; orders: number; revenue: string | null }>`
      WITH days AS (
        SELECT generate_series(${range.from}::date::timestamp, ${range.to}::date::timestamp, interval '1 day') AS day
      ),
      counts AS (
        SELECT date_trunc('day', completed_at AT TIME ZONE ${range.timeZone}) AS day, count(*)::int AS orders, sum(total_cents)::text AS revenue
        FROM (${counted}) o
        GROUP BY 1
      )
      SELECT days.day::date::text AS day, coalesce(counts.orders, 0) AS orders, counts.revenue
      FROM days LEFT JOIN counts ON counts.day = days.day
      ORDER BY days.day
    `.execute(db),
    // Sold hours belong to the technician named on the labour line, worked hours to whoever clocked
    // them; a clock still running is not worked time yet (completion stops every clock).
    sql<{ technician_id: string | null; name: string | null; sold: number; worked: number }>`
      WITH counted AS (${counted}),
      sold AS (
        SELECT l.technician_id, sum(l.hours_hundredths)::int AS hundredths
        FROM repair_order_lines l JOIN counted o ON o.id = l.repair_order_id
        WHERE l.kind = 'labor' AND l.decision = 'approved'
        GROUP BY l.technician_id
      ),
      worked AS (
        SELECT e.technician_id, sum(extract(epoch FROM e.ended_at - e.started_at))::float8 AS seconds
        FROM repair_order_time_entries e JOIN repair_order_lines l ON l.id = e.line_id JOIN counted o ON o.id = l.repair_order_id
        WHERE e.ended_at IS NOT NULL
        GROUP BY e.technician_id
      )
      SELECT coalesce(s.technician_id, w.technician_id) AS technician_id,
        coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.email) AS name,
        coalesce(s.hundredths, 0) AS sold, coalesce(w.seconds, 0)::float8 AS worked
      FROM sold s
      FULL JOIN worked w ON w.technician_id = s.technician_id
      LEFT JOIN users u ON u.id = coalesce(s.technician_id, w.technician_id)
      ORDER BY coalesce(s.hundredths, 0) + coalesce(w.seconds, 0) / 36 DESC, 2 NULLS LAST, 1
      LIMIT ${MAX_TECHNICIANS}
    `.execute(db),
    // Decisions are made on sent estimates only; they count on the day they were made, whether or
    // not the order has been completed since, unless it was cancelled.
    sql<{ decided: number; approved: number }>`
      SELECT count(*)::int AS decided, (count(*) FILTER (WHERE l.decision = 'approved'))::int AS approved
      FROM repair_order_lines l JOIN repair_orders o ON o.id = l.repair_order_id
      WHERE ${ofShop} AND o.status <> 'cancelled' AND l.decision IS NOT NULL AND l.decided_at >= ${start} AND l.decided_at < ${end}
    `.execute(db),
    sql<{ payments: number; amount: string | null }>`
      SELECT count(*)::int AS payments, sum(p.amount_cents)::text AS amount
      FROM repair_order_payments p JOIN repair_orders o ON o.id = p.repair_order_id
      WHERE ${ofShop} AND p.received_at >= ${start} AND p.received_at < ${end}
    `.execute(db),
  ]);

  const s = summary.rows[0]!;
  const revenueCents = cents(s.revenue);
  const priceCents = cents(s.price);
  const costCents = cents(s.cost);
  const d = decisions.rows[0] ?? { decided: 0, approved: 0 };
  const p = payments.rows[0] ?? { payments: 0, amount: null };
  return {
    range,
    orders: s.orders,
    revenueCents,
    averageOrderCents: s.orders === 0 ? null : mulDivRound(revenueCents, 1, s.orders),
    paymentsCents: cents(p.amount),
    payments: p.payments,
    partsMargin: {
      priceCents,
      costCents,
      marginCents: priceCents - costCents,
      marginRate: priceCents === 0 ? null : (priceCents - costCents) / priceCents,
      linesWithoutCost: s.without_cost,
    },
    hours: { soldHundredths: s.sold, workedHundredths: hundredthsOf(s.worked) },
    technicians: technicians.rows.map(
      (row): TechnicianHours => ({
        technicianId: row.technician_id,
        name: row.technician_id === null ? UNASSIGNED_TECHNICIAN : (row.name ?? UNASSIGNED_TECHNICIAN),
        soldHundredths: row.sold,
        workedHundredths: hundredthsOf(row.worked),
      }),
    ),
    approvals: { decided: d.decided, approved: d.approved, rate: d.decided === 0 ? null : d.approved / d.decided },
    revenuePerDay: days.rows.map((row) => ({ date: row.day, orders: row.orders, revenueCents: cents(row.revenue) })),
  };
}
