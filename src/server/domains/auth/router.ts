import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { changePasswordSchema, createApiTokenSchema, preferencesUpdateSchema, roleSchema } from '../../../shared/auth.ts';
import { authedProcedure, publicProcedure, router } from '../../trpc.ts';
import { changePassword, setRole, updatePreferences } from './service.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './tokens.ts';

const tokensRouter = router({
  list: authedProcedure.query(({ ctx }) => listApiTokens(ctx.db, ctx.user.id)),
  create: authedProcedure
    .input(createApiTokenSchema)
    .mutation(({ ctx, input }) => createApiToken(ctx.db, ctx.user.id, input.name)),
  revoke: authedProcedure.input(z.object({ id: z.uuid({ error: 'Invalid token id' }) })).mutation(async ({ ctx, input }) => {
    if (!(await revokeApiToken(ctx.db, ctx.user.id, input.id))) {
      throw new TRPCError({ code: 'NOT_FOUND', message: 'API token not found' });
    }
  }),
});

export const authRouter = router({
  /** The signed-in user, or null: the client's session state comes from here. */
  me: publicProcedure.query(({ ctx }) => ctx.user),
  setRole: authedProcedure
    .input(z.object({ role: roleSchema }))
    .mutation(({ ctx, input }) => setRole(ctx.db, ctx.user, input.role)),
  updatePreferences: authedProcedure
    .input(preferencesUpdateSchema)
    .mutation(({ ctx, input }) => updatePreferences(ctx.db, ctx.user, input)),
  changePassword: authedProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) => changePassword(ctx.db, ctx.user, ctx.sessionId, input)),
  tokens: tokensRouter,
});
