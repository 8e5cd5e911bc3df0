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
import type { User } from '../../../shared/auth.ts';
import type { Executor } from '../../db/index.ts';
import { authedProcedure, publicProcedure, router } from '../../trpc.ts';
import { deactivateItem, findItem, insertItem, isStaffAnywhere, searchKnowledge, tagCounts, updateItem } from './repository.ts';
import { tipsFor } from './service.ts';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Knowledge item not found' });

/** Admins add and change every item; staff of any shop add items and change their own. */
async function requireWriter(db: Executor, user: User): Promise<void> {
  if (user.isAdmin || (await isStaffAnywhere(db, user.id))) return;
  throw new TRPCError({ code: 'FORBIDDEN', message: 'Only staff of a service center and administrators can write knowledge items' });
}

/** The active item, when the user may change it (admins: all; staff: their own). */
async function requireEditable(db: Executor, user: User, id: string) {
  const item = await findItem(db, id);
  if (!item) throw notFound();
  await requireWriter(db, user);
  if (!user.isAdmin && item.createdBy !== user.id) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Staff can change only the knowledge items they wrote' });
  }
  return item;
}

/**
 * Knowledge is public (docs/knowledge.md#paths): anyone may search it, read an item and the
 * assistant's tips. Staff of a shop add items and edit their own; admins edit all
 * (docs/knowledge.md#who-may-write). The user's mode grants nothing.
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
  create: authedProcedure.input(knowledgeItemInputSchema).mutation(async ({ ctx, input }) => {
    await requireWriter(ctx.db, ctx.user);
    return insertItem(ctx.db, input, ctx.user.id);
  }),
  update: authedProcedure
    .input(knowledgeItemPatchSchema.extend({ id: knowledgeItemIdSchema }))
    .mutation(async ({ ctx, input: { id, ...patch } }) => {
      await requireEditable(ctx.db, ctx.user, id);
      const item = await updateItem(ctx.db, id, patch);
      if (!item) throw notFound();
      return item;
    }),
  /** Takes an item out of the Knowledge Base (the row is kept, inactive). */
  delete: authedProcedure.input(z.object({ id: knowledgeItemIdSchema }).strict()).mutation(async ({ ctx, input }) => {
    await requireEditable(ctx.db, ctx.user, input.id);
    if (!(await deactivateItem(ctx.db, input.id))) throw notFound();
    return { id: input.id };
  }),
});
