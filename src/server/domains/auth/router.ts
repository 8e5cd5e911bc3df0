import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { changePasswordSchema, createApiTokenSchema, deleteAccountSchema, preferencesUpdateSchema, roleSchema, updateProfileSchema } from '../../../shared/auth.ts';
import { authedProcedure, publicProcedure, router } from '../../trpc.ts';
import { deleteAccount } from './account-deletion.ts';
import { changePassword, setRole, updatePreferences, updateProfile } from './service.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './tokens.ts';

const tokensRouter = router({
  list: authedProcedure.query(({ ctx }) => listApiTokens(ctx.db, ctx.user.id)),
  create: authedProcedure.input(createApiTokenSchema).mutation(({ ctx, input }) => {
    // A leaked token must not be able to outlive its revocation by minting others.
    if (ctx.viaToken) throw new TRPCError({ code: 'FORBIDDEN', message: 'An API token cannot create API tokens: sign in to create one' });
    return createApiToken(ctx.db, ctx.user.id, input.name);
  }),
  revoke: authedProcedure.input(z.object({ id: z.uuid({ error: 'Invalid token id' }) })).mutation(async ({ ctx, input }) => {
    if (!(await revokeApiToken(ctx.db, ctx.user.id, input.id))) {
      throw new TRPCError({ code: 'NOT_FOUND', message: 'API token not found' });
    }
  }),
});

export const authRouter = router({
  /** The signed-in user, or null: the client's session state comes from here. */
  me: publicProcedure.query(({ ctx }) => ctx.user),
  setRole: authedProcedure.input(z.object({ role: roleSchema })).mutation(async ({ ctx, input }) => {
    const user = await setRole(ctx.db, ctx.user, input.role);
    ctx.authCache.setUser(user);
    return user;
  }),
  updatePreferences: authedProcedure.input(preferencesUpdateSchema).mutation(async ({ ctx, input }) => {
    const user = await updatePreferences(ctx.db, ctx.user, input);
    ctx.authCache.setUser(user);
    return user;
  }),
  updateProfile: authedProcedure.input(updateProfileSchema).mutation(async ({ ctx, input }) => {
    const user = await updateProfile(ctx.db, ctx.user, input);
    ctx.authCache.setUser(user);
    return user;
  }),
  changePassword: authedProcedure.input(changePasswordSchema).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.db, ctx.user, ctx.sessionId, input);
    ctx.authCache.forgetUser(ctx.user.id);
  }),
  /** Deletes the account and all its own data (password required); every session ends. */
  deleteAccount: authedProcedure.input(deleteAccountSchema).mutation(async ({ ctx, input }) => {
    if (ctx.viaToken) throw new TRPCError({ code: 'FORBIDDEN', message: 'An API token cannot delete the account: sign in to delete it' });
    await deleteAccount(ctx.db, ctx.user, input);
    ctx.authCache.forgetUser(ctx.user.id);
  }),
  tokens: tokensRouter,
});
