import { importRequestSchema } from '../../../shared/imports.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { previewImport, runImport } from './service.ts';

/**
 * CSV import into one of the caller's garage vehicles (docs/data.md#import). Owner-only: a vehicle
 * not in the caller's garage answers 404. The file travels as text in `csv`; large files go
 * through the REST paths, whose body limit is the file limit.
 */
export const importsRouter = router({
  preview: authedProcedure.input(importRequestSchema).mutation(({ ctx, input }) => previewImport(ctx.db, ctx.user.id, input)),
  run: authedProcedure.input(importRequestSchema).mutation(({ ctx, input }) => runImport(ctx.db, ctx.user.id, input)),
});
