import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { addLineSchema, createRepairOrderSchema, decideLinesSchema, listRepairOrdersSchema, paymentSchema, repairOrderPatchSchema, transitionSchema } from '../../../shared/repair-orders.ts';
import { objectBody, pathId, queryParam, restRoute } from '../../http/rest.ts';

const TAG = 'Repair orders';

type In<T extends z.ZodType> = z.input<T>;

function centerId(req: FastifyRequest): string {
  return (req.params as Record<string, string>).centerId ?? '';
}

function lineId(req: FastifyRequest): string {
  return (req.params as Record<string, string>).lineId ?? '';
}

/** The repair order paths (docs/repair-orders.md#paths); each mirrors a `repairOrders.*` procedure. */
export function registerRepairOrderRest(app: FastifyInstance): void {
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/shops/:centerId/repair-orders',
      summary: "The shop's repair orders, newest first, a page at a time (staff of the shop)",
      description: 'Filters: `status`, `search` (customer name, or the order number as `#12` or `12`); `limit` (at most 100) and `cursor` (the `nextCursor` of the previous page). Totals are in whole cents. Not staff of the shop: 404.',
      tag: TAG,
      auth: 'staff',
      procedure: 'repairOrders.list',
      inputFrom: 'query',
    },
    ({ caller, req }) =>
      caller.repairOrders.list({
        serviceCenterId: centerId(req),
        status: queryParam(req, 'status'),
        search: queryParam(req, 'search'),
        cursor: queryParam(req, 'cursor'),
        limit: queryParam(req, 'limit'),
      } as In<typeof listRepairOrdersSchema>),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/shops/:centerId/repair-orders',
      summary: 'Open a repair order (an estimate) for one of the shop\u2019s customers\u2019 vehicles (any staff role)',
      description:
        '`customerVehicleId` names the customer\u2019s vehicle; `source` may name the shop\u2019s `appointmentId`, `inquiryId` or `inspectionId` it comes from (an inspection\u2019s recommendations that need attention become labour lines at the shop\u2019s rate). Orders are numbered per shop. Not staff of the shop, or a vehicle or source outside it: 404.',
      tag: TAG,
      auth: 'staff',
      procedure: 'repairOrders.create',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.repairOrders.create({ ...(objectBody(req) as Omit<In<typeof createRepairOrderSchema>, 'serviceCenterId'>), serviceCenterId: centerId(req) }),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/repair-orders/:id',
      summary: 'One repair order with its lines, totals in cents, payments and clocked time (staff of its shop, or its customer once sent)',
      description: 'Totals: labour (hours × rate, halves rounded up), parts, fees, discounts, tax on the taxable lines at the order\u2019s rate (basis points), total, paid and balance. Declined lines count for nothing. Anyone else: 404.',
      tag: TAG,
      auth: 'user',
      procedure: 'repairOrders.get',
    },
    ({ caller, req }) => caller.repairOrders.get({ id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/repair-orders/:id',
      summary: 'Change an order\u2019s mileage, notes or (while an estimate) tax rate (staff of its shop)',
      description: 'A finished order (completed, invoiced, paid, cancelled) cannot be changed: 409.',
      tag: TAG,
      auth: 'staff',
      procedure: 'repairOrders.update',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.repairOrders.update({ ...(objectBody(req) as In<typeof repairOrderPatchSchema>), id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/repair-orders/:id/lines',
      summary: 'Add a line to an estimate: labour, a part (from stock by `partId`, or special-order), a fee or a discount (staff of its shop)',
      description:
        'The body is the line: `{ "kind": "labor", "description", "serviceType", "componentId"?, "technicianId"?, "hoursHundredths", "rateCents", "taxable"? }`, `{ "kind": "part", "partId" | ("description" and "unitPriceCents"), "quantity", "taxable"? }` or `{ "kind": "fee" | "discount", "description", "amountCents", "taxable"? }`. Only while the order is an estimate (409); at most 200 lines. Answers the whole order, priced again.',
      tag: TAG,
      auth: 'staff',
      status: 200,
      procedure: 'repairOrders.addLine',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.repairOrders.addLine({ orderId: pathId(req), line: objectBody(req) as In<typeof addLineSchema>['line'] }),
  );
  restRoute(
    app,
    {
      method: 'PUT',
      url: '/api/repair-orders/:id/lines/:lineId',
      summary: 'Replace a line of an estimate with the line in the body (same shapes as adding one; staff of its shop)',
      description: 'Only while the order is an estimate (409). A line of another order: 404. Answers the whole order, priced again.',
      tag: TAG,
      auth: 'staff',
      procedure: 'repairOrders.updateLine',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.repairOrders.updateLine({ orderId: pathId(req), lineId: lineId(req), line: objectBody(req) as In<typeof addLineSchema>['line'] }),
  );
  restRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/repair-orders/:id/lines/:lineId',
      summary: 'Remove a line from an estimate (staff of its shop)',
      description: 'Only while the order is an estimate (409). Answers the whole order, priced again.',
      tag: TAG,
      auth: 'staff',
      procedure: 'repairOrders.removeLine',
    },
    ({ caller, req }) => caller.repairOrders.removeLine({ orderId: pathId(req), lineId: lineId(req) }),
  );
  for (const [action, procedure] of [
    ['clock-in', 'clockIn'],
    ['clock-out', 'clockOut'],
  ] as const) {
    restRoute(
      app,
      {
        method: 'POST',
        url: `/api/repair-orders/:id/lines/:lineId/${action}`,
        summary:
          action === 'clock-in'
            ? 'Start the caller\u2019s clock on a labour line of an order in progress (staff of its shop)'
            : 'Stop the caller\u2019s running clock on a labour line (staff of its shop)',
        description: 'Each technician has at most one running clock per line (409 otherwise); the order answers quoted and clocked hours per line. Answers the whole order.',
        tag: TAG,
        auth: 'staff',
        status: 200,
        procedure: `repairOrders.${procedure}`,
      },
      ({ caller, req }) => caller.repairOrders[procedure]({ orderId: pathId(req), lineId: lineId(req) }),
    );
  }
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/repair-orders/:id/transition',
      summary: 'Move an order along: `{ "to": "sent" | "estimate" | "approved" | "in_progress" | "completed" | "invoiced" | "cancelled" }` (staff of its shop)',
      description:
        'estimate → sent (needs a line; the customer is told) → approved (recorded for the customer) → in_progress → completed (parts used from stock, each labour line written into the owner\u2019s service history, the appointment completed) → invoiced; sent or declined → estimate to revise; estimate, sent, approved or declined → cancelled. Approval reserves the parts: 409 when other orders\u2019 reservations leave too few and the shop does not allow backorders. Any other move: 409.',
      tag: TAG,
      auth: 'staff',
      status: 200,
      procedure: 'repairOrders.transition',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.repairOrders.transition({ ...(objectBody(req) as Omit<In<typeof transitionSchema>, 'id'>), id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/repair-orders/:id/decisions',
      summary: 'The customer approves or declines lines of a sent estimate: `{ "decisions": [{ "lineId", "decision": "approved" | "declined" }] }`',
      description: 'Once every line is decided the order is approved (its parts reserved) or, when all were declined, declined. Only the customer the order names; anyone else: 404.',
      tag: TAG,
      auth: 'user',
      status: 200,
      procedure: 'repairOrders.decide',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.repairOrders.decide({ ...(objectBody(req) as Omit<In<typeof decideLinesSchema>, 'orderId'>), orderId: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/repair-orders/:id/payments',
      summary: 'Record a payment against an invoice: `{ "amountCents", "method": "cash" | "card" | "check" | "transfer" | "other", "reference"? }` (staff of its shop)',
      description: 'Partial payments are allowed; more than the balance is refused (409). When the payments cover the total the order is paid.',
      tag: TAG,
      auth: 'staff',
      status: 200,
      procedure: 'repairOrders.addPayment',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.repairOrders.addPayment({ ...(objectBody(req) as Omit<In<typeof paymentSchema>, 'orderId'>), orderId: pathId(req) }),
  );
}
