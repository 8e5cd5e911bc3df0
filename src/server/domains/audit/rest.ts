import type { FastifyInstance } from 'fastify';
import type { ListAuditInput } from '../../../shared/audit.ts';
import { queryParam, restRoute } from '../../http/rest.ts';

export function registerAuditRest(app: FastifyInstance): void {
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/shops/:centerId/audit',
      summary: "The shop's audit log, newest first (managers and owners)",
      description:
        'Who changed what and when, with the data before and after. Filter with `entity` (customer, customer_vehicle, inquiry, appointment, service_record, ...); `limit` (at most 100) and `cursor` page. Technicians: 403; not staff of the shop: 404.',
      tag: 'Audit',
      auth: 'staff',
      procedure: 'audit.list',
      inputFrom: 'query',
    },
    ({ caller, req }) =>
      caller.audit.list({
        serviceCenterId: (req.params as { centerId: string }).centerId,
        entity: queryParam(req, 'entity'),
        cursor: queryParam(req, 'cursor'),
        limit: queryParam(req, 'limit'),
      } as ListAuditInput),
  );
}
