import { z } from 'zod';
import {
  createInquirySchema,
  inquiryIdSchema,
  listInquiriesSchema,
  setInquiryStatusSchema,
  type CustomerInquiry,
} from '../../../shared/inquiries.ts';
import { domainError } from '../../http/errors.ts';
import { authedProcedure, router, techProcedure } from '../../trpc.ts';
import { findInquiry, inquiryStats, listAllInquiries, listInquiryPage, updateInquiryStatus } from './repository.ts';
import { viewerOf } from '../../lib/viewer.ts';
import { createInquiry } from './service.ts';

function found(inquiry: CustomerInquiry | null): CustomerInquiry {
  // Another customer's inquiry reads as missing: its existence is not revealed
  // (docs/inquiries.md#who-may-do-what).
  if (!inquiry) throw domainError('NOT_FOUND', 'Customer inquiry not found');
  return inquiry;
}

const SCOPE = 'customer-inquiries';

/** Technicians share one view of all inquiries; an owner's view is their own. */
function viewKey(user: { id: string; role: string | null }): string {
  return user.role === 'tech' ? 'all' : user.id;
}

export const inquiriesRouter = router({
  list: authedProcedure
    .input(listInquiriesSchema)
    .query(({ ctx, input: { search, status, priority, cursor, limit } }) =>
      ctx.readCache.get(SCOPE, `page:${viewKey(ctx.user)}:${JSON.stringify([search, status, priority, cursor, limit])}`, () =>
        listInquiryPage(ctx.db, viewerOf(ctx.user), { search, status, priority }, { cursor, limit }),
      ),
    ),
  all: authedProcedure.query(({ ctx }) => listAllInquiries(ctx.db, viewerOf(ctx.user))),
  stats: authedProcedure.query(({ ctx }) => ctx.readCache.get(SCOPE, `stats:${viewKey(ctx.user)}`, () => inquiryStats(ctx.db, viewerOf(ctx.user)))),
  get: authedProcedure
    .input(z.object({ id: inquiryIdSchema }).strict())
    .query(async ({ ctx, input }) => found(await findInquiry(ctx.db, viewerOf(ctx.user), input.id))),
  create: authedProcedure.input(createInquirySchema).mutation(async ({ ctx, input }) => {
    const inquiry = await createInquiry(ctx.db, ctx.user, input);
    ctx.readCache.invalidate(SCOPE);
    return inquiry;
  }),
  /** Any status to any other; only technicians move an inquiry along (docs/inquiries.md#rules). */
  setStatus: techProcedure
    .input(setInquiryStatusSchema)
    .mutation(async ({ ctx, input }) => {
      const inquiry = await updateInquiryStatus(ctx.db, input.id, input.status);
      ctx.readCache.invalidate(SCOPE);
      return found(inquiry);
    }),
});
