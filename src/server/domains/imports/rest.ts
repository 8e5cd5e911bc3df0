import type { FastifyInstance } from 'fastify';
import { IMPORT_LIMITS, type ImportRequest } from '../../../shared/imports.ts';
import { objectBody, restRoute } from '../../http/rest.ts';

/** Room for the JSON around the file's text (escaped quotes and line breaks take two characters). */
const BODY_LIMIT = IMPORT_LIMITS.maxBytes * 2 + 64 * 1024;

/** CSV import paths (docs/data.md#import): the file as text in `csv`, with the mapping and units. */
export function registerImportsRest(app: FastifyInstance): void {
  const tag = 'Import and export';
  const description = `\`kind\` service or fuel; \`preset\` lubelogger, fuelly, vintech or custom fills the mapping from the file's header unless \`mapping\` (field → column) is sent; \`distanceUnit\` mi or km and \`volumeUnit\` gal or L say what the file holds (stored as miles and US gallons; Fuelly's headers say it themselves). At most ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows. Errors name the row (the header is row 1), the column and the problem. Owner only: a vehicle not in your garage answers 404.`;
  restRoute(
    app,
    { method: 'POST', url: '/api/imports/preview', summary: 'Check a CSV file against a garage vehicle: mapping, rows with errors, duplicates, a sample (changes nothing)', tag, auth: 'user', status: 200, procedure: 'imports.preview', inputFrom: 'body', description, bodyLimit: BODY_LIMIT },
    ({ caller, req }) => caller.imports.preview(objectBody(req) as ImportRequest),
  );
  restRoute(
    app,
    { method: 'POST', url: '/api/imports', summary: 'Import the valid rows of a CSV file into a garage vehicle, in one transaction; rows imported before are skipped', tag, auth: 'user', status: 200, procedure: 'imports.run', inputFrom: 'body', description, bodyLimit: BODY_LIMIT },
    ({ caller, req }) => caller.imports.run(objectBody(req) as ImportRequest),
  );
}
