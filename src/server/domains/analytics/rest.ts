import type { FastifyInstance, FastifyRequest } from 'fastify';
import { analyticsInputSchema, type AnalyticsInput } from '../../../shared/analytics.ts';
import { restRoute } from '../../http/rest.ts';
import { sendCsv } from '../../http/csv.ts';

/** `?serviceCenterId=<shop>&from=2024-05-01&to=2024-05-31&timeZone=Europe/Berlin` (`tz` for short); bad values answer 400. */
function rangeQuery(req: FastifyRequest): AnalyticsInput {
  const query = (req.query ?? {}) as Record<string, unknown>;
  return analyticsInputSchema.parse({ serviceCenterId: query.serviceCenterId, from: query.from, to: query.to, timeZone: query.timeZone ?? query.tz });
}

export function registerAnalyticsRest(app: FastifyInstance): void {
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/analytics/report',
      summary: 'Every analytics figure of one shop for a period (overview, services, performance)',
      description: 'Staff of the shop named by serviceCenterId (admins too); anyone else gets 404.',
      tag: 'Analytics',
      auth: 'staff',
      procedure: 'analytics.report',
      inputFrom: 'query',
    },
    ({ caller, req }) => caller.analytics.report(rangeQuery(req)),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/analytics/repair-orders',
      summary: 'Repair-order figures of one shop for a period: revenue, payments, parts margin, hours, approvals (money in cents)',
      description: 'Orders completed in the period (completed, invoiced or paid). Staff of the shop named by serviceCenterId (admins too); anyone else gets 404.',
      tag: 'Analytics',
      auth: 'staff',
      procedure: 'analytics.repairOrders',
      inputFrom: 'query',
    },
    ({ caller, req }) => caller.analytics.repairOrders(rangeQuery(req)),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/analytics/report.csv',
      summary: 'The same figures as a CSV download (columns section, item, metric, value)',
      tag: 'Analytics',
      auth: 'staff',
      procedure: 'analytics.reportCsv',
      inputFrom: 'query',
      produces: 'text/csv',
    },
    async ({ caller, req, reply }) => {
      return sendCsv(reply, await caller.analytics.reportCsv(rangeQuery(req)));
    },
  );
}
