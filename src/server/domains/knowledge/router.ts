import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  knowledgeItemIdSchema,
  knowledgeItemInputSchema,
  knowledgeItemPatchSchema,
  knowledgeSearchSchema,
  knowledgeTagsSchema,
  tipsInputSchema,
} from '../../../shared/knowledge.ts';
import { publicProcedure, router, techProcedure } from '../../trpc.ts';
import { findItem, insertItem, searchKnowledge, tagCounts, updateItem } from './repository.ts';
import { tipsFor } from './service.ts';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Knowledge item not found' });

/**
 * Knowledge is public (docs/knowledge.md#paths): anyone may search it, read an item and the
 * assistant's tips. Technicians write the Knowledge Base.
 */
export const knowledgeRouter = router({
  search: publicProcedure.input(knowledgeSearchSchema).query(({ ctx, input }) => searchKnowledge(ctx.db, input)),
  tips: publicProcedure.input(tipsInputSchema).query(({ ctx, input }) => tipsFor(ctx.db, input, ctx.user)),
  tags: publicProcedure.input(knowledgeTagsSchema).query(({ ctx, input }) => tagCounts(ctx.db, input)),
  get: publicProcedure.input(z.object({ id: knowledgeItemIdSchema })).query(async ({ ctx, input }) => {
    const item = await findItem(ctx.db, input.id);
    if (!item) throw notFound();
    return item;
  }),
  create: techProcedure.input(knowledgeItemInputSchema).mutation(({ ctx, input }) => insertItem(ctx.db, input, ctx.user.id)),
  update: techProcedure
    .input(knowledgeItemPatchSchema.extend({ id: knowledgeItemIdSchema }))
    .mutation(async ({ ctx, input: { id, ...patch } }) => {
      const item = await updateItem(ctx.db, id, patch);
      if (!item) throw notFound();
      return item;
    }),
});
