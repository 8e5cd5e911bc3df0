import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CreatePartInput, ListPartsInput, PartPatch } from '../../../shared/parts.ts';
import type { InventoryInput, MoveStockInput } from '../../../shared/stock.ts';
import type { CreateSupplierInput, ListSuppliersInput, SupplierPatch } from '../../../shared/suppliers.ts';
import type { VehiclePartsInput } from '../../../shared/vehicle-parts.ts';
import { PART_IMPORT_LIMITS, type PartImportInput } from '../../../shared/parts-import.ts';
import { domainError } from '../../http/errors.ts';
import { objectBody, pathId, queryParam, restRoute } from '../../http/rest.ts';

const TAG = 'Parts and inventory';

function param(req: FastifyRequest, name: string): string {
  return (req.params as Record<string, string>)[name] ?? '';
}

/** Room for the JSON around the file (escaped quotes and line breaks take two characters). */
const IMPORT_BODY_LIMIT = PART_IMPORT_LIMITS.maxBytes * 2 + 64 * 1024;

/** The file as the body itself (`text/csv`, or text/plain), or as JSON `{ "csv": "..." }`. */
function importInput(req: FastifyRequest): PartImportInput {
  const serviceCenterId = param(req, 'centerId');
  if (typeof req.body === 'string') return { serviceCenterId, csv: req.body };
  return { ...(objectBody(req) as Omit<PartImportInput, 'serviceCenterId'>), serviceCenterId };
}

/** `POST /api/shops/:centerId/parts/import`: `?dryRun=true` previews (`parts.importPreview`), otherwise imports. */
function registerImportRoute(app: FastifyInstance): void {
  // A CSV body arrives as text; the app's other paths refuse a body that is not a JSON object.
  if (!app.hasContentTypeParser('text/csv')) app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/shops/:centerId/parts/import',
      summary: 'Import a parts catalogue from a CSV file (any staff role): new part numbers are added, known ones updated; `?dryRun=true` only previews',
      description: `The body is the file (\`content-type: text/csv\`) or JSON \`{ "csv": "..." }\`. The first line names the columns (part number and name required; brand, category, make, model, year from, year to, engine, unit cost, price, reorder point, notes; aliases such as "Part #", "Cost", "Retail"); money in dollars ("12.50", "$1,234.00"). A known part number updates that part's catalogue fields the file has columns of, never its stock. Rows with errors are left out and listed by row (the header is row 1), field and message; the rest is written in one transaction. \`dryRun=true\` answers each row's part or errors (\`parts.importPreview\`) and writes nothing. At most ${PART_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and ${PART_IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows. Not staff of the shop: 404.`,
      tag: TAG,
      auth: 'staff',
      status: 200,
      procedure: 'parts.importCommit',
      inputFrom: 'body',
      bodyLimit: IMPORT_BODY_LIMIT,
      textBody: { contentType: 'text/csv', field: 'csv' },
      queryFlags: { dryRun: 'Preview only: answer what each row would do and write nothing (`parts.importPreview`)' },
    },
    async ({ caller, req }) => {
      const dryRun = queryParam(req, 'dryRun') ?? 'false';
      if (dryRun !== 'true' && dryRun !== 'false') throw domainError('BAD_REQUEST', 'dryRun must be true or false', { field: 'dryRun' });
      return dryRun === 'true' ? caller.parts.importPreview(importInput(req)) : caller.parts.importCommit(importInput(req));
    },
  );
}

/** The parts paths (docs/parts.md#paths); each mirrors a `parts.*` procedure. */
export function registerPartsRest(app: FastifyInstance): void {
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/shops/:centerId/parts',
      summary: "The shop's parts catalogue by part number, a page at a time (staff of the shop)",
      description:
        'Filters: `search` (part number, name, brand or fitment contains), `make`, `model`, `year` (the parts that fit; a part naming no make, model or years fits every one), `category`; `limit` (at most 100) and `cursor` (the `nextCursor` of the previous page). Money is in whole cents. Not staff of the shop: 404.',
      tag: TAG,
      auth: 'staff',
      procedure: 'parts.list',
      inputFrom: 'query',
    },
    ({ caller, req }) =>
      caller.parts.list({
        serviceCenterId: param(req, 'centerId'),
        search: queryParam(req, 'search'),
        make: queryParam(req, 'make'),
        model: queryParam(req, 'model'),
        year: queryParam(req, 'year'),
        category: queryParam(req, 'category'),
        cursor: queryParam(req, 'cursor'),
        limit: queryParam(req, 'limit'),
      } as ListPartsInput),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/vehicles/:vehicleId/parts',
      summary: 'The parts of a shop\u2019s catalogue that fit a stored vehicle (staff of the shop named by `serviceCenterId`)',
      description:
        'Fit: the vehicle\u2019s make and model (whatever the case) and year within the part\u2019s years; a part naming no make, model or years fits every one; the engine counts only when both the vehicle and the part name one. `search` narrows as the catalogue\u2019s does, `category` keeps one category. At most 100 parts by category, then part number; `total` and `categories` count every fitting part. Not staff of the shop: 404; an unknown vehicle: 404.',
      tag: TAG,
      auth: 'staff',
      procedure: 'parts.forVehicle',
      inputFrom: 'query',
    },
    ({ caller, req }) =>
      caller.parts.forVehicle({
        serviceCenterId: queryParam(req, 'serviceCenterId'),
        vehicleId: param(req, 'vehicleId'),
        search: queryParam(req, 'search'),
        category: queryParam(req, 'category'),
      } as VehiclePartsInput),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/shops/:centerId/parts',
      summary: 'Add a part to the shop\u2019s catalogue (any staff role); it starts with no stock',
      description: 'Part numbers are kept in capitals and are unique in a shop (409). Stock comes only through movements (`POST /api/inventory/{partId}/movements`).',
      tag: TAG,
      auth: 'staff',
      procedure: 'parts.create',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.parts.create({ ...(objectBody(req) as Omit<CreatePartInput, 'serviceCenterId'>), serviceCenterId: param(req, 'centerId') }),
  );
  registerImportRoute(app);
  restRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/parts/:id',
      summary: 'Change a part\u2019s catalogue fields (any staff role)',
      description: 'Only the fields sent change; null or an empty text clears an optional field. `onHand` is not a field: stock changes only through movements.',
      tag: TAG,
      auth: 'staff',
      status: 200,
      procedure: 'parts.update',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.parts.update({ ...(objectBody(req) as PartPatch), id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/shops/:centerId/inventory',
      summary: 'The shop\u2019s stock: parts with on hand, reorder point and status, the totals and the backorder setting',
      description: 'Filters: `status` (`in_stock`, `low_stock`, `out_of_stock`), `search`; `limit` (at most 100) and `cursor`. `summary` counts the whole shop: parts, low, out, and the stock\u2019s value at cost in cents.',
      tag: TAG,
      auth: 'staff',
      procedure: 'parts.inventory',
      inputFrom: 'query',
    },
    ({ caller, req }) =>
      caller.parts.inventory({
        serviceCenterId: param(req, 'centerId'),
        status: queryParam(req, 'status'),
        search: queryParam(req, 'search'),
        cursor: queryParam(req, 'cursor'),
        limit: queryParam(req, 'limit'),
      } as InventoryInput),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/inventory/:partId/movements',
      summary: 'Receive, use or adjust stock of a part (any staff role); answers `{ part, movement }`',
      description:
        '`{ "kind": "received" | "used" | "adjusted", "quantity": n }`: received adds n units (optionally naming a `supplierId` of the shop), used takes n away, adjusted adds a signed n and needs a `reason`. Stock below zero: 409 unless the shop allows backorders.',
      tag: TAG,
      auth: 'staff',
      procedure: 'parts.move',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.parts.move({ ...(objectBody(req) as Omit<MoveStockInput, 'partId'>), partId: param(req, 'partId') }),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/shops/:centerId/suppliers',
      summary: 'The shop\u2019s suppliers by name (staff of the shop)',
      description: 'Filter: `status` (`active`, `pending`); `limit` (at most 200).',
      tag: TAG,
      auth: 'staff',
      procedure: 'parts.suppliers.list',
      inputFrom: 'query',
    },
    ({ caller, req }) =>
      caller.parts.suppliers.list({ serviceCenterId: param(req, 'centerId'), status: queryParam(req, 'status'), limit: queryParam(req, 'limit') } as ListSuppliersInput),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/shops/:centerId/suppliers',
      summary: 'Add a supplier (managers and owners)',
      description: 'Technicians of the shop: 403; not staff of the shop: 404. A supplier\u2019s name is unique in the shop (409).',
      tag: TAG,
      auth: 'staff',
      procedure: 'parts.suppliers.create',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.parts.suppliers.create({ ...(objectBody(req) as Omit<CreateSupplierInput, 'serviceCenterId'>), serviceCenterId: param(req, 'centerId') }),
  );
  restRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/suppliers/:id',
      summary: 'Change a supplier\u2019s contact details, status or notes (managers and owners)',
      tag: TAG,
      auth: 'staff',
      status: 200,
      procedure: 'parts.suppliers.update',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.parts.suppliers.update({ ...(objectBody(req) as SupplierPatch), id: pathId(req) }),
  );
}
