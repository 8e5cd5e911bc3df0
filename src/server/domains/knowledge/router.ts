import { knowledgeSearchSchema, tipsInputSchema } from '../../../shared/knowledge.ts';
import { publicProcedure, router } from '../../trpc.ts';
import { searchKnowledge } from './repository.ts';
import { tipsFor } from './service.ts';

/** Knowledge is public (PRODUCT.md): anyone may search it and read the assistant's tips. */
export const knowledgeRouter = router({
  search: publicProcedure.input(knowledgeSearchSchema).query(({ ctx, input }) => searchKnowledge(ctx.db, input)),
  tips: publicProcedure.input(tipsInputSchema).query(({ ctx, input }) => tipsFor(ctx.db, input)),
});
