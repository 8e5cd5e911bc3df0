import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DtcSearchInput } from '../../../shared/dtc.ts';
import { queryParam, restRoute } from '../../http/rest.ts';
import { getDtcIndex } from './service.ts';
import { registerDiagnosticSessionsRest } from './sessions-rest.ts';

const TAG = 'Trouble codes';

function pathCode(req: FastifyRequest): string {
  return (req.params as { code: string }).code;
}

/** The REST paths for trouble codes (docs/obd.md#lookup-and-search); each calls the procedure of the same name. */
export function registerDtcRest(app: FastifyInstance): void {
  registerDiagnosticSessionsRest(app);
  // The index is built with the server, so the first lookup does not wait for it.
  app.addHook('onReady', async () => {
    const index = getDtcIndex();
    app.log.info({ codes: index.entries.length, words: index.words.length, bytes: index.bytes }, 'trouble-code index built');
  });

  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/dtc',
      summary: 'Search trouble codes by code prefix or words (title, explanations, causes), best first',
      description: '`q` is required; at most 50 results a page (`limit`, `offset`). Answers { items, total, limit, offset }.',
      tag: TAG,
      auth: 'public',
      procedure: 'dtc.search',
      inputFrom: 'query',
    },
    ({ caller, req }) =>
      caller.dtc.search({ q: queryParam(req, 'q'), limit: queryParam(req, 'limit'), offset: queryParam(req, 'offset') } as DtcSearchInput),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/dtc/:code',
      summary: 'One trouble code: the catalogue entry, or for a well-formed code it lacks, its structure with generic texts (`inCatalogue: false`)',
      description: '400 for anything that is not a code: a letter P, C, B or U followed by four characters.',
      tag: TAG,
      auth: 'public',
      procedure: 'dtc.lookup',
    },
    ({ caller, req }) => caller.dtc.lookup({ code: pathCode(req) }),
  );
}
