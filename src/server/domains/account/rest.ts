import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { requireUserOfRequest } from '../../context.ts';
import { domainError } from '../../http/errors.ts';
import { documentRoute, sendError } from '../../http/rest.ts';
import { ZipWriter } from '../../lib/zip.ts';
import { EXPORT_MAX_ROWS, exportTooLarge, writeAccountExport } from './export.ts';
import { EXPORT_MAX_MODELS, tooManyModels } from './export-scans.ts';

/** The account export (docs/data.md#export): a ZIP download, streamed as it is written. */
export function registerAccountRest(app: FastifyInstance): void {
  documentRoute(app, {
    method: 'GET',
    url: '/api/account/export',
    summary: 'Download everything of your account as one ZIP: profile, vehicles, service records, fill-ups, expenses, files with their bytes, 3D scans with their photos and models, notifications (JSON and CSV)',
    description: 'Each garage vehicle has a folder with service-records.csv and fuel.csv in the columns the import\u2019s "vintech" preset reads, and expenses.csv.',
    tag: 'Import and export',
    auth: 'user',
    status: 200,
    produces: 'application/zip',
  });
  app.get('/api/account/export', async (req, reply) => {
    try {
      const user = await requireUserOfRequest(req);
      const tooMany = await exportTooLarge(req.server.db, user.id);
      if (tooMany) throw domainError('UNPROCESSABLE_CONTENT', `Your account has more than ${EXPORT_MAX_ROWS.toLocaleString('en-US')} ${tooMany}, more than one export holds: export a vehicle's history from its menu instead`);
      if (await tooManyModels(req.server.db, user.id)) {
        throw domainError('UNPROCESSABLE_CONTENT', `Your account has more than ${EXPORT_MAX_MODELS} 3D models, more than one export holds: download the ones you need from the Component Viewer instead`);
      }
      const stream = new PassThrough();
      const zip = new ZipWriter((chunk) => stream.write(chunk));
      const drain = () => (stream.writableNeedDrain ? new Promise<void>((resolve) => stream.once('drain', () => resolve())) : Promise.resolve());
      const day = new Date().toISOString().slice(0, 10);
      reply
        .code(200)
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="vintech-export-${day}.zip"`)
        .header('cache-control', 'no-store');
      const done = writeAccountExport(req.server.db, user.id, zip, drain).then(
        () => {
          zip.finish();
          stream.end();
        },
        (error: unknown) => {
          req.log.error({ err: error, reqId: req.id }, 'export failed');
          stream.destroy(error instanceof Error ? error : new Error(String(error)));
        },
      );
      void done;
      return reply.send(stream);
    } catch (error) {
      return sendError(req, reply, error);
    }
  });
}
