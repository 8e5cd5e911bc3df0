import { z } from 'zod';
import { uuid } from './garage.ts';
import { listCursorSchema, pageDirectionSchema, pageLimitSchema } from './inquiries.ts';
import { clearable, partIdSchema } from './parts.ts';
import { shopIdSchema } from './shops.ts';
import { supplierIdSchema } from './suppliers.ts';

/**
 * A shop's purchase orders (docs/parts.md#purchase-orders): parts ordered from one of its suppliers
 * and received into stock, line by line. The procedures, the REST paths and the page's forms read
 * these schemas.
 */

export const PURCHASE_ORDER_STATUSES = ['draft', 'ordered', 'partially_received', 'received', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
export const PURCHASE_ORDER_STATUS_LABELS: Readonly<Record<PurchaseOrderStatus, string>> = {
  draft: 'Draft',
  ordered: 'Ordered',
  partially_received: 'Partially received',
  received: 'Received',
  cancelled: 'Cancelled',
};
export const PURCHASE_ORDER_STATUS_COLORS: Readonly<Record<PurchaseOrderStatus, string>> = {
  draft: 'gray',
  ordered: 'blue',
  partially_received: 'yellow',
  received: 'green',
  cancelled: 'red',
};

/** The moves staff make; partially received and received follow from receiving stock. */
export const PURCHASE_ORDER_MOVES = ['ordered', 'cancelled'] as const;
export type PurchaseOrderMove = (typeof PURCHASE_ORDER_MOVES)[number];
export const PURCHASE_ORDER_TRANSITIONS: Readonly<Record<PurchaseOrderStatus, readonly PurchaseOrderMove[]>> = {
  draft: ['ordered', 'cancelled'],
  // Nothing is received while an order is "ordered": the first receipt makes it partially received.
  ordered: ['cancelled'],
  partially_received: [],
  received: [],
  cancelled: [],
};
export const PURCHASE_ORDER_MOVE_LABELS: Readonly<Record<PurchaseOrderMove, string>> = { ordered: 'Mark as ordered', cancelled: 'Cancel order' };
/** The states stock may be received in. */
export const RECEIVING_STATUSES = ['ordered', 'partially_received'] as const satisfies readonly PurchaseOrderStatus[];

export const PURCHASE_ORDER_LIMITS = {
  lines: 200,
  quantity: 10_000,
  /** $1,000,000.00, as a part's unit cost. */
  cents: 100_000_000,
  notes: 2000,
} as const;
export const PURCHASE_ORDERS_PAGE_SIZE = 25;

export const purchaseOrderIdSchema = uuid('purchase order');
const lineIdSchema = uuid('line');

const quantity = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(PURCHASE_ORDER_LIMITS.quantity, `${label} must be at most ${PURCHASE_ORDER_LIMITS.quantity.toLocaleString('en-US')}`);

/** A line: a part of the shop's catalogue, how many, and the unit cost (the part's unit cost when not sent). */
export const purchaseOrderLineSchema = z
  .object({
    partId: partIdSchema,
    quantity: quantity('Quantity'),
    unitCostCents: z
      .number({ error: 'Unit cost must be a whole number of cents' })
      .int('Unit cost must be a whole number of cents')
      .min(0, 'Unit cost must not be negative')
      .max(PURCHASE_ORDER_LIMITS.cents, `Unit cost must be at most ${PURCHASE_ORDER_LIMITS.cents} cents`)
      .optional(),
  })
  .strict();
export type PurchaseOrderLineInput = z.input<typeof purchaseOrderLineSchema>;
export type PurchaseOrderLineValues = z.output<typeof purchaseOrderLineSchema>;

const linesSchema = z.array(purchaseOrderLineSchema, { error: 'Lines must be a list' }).max(PURCHASE_ORDER_LIMITS.lines, `An order holds at most ${PURCHASE_ORDER_LIMITS.lines} lines`);

/** "New purchase order": the supplier, optional notes and the first lines (more may be added while a draft). */
export const purchaseOrderFormSchema = z
  .object({
    supplierId: supplierIdSchema,
    notes: clearable('Notes', PURCHASE_ORDER_LIMITS.notes).default(null),
    lines: linesSchema.default([]),
  })
  .strict();
export type PurchaseOrderFormInput = z.input<typeof purchaseOrderFormSchema>;

export const createPurchaseOrderSchema = purchaseOrderFormSchema.extend({ serviceCenterId: shopIdSchema }).strict();
export type CreatePurchaseOrderInput = z.input<typeof createPurchaseOrderSchema>;
export type CreatePurchaseOrderValues = z.output<typeof createPurchaseOrderSchema>;

export const listPurchaseOrdersSchema = z
  .object({
    serviceCenterId: shopIdSchema,
    status: z.enum(PURCHASE_ORDER_STATUSES, { error: `Status must be one of: ${PURCHASE_ORDER_STATUSES.join(', ')}` }).optional(),
    supplierId: supplierIdSchema.optional(),
    cursor: listCursorSchema,
    direction: pageDirectionSchema,
    limit: pageLimitSchema(100, PURCHASE_ORDERS_PAGE_SIZE),
  })
  .strict();
export type ListPurchaseOrdersInput = z.input<typeof listPurchaseOrdersSchema>;
export type ListPurchaseOrdersValues = z.output<typeof listPurchaseOrdersSchema>;

export const purchaseOrderByIdSchema = z.object({ id: purchaseOrderIdSchema }).strict();
export const addPurchaseOrderLineSchema = z.object({ orderId: purchaseOrderIdSchema, line: purchaseOrderLineSchema }).strict();
export const updatePurchaseOrderLineSchema = z.object({ orderId: purchaseOrderIdSchema, lineId: lineIdSchema, line: purchaseOrderLineSchema }).strict();
export const removePurchaseOrderLineSchema = z.object({ orderId: purchaseOrderIdSchema, lineId: lineIdSchema }).strict();

export const purchaseOrderTransitionSchema = z
  .object({
    id: purchaseOrderIdSchema,
    to: z.enum(PURCHASE_ORDER_MOVES, { error: 'To must be ordered or cancelled: an order becomes received by receiving its stock' }),
  })
  .strict();

/**
 * Stock that arrived: how many of each line, at most what is still to come. `requestKey`, a uuid
 * the client makes once per receipt, makes the request safe to repeat: the same key again receives
 * nothing more.
 */
export const receivePurchaseOrderSchema = z
  .object({
    id: purchaseOrderIdSchema,
    lines: z
      .array(z.object({ lineId: lineIdSchema, quantity: quantity('Quantity received') }).strict(), { error: 'Lines must be a list' })
      .min(1, 'Receive at least one line')
      .max(PURCHASE_ORDER_LIMITS.lines, `An order holds at most ${PURCHASE_ORDER_LIMITS.lines} lines`)
      .refine((lines) => new Set(lines.map((line) => line.lineId)).size === lines.length, 'A line is named twice: send each line once with its whole quantity'),
    requestKey: uuid('request key').optional(),
  })
  .strict();
export type ReceivePurchaseOrderInput = z.input<typeof receivePurchaseOrderSchema>;
export type ReceivePurchaseOrderValues = z.output<typeof receivePurchaseOrderSchema>;

// ---- Answers -------------------------------------------------------------------------------

/** Money of an order in whole cents: each line's quantity × unit cost, summed. */
export interface PurchaseOrderTotals {
  orderedCents: number;
  receivedCents: number;
  unitsOrdered: number;
  unitsReceived: number;
}

export interface PurchaseOrderSummary {
  id: string;
  serviceCenterId: string;
  number: number;
  status: PurchaseOrderStatus;
  supplierId: string;
  supplierName: string;
  lineCount: number;
  totals: PurchaseOrderTotals;
  orderedAt: Date | null;
  receivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PurchaseOrderPage {
  items: PurchaseOrderSummary[];
  nextCursor: string | null;
}

export interface PurchaseOrderLine {
  id: string;
  partId: string;
  partNumber: string;
  partName: string;
  quantityOrdered: number;
  quantityReceived: number;
  unitCostCents: number;
  /** quantityOrdered × unitCostCents. */
  amountCents: number;
  /** The part's stock now. */
  onHand: number;
}

export interface PurchaseOrder extends PurchaseOrderSummary {
  notes: string | null;
  /** Who opened it (name or e-mail); null once their account is deleted. */
  createdByName: string | null;
  cancelledAt: Date | null;
  lines: PurchaseOrderLine[];
  /** Lines may be added, changed and removed (a draft, for its shop's staff). */
  canEditLines: boolean;
  /** Stock may be received against it. */
  canReceive: boolean;
  /** The moves the caller may make now. */
  transitions: PurchaseOrderMove[];
}
