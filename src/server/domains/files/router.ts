import { attachInputSchema, attachmentsInputSchema, fileByIdSchema, myPhotosInputSchema, photosInputSchema } from '../../../shared/files.ts';
import { domainError } from '../../http/errors.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { findVisibleFile, listOwnPhotos, listVisiblePhotos } from './repository.ts';
import { attachFile, detachFile, fileNotFound, recordAttachments, removeFile } from './service.ts';

/** Files and their attachments to service records (uploads and bytes go through REST: docs/files.md). */
export const filesRouter = router({
  /** A file's description, for whoever may see it. */
  get: authedProcedure.input(fileByIdSchema).query(async ({ ctx, input }) => {
    const file = await findVisibleFile(ctx.db, ctx.user.id, input.id);
    if (!file) throw fileNotFound();
    return file;
  }),
  /** The caller's own photos, newest first, with what the server measured of each. */
  myPhotos: authedProcedure.input(myPhotosInputSchema).query(({ ctx, input }) => listOwnPhotos(ctx.db, ctx.user.id, input.limit, input.cursor)),
  /** Every photo the caller may see, filtered by vehicle, component, inspection and days. */
  photos: authedProcedure.input(photosInputSchema).query(({ ctx, input }) => {
    const { cursor, limit, direction: _direction, ...filters } = input;
    if (filters.from && filters.to && filters.from > filters.to) throw domainError('BAD_REQUEST', 'From must not be after To');
    return listVisiblePhotos(ctx.db, ctx.user.id, filters, limit, cursor);
  }),
  /** What the server measured of one photo the caller may see. */
  analysis: authedProcedure.input(fileByIdSchema).query(async ({ ctx, input }) => {
    const file = await findVisibleFile(ctx.db, ctx.user.id, input.id);
    if (!file || file.contentType === 'application/pdf') throw fileNotFound();
    return { id: file.id, name: file.name, width: file.width, height: file.height, size: file.size, analysis: file.analysis };
  }),
  remove: authedProcedure.input(fileByIdSchema).mutation(({ ctx, input }) => removeFile(ctx.db, ctx.user.id, input.id)),
  attachments: authedProcedure.input(attachmentsInputSchema).query(({ ctx, input }) => recordAttachments(ctx.db, ctx.user.id, input.recordId)),
  attach: authedProcedure.input(attachInputSchema).mutation(({ ctx, input }) => attachFile(ctx.db, ctx.user, input.recordId, input.fileId)),
  detach: authedProcedure.input(attachInputSchema).mutation(({ ctx, input }) => detachFile(ctx.db, ctx.user, input.recordId, input.fileId)),
});
