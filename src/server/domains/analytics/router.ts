import { analyticsRangeSchema } from '../../../shared/analytics.ts';
import { router, techProcedure } from '../../trpc.ts';
import { overviewFigures, performanceFigures, servicesFigures } from './repository.ts';
import { refusingUnknownTimeZone } from '../../lib/time-zone.ts';
import { buildReport, buildReportFile } from './service.ts';

// Figures over every customer's inquiries and appointments: technicians only (docs/analytics.md).
const rangeProcedure = techProcedure.input(analyticsRangeSchema);

export const analyticsRouter = router({
  overview: rangeProcedure.query(({ ctx, input }) => refusingUnknownTimeZone(input.timeZone, () => overviewFigures(ctx.db, input))),
  services: rangeProcedure.query(({ ctx, input }) => refusingUnknownTimeZone(input.timeZone, () => servicesFigures(ctx.db, input))),
  performance: rangeProcedure.query(({ ctx, input }) => refusingUnknownTimeZone(input.timeZone, () => performanceFigures(ctx.db, input))),
  /** Every figure of the page at once (the JSON twin of the CSV). */
  report: rangeProcedure.query(({ ctx, input }) => buildReport(ctx.db, input)),
  reportCsv: rangeProcedure.query(({ ctx, input }) => buildReportFile(ctx.db, input)),
});
