import { z } from 'zod';
import { avatarIdSchema, avatarInputSchema, avatarUpdateSchema } from '../../../shared/avatars.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { findActiveAvatar, listAvatars } from './repository.ts';
import { changeAvatar, createAvatar, removeAvatar, setActiveAvatar } from './service.ts';

const byId = z.object({ id: avatarIdSchema });

export const avatarsRouter = router({
  list: authedProcedure.query(({ ctx }) => listAvatars(ctx.db, ctx.user.id)),
  /** null when the user has none: not an error for the client. */
  active: authedProcedure.query(({ ctx }) => findActiveAvatar(ctx.db, ctx.user.id)),
  create: authedProcedure.input(avatarInputSchema).mutation(({ ctx, input }) => createAvatar(ctx.db, ctx.user.id, input)),
  update: authedProcedure
    .input(byId.extend({ changes: avatarUpdateSchema }))
    .mutation(({ ctx, input }) => changeAvatar(ctx.db, ctx.user.id, input.id, input.changes)),
  delete: authedProcedure.input(byId).mutation(({ ctx, input }) => removeAvatar(ctx.db, ctx.user.id, input.id)),
  setActive: authedProcedure.input(byId).mutation(({ ctx, input }) => setActiveAvatar(ctx.db, ctx.user.id, input.id)),
});
