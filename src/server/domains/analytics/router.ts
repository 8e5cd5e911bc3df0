import { analyticsInputSchema, type AnalyticsInput } from '../../../shared/analytics.ts';
import type { User } from '../../../shared/auth.ts';
import type { Executor } from '../../db/index.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { requireShopAccess } from '../../lib/shop-access.ts';
import { overviewFigures, performanceFigures, servicesFigures } from './repository.ts';
import { repairOrderFigures } from './repair-orders.ts';
import { refusingUnknownTimeZone } from '../../lib/time-zone.ts';
import { buildReport, buildReportFile } from './service.ts';

// Figures over one shop's inquiries, appointments and repair orders: its staff (and admins, for
// support) only; anyone else gets 404 for the shop (docs/analytics.md).
const rangeProcedure = authedProcedure.input(analyticsInputSchema);

async function forShop<T>(db: Executor, user: User, input: AnalyticsInput, figures: () => Promise<T>): Promise<T> {
  await requireShopAccess(db, user, input.serviceCenterId, 'read');
  return refusingUnknownTimeZone(input.timeZone, figures);
}

export const analyticsRouter = router({
  overview: rangeProcedure.query(({ ctx, input }) => forShop(ctx.db, ctx.user, input, () => overviewFigures(ctx.db, input))),
  services: rangeProcedure.query(({ ctx, input }) => forShop(ctx.db, ctx.user, input, () => servicesFigures(ctx.db, input))),
  performance: rangeProcedure.query(({ ctx, input }) => forShop(ctx.db, ctx.user, input, () => performanceFigures(ctx.db, input))),
  repairOrders: rangeProcedure.query(({ ctx, input }) => forShop(ctx.db, ctx.user, input, () => repairOrderFigures(ctx.db, input))),
  /** Every figure of the page at once (the JSON twin of the CSV). */
  report: rangeProcedure.query(({ ctx, input }) => forShop(ctx.db, ctx.user, input, () => buildReport(ctx.db, input))),
  reportCsv: rangeProcedure.query(({ ctx, input }) => forShop(ctx.db, ctx.user, input, () => buildReportFile(ctx.db, input))),
});
