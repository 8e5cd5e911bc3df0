import { z } from 'zod';
import { createScanSessionSchema, listModelsSchema, listScanSessionsSchema, modelIdSchema, scanSessionIdSchema, updateModelSchema } from '../../../shared/scans.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { getModel, listModels, updateModel } from './models.ts';
import { listSessions } from './repository.ts';
import { createSession, getSession, processSession, removeSession } from './service.ts';

const bySession = z.object({ id: scanSessionIdSchema }).strict();

/**
 * 3D scans (docs/scans.md#who-may-do-what): a session and its photos are its maker's alone, in
 * either mode; a model is its owner's, or anyone's when public. Photos arrive over HTTP only
 * (POST /api/scan-sessions/{id}/images); the rest mirrors these procedures.
 */
export const scansRouter = router({
  list: authedProcedure.input(listScanSessionsSchema).query(({ ctx, input }) => listSessions(ctx.db, ctx.user.id, input)),
  get: authedProcedure.input(bySession).query(({ ctx, input }) => getSession(ctx.db, ctx.user, input.id)),
  create: authedProcedure.input(createScanSessionSchema).mutation(({ ctx, input }) => createSession(ctx.db, ctx.user, input)),
  process: authedProcedure.input(bySession).mutation(({ ctx, input }) => processSession(ctx.db, ctx.user, input.id)),
  delete: authedProcedure.input(bySession).mutation(({ ctx, input }) => removeSession(ctx.db, ctx.user, input.id)),
  model: authedProcedure.input(z.object({ id: modelIdSchema }).strict()).query(({ ctx, input }) => getModel(ctx.db, ctx.user, input.id)),
  models: authedProcedure.input(listModelsSchema).query(({ ctx, input }) => listModels(ctx.db, ctx.user, input)),
  updateModel: authedProcedure.input(updateModelSchema).mutation(({ ctx, input }) => updateModel(ctx.db, ctx.user, input)),
});
