import { listAuditSchema } from '../../../shared/audit.ts';
import { requireShopAccess } from '../../lib/shop-access.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { listAuditPage } from './repository.ts';

/** Managers and owners read their shop's audit log (docs/customers.md#audit-log); technicians 403, others 404. */
export const auditRouter = router({
  list: authedProcedure.input(listAuditSchema).query(async ({ ctx, input }) => {
    await requireShopAccess(ctx.db, ctx.user, input.serviceCenterId, 'manage');
    return listAuditPage(ctx.db, input.serviceCenterId, input.entity, { cursor: input.cursor, limit: input.limit });
  }),
});
