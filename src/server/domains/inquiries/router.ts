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
} from '../../../shared/inquiries.ts';
import type { Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { requireShopAccess } from '../../lib/shop-access.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { inquiryNotFound } from './access.ts';
import { listMessages, sendMessage } from './messages.ts';
import { findInquiry, inquiryStats, listAllInquiries, listInquiryPage, type InquiryViewer } from './repository.ts';
import { assignInquiry, cancelInquiry, createInquiry, setInquiryStatus, updateInquiry } from './service.ts';

function found(inquiry: CustomerInquiry | null): CustomerInquiry {
  if (!inquiry) throw inquiryNotFound();
  return inquiry;
}

const SCOPE = 'customer-inquiries';

const viewerOf = (user: User): InquiryViewer => ({ userId: user.id, isAdmin: user.isAdmin });

/**
 * A list's scope, checked: a shop's rows need membership (admins read), `mine` is the caller's own,
 * neither is both. The cache key names the shop (after the caller's access to it was checked) or the
 * viewer, so no one reads an answer they may not see.
 */
async function scoped(db: Executor, user: User, scope: InquiryScope): Promise<{ scope: InquiryScope; key: string }> {
  if (scope.serviceCenterId && scope.mine) throw domainError('BAD_REQUEST', 'Ask for one shop (serviceCenterId) or your own requests (mine), not both');
  if (scope.serviceCenterId) {
    await requireShopAccess(db, user, scope.serviceCenterId, 'read');
    // A shop's view is the same for all its staff: one cache entry a shop, read only after the check.
    return { scope, key: `shop:${scope.serviceCenterId}` };
  }
  return { scope, key: `${user.id}:${scope.mine ? 'mine' : 'all'}` };
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
  messages: messagesRouter,
});
