import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { addPurchaseOrderLineSchema, createPurchaseOrderSchema, listPurchaseOrdersSchema, purchaseOrderTransitionSchema, receivePurchaseOrderSchema } from '../../../shared/purchase-orders.ts';
import { PURCHASE_ORDER_LIMITS } from '../../../shared/purchase-orders.ts';
import { objectBody, pathId, queryParam, restRoute } from '../../http/rest.ts';

const TAG = 'Purchase orders';

type In<T extends z.ZodType> = z.input<T>;

function centerId(req: FastifyRequest): string {
  return (req.params as Record<string, string>).centerId ?? '';
}

/** The purchase order paths (docs/parts.md#paths); each mirrors a `purchaseOrders.*` procedure. */
export function registerPurchaseOrderRest(app: FastifyInstance): void {
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/shops/:centerId/purchase-orders',
      summary: "The shop's purchase orders, newest first, a page at a time (staff of the shop)",
      description:
        'Filters: `status` (`draft`, `ordered`, `partially_received`, `received`, `cancelled`), `supplierId`; `limit` (at most 100) and `cursor` (the `nextCursor` of the previous page). Each order has its supplier, line count and totals in whole cents (quantity × unit cost, ordered and received). Not staff of the shop: 404.',
      tag: TAG,
      auth: 'staff',
      procedure: 'purchaseOrders.list',
      inputFrom: 'query',
    },
    ({ caller, req }) =>
      caller.purchaseOrders.list({
        serviceCenterId: centerId(req),
        status: queryParam(req, 'status'),
        supplierId: queryParam(req, 'supplierId'),
        cursor: queryParam(req, 'cursor'),
        limit: queryParam(req, 'limit'),
      } as In<typeof listPurchaseOrdersSchema>),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/shops/:centerId/purchase-orders',
      summary: 'Open a purchase order (a draft) for one of the shop\u2019s suppliers (any staff role)',
      description: `\`supplierId\` names the supplier; \`notes\` is optional; \`lines\` may hold the first lines: \`[{ "partId", "quantity", "unitCostCents"? }]\` (a part of the shop's catalogue once, 1 to ${PURCHASE_ORDER_LIMITS.quantity.toLocaleString('en-US')} units, the unit cost in cents, the part's unit cost when not sent; at most ${PURCHASE_ORDER_LIMITS.lines} lines). Orders are numbered per shop. Not staff of the shop, or a supplier or part outside it: 404.`,
      tag: TAG,
      auth: 'staff',
      procedure: 'purchaseOrders.create',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.purchaseOrders.create({ ...(objectBody(req) as Omit<In<typeof createPurchaseOrderSchema>, 'serviceCenterId'>), serviceCenterId: centerId(req) }),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/purchase-orders/:id',
      summary: 'One purchase order with its lines (ordered and received quantities, unit cost, the part\u2019s stock) and totals in cents (staff of its shop)',
      description: 'Totals: `orderedCents` is the sum of quantity ordered × unit cost, `receivedCents` of quantity received × unit cost. `transitions`, `canEditLines` and `canReceive` say what the caller may do now. Anyone else: 404.',
      tag: TAG,
      auth: 'staff',
      procedure: 'purchaseOrders.get',
    },
    ({ caller, req }) => caller.purchaseOrders.get({ id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/purchase-orders/:id/lines',
      summary: 'Add a line to a draft: `{ "partId", "quantity", "unitCostCents"? }` (staff of its shop)',
      description: `A part of the shop's catalogue (404 otherwise), once per order (409); 1 to ${PURCHASE_ORDER_LIMITS.quantity.toLocaleString('en-US')} units; the unit cost in cents, the part's unit cost when not sent. Only while the order is a draft (409); at most ${PURCHASE_ORDER_LIMITS.lines} lines. Answers the whole order.`,
      tag: TAG,
      auth: 'staff',
      status: 200,
      procedure: 'purchaseOrders.addLine',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.purchaseOrders.addLine({ orderId: pathId(req), line: objectBody(req) as In<typeof addPurchaseOrderLineSchema>['line'] }),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/purchase-orders/:id/transition',
      summary: 'Mark a draft as ordered, or cancel it: `{ "to": "ordered" | "cancelled" }` (staff of its shop)',
      description:
        'draft → ordered (needs a line); draft or ordered → cancelled while nothing is received. Partially received and received follow from receiving stock (`POST /api/purchase-orders/{id}/receive`). Any other move: 409.',
      tag: TAG,
      auth: 'staff',
      status: 200,
      procedure: 'purchaseOrders.transition',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.purchaseOrders.transition({ ...(objectBody(req) as Omit<In<typeof purchaseOrderTransitionSchema>, 'id'>), id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/purchase-orders/:id/receive',
      summary: 'Receive stock against an ordered purchase order: `{ "lines": [{ "lineId", "quantity" }], "requestKey"? }` (staff of its shop)',
      description:
        'Each line\u2019s quantity is added to its part\u2019s stock as a "received" movement naming the order and its supplier; a line may be received in parts, never beyond what was ordered (400, and nothing is written). The order becomes partially received, then received when every line is. A draft or cancelled order: 409. `requestKey` (a uuid made once per receipt) makes the request safe to repeat: the same key again receives nothing more and answers the order as it is.',
      tag: TAG,
      auth: 'staff',
      status: 200,
      procedure: 'purchaseOrders.receive',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.purchaseOrders.receive({ ...(objectBody(req) as Omit<In<typeof receivePurchaseOrderSchema>, 'id'>), id: pathId(req) }),
  );
}
