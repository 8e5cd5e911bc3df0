import { sql } from 'kysely';
import { z } from 'zod';
import type { User } from '../../../shared/auth.ts';
import {
  assignInquirySchema,
  createInquirySchema,
  inquiryIdSchema,
  inquiryScopeSchema,
  listInquiriesSchema,
  listMessagesSchema,
  sendMessageSchema,
  setInquiryStatusSchema,
  updateInquirySchema,
  type CustomerInquiry,
  type InquiryScope,
  type ShopCustomerOption,
  type ShopTechnician,
  searchSchema,
} from '../../../shared/inquiries.ts';
import { shopIdSchema } from '../../../shared/shops.ts';
import type { Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { containsPattern } from '../../lib/paging.ts';
import { requireShopAccess } from '../../lib/shop-access.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { inquiryNotFound } from './access.ts';
import { listMessages, sendMessage } from './messages.ts';
import { findInquiry, inquiryStats, listAllInquiries, listInquiryPage, personName, type InquiryViewer } from './repository.ts';
import { assignInquiry, cancelInquiry, createInquiry, setInquiryStatus, updateInquiry } from './service.ts';

function found(inquiry: CustomerInquiry | null): CustomerInquiry {
  if (!inquiry) throw inquiryNotFound();
  return inquiry;
}

const SCOPE = 'customer-inquiries';

const viewerOf = (user: User): InquiryViewer => ({ userId: user.id, isAdmin: user.isAdmin });

/**
 * A list's scope, checked: a shop's rows need membership (admins read), `mine` is the caller's own,
 * neither is both. The cache key names the viewer and the shop, so no one reads another's answer.
 */
async function scoped(db: Executor, user: User, scope: InquiryScope): Promise<{ scope: InquiryScope; key: string }> {
  if (scope.serviceCenterId && scope.mine) throw domainError('BAD_REQUEST', 'Ask for one shop (serviceCenterId) or your own requests (mine), not both');
  if (scope.serviceCenterId) await requireShopAccess(db, user, scope.serviceCenterId, 'read');
  return { scope, key: `${user.id}:${scope.serviceCenterId ?? (scope.mine ? 'mine' : 'all')}` };
}

const messagesRouter = router({
  list: authedProcedure.input(listMessagesSchema).query(({ ctx, input }) => listMessages(ctx.db, ctx.user, input.inquiryId, input.limit)),
  send: authedProcedure.input(sendMessageSchema).mutation(({ ctx, input }) => sendMessage(ctx.db, ctx.user, input.inquiryId, input.body)),
});

export const inquiriesRouter = router({
  list: authedProcedure.input(listInquiriesSchema).query(async ({ ctx, input: { search, status, priority, cursor, limit, serviceCenterId, mine } }) => {
    const { scope, key } = await scoped(ctx.db, ctx.user, { serviceCenterId, mine });
    return ctx.readCache.get(SCOPE, `page:${key}:${JSON.stringify([search, status, priority, cursor, limit])}`, () =>
      listInquiryPage(ctx.db, viewerOf(ctx.user), scope, { search, status, priority }, { cursor, limit }),
    );
  }),
  all: authedProcedure.input(inquiryScopeSchema.optional()).query(async ({ ctx, input }) => {
    const { scope } = await scoped(ctx.db, ctx.user, input ?? {});
    return listAllInquiries(ctx.db, viewerOf(ctx.user), scope);
  }),
  stats: authedProcedure.input(inquiryScopeSchema.optional()).query(async ({ ctx, input }) => {
    const { scope, key } = await scoped(ctx.db, ctx.user, input ?? {});
    return ctx.readCache.get(SCOPE, `stats:${key}`, () => inquiryStats(ctx.db, viewerOf(ctx.user), scope));
  }),
  get: authedProcedure
    .input(z.object({ id: inquiryIdSchema }).strict())
    .query(async ({ ctx, input }) => found(await findInquiry(ctx.db, viewerOf(ctx.user), input.id))),
  create: authedProcedure.input(createInquirySchema).mutation(async ({ ctx, input }) => {
    const inquiry = await createInquiry(ctx.db, ctx.user, input);
    ctx.readCache.invalidate(SCOPE);
    return inquiry;
  }),
  /** Any status to any other, by staff of the inquiry's shop (docs/inquiries.md#staff). */
  setStatus: authedProcedure.input(setInquiryStatusSchema).mutation(async ({ ctx, input }) => {
    const inquiry = await setInquiryStatus(ctx.db, ctx.user, input.id, input.status);
    ctx.readCache.invalidate(SCOPE);
    return inquiry;
  }),
  assign: authedProcedure.input(assignInquirySchema).mutation(async ({ ctx, input }) => {
    const inquiry = await assignInquiry(ctx.db, ctx.user, input.id, input.technicianId);
    ctx.readCache.invalidate(SCOPE);
    return inquiry;
  }),
  update: authedProcedure.input(updateInquirySchema).mutation(async ({ ctx, input }) => {
    const inquiry = await updateInquiry(ctx.db, ctx.user, input);
    ctx.readCache.invalidate(SCOPE);
    return inquiry;
  }),
  /** The customer closes their own open or in-progress request. */
  cancel: authedProcedure.input(z.object({ id: inquiryIdSchema }).strict()).mutation(async ({ ctx, input }) => {
    const inquiry = await cancelInquiry(ctx.db, ctx.user, input.id);
    ctx.readCache.invalidate(SCOPE);
    return inquiry;
  }),
  /** The shop's staff, for the assignment select (any member may read it). */
  technicians: authedProcedure
    .input(z.object({ serviceCenterId: shopIdSchema }).strict())
    .query(async ({ ctx, input }): Promise<ShopTechnician[]> => {
      await requireShopAccess(ctx.db, ctx.user, input.serviceCenterId, 'read');
      const rows = await ctx.db
        .selectFrom('shop_staff as s')
        .innerJoin('users as a', 'a.id', 's.user_id')
        .select(['s.user_id', 's.role'])
        .select(personName.as('name'))
        .where('s.service_center_id', '=', input.serviceCenterId)
        .orderBy('name')
        .limit(100)
        .execute();
      return rows.map((row) => ({ userId: row.user_id, name: row.name, role: row.role }));
    }),
  /** The shop's customers by name, for the staff's "New Inquiry" form (read access; at most 20). */
  customers: authedProcedure
    .input(z.object({ serviceCenterId: shopIdSchema, search: searchSchema }).strict())
    .query(async ({ ctx, input }): Promise<ShopCustomerOption[]> => {
      await requireShopAccess(ctx.db, ctx.user, input.serviceCenterId, 'read');
      let query = ctx.db
        .selectFrom('shop_customers')
        .select(['id', 'name', 'email'])
        .where('service_center_id', '=', input.serviceCenterId)
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .limit(20);
      if (input.search) query = query.where('search_text', 'like', containsPattern(input.search.toLowerCase()));
      const rows = await query.execute();
      const vehicles = rows.length
        ? await ctx.db
            .selectFrom('shop_customer_vehicles as cv')
            .innerJoin('vehicles as v', 'v.id', 'cv.vehicle_id')
            .select(['cv.id', 'cv.customer_id', sql<string>`concat_ws(' ', v.year, v.make, v.model)`.as('label')])
            .where('cv.customer_id', 'in', rows.map((r) => r.id))
            .execute()
        : [];
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        vehicles: vehicles.filter((v) => v.customer_id === row.id).map((v) => ({ id: v.id, label: v.label })),
      }));
    }),
  messages: messagesRouter,
});
