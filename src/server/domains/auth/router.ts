import { z } from 'zod';
import { preferencesUpdateSchema, roleSchema } from '../../../shared/auth.ts';
import { authedProcedure, publicProcedure, router } from '../../trpc.ts';
import { setRole, updatePreferences } from './service.ts';

export const authRouter = router({
  /** The signed-in user, or null: the client's session state comes from here. */
  me: publicProcedure.query(({ ctx }) => ctx.user),
  setRole: authedProcedure
    .input(z.object({ role: roleSchema }))
    .mutation(({ ctx, input }) => setRole(ctx.db, ctx.user, input.role)),
  updatePreferences: authedProcedure
    .input(preferencesUpdateSchema)
    .mutation(({ ctx, input }) => updatePreferences(ctx.db, ctx.user, input)),
});
