import { z } from 'zod';
import { uuid } from './garage.ts';
import { listCursorSchema, pageDirectionSchema, pageLimitSchema, searchSchema } from './inquiries.ts';
import { clearable, required } from './parts.ts';
import type { LineKind } from './repair-order-totals.ts';
import { shopIdSchema } from './shops.ts';

/** A shop's repair orders (docs/repair-orders.md): states, lines, payments and what the screens read. */

export const REPAIR_ORDER_STATUSES = ['estimate', 'sent', 'approved', 'declined', 'in_progress', 'completed', 'invoiced', 'paid', 'cancelled'] as const;
export type RepairOrderStatus = (typeof REPAIR_ORDER_STATUSES)[number];
export const REPAIR_ORDER_STATUS_LABELS: Readonly<Record<RepairOrderStatus, string>> = {
  estimate: 'Estimate',
  sent: 'Sent',
  approved: 'Approved',
  declined: 'Declined',
  in_progress: 'In Progress',
  completed: 'Completed',
  invoiced: 'Invoiced',
  paid: 'Paid',
  cancelled: 'Cancelled',
};
export const REPAIR_ORDER_STATUS_COLORS: Readonly<Record<RepairOrderStatus, string>> = {
  estimate: 'gray',
  sent: 'blue',
  approved: 'teal',
  declined: 'red',
  in_progress: 'yellow',
  completed: 'green',
  invoiced: 'violet',
  paid: 'green',
  cancelled: 'gray',
};

/**
 * What staff may move an order to from each state (docs/repair-orders.md#states). Sent becomes
 * approved or declined by the customer's decisions (staff may record an approval given in person);
 * invoiced becomes paid when the payments cover the total.
 */
export const STAFF_TRANSITIONS: Readonly<Record<RepairOrderStatus, readonly RepairOrderStatus[]>> = {
  estimate: ['sent', 'cancelled'],
  sent: ['estimate', 'approved', 'cancelled'],
  approved: ['in_progress', 'cancelled'],
  declined: ['estimate', 'cancelled'],
  in_progress: ['completed'],
  completed: ['invoiced'],
  invoiced: [],
  paid: [],
  cancelled: [],
};
export const TRANSITION_LABELS: Readonly<Partial<Record<RepairOrderStatus, string>>> = {
  sent: 'Send to customer',
  estimate: 'Revise estimate',
  approved: 'Record approval',
  in_progress: 'Start work',
  completed: 'Complete',
  invoiced: 'Create invoice',
  cancelled: 'Cancel order',
};

/** States whose approved part lines hold stock back from other orders. */
export const RESERVING_STATUSES = ['approved', 'in_progress'] as const satisfies readonly RepairOrderStatus[];

export const REPAIR_ORDER_LIMITS = {
  lines: 200,
  description: 200,
  serviceType: 120,
  notes: 2000,
  cents: 100_000_000,
  rateCents: 10_000_000,
  hoursHundredths: 100_000,
  quantity: 10_000,
  taxRateBp: 3000,
  payments: 50,
  reference: 120,
} as const;
export const REPAIR_ORDERS_PAGE_SIZE = 25;

export const LINE_KINDS = ['labor', 'part', 'fee', 'discount'] as const satisfies readonly LineKind[];
export const LINE_KIND_LABELS: Readonly<Record<LineKind, string>> = { labor: 'Labour', part: 'Part', fee: 'Fee', discount: 'Discount' };
export const PAYMENT_METHODS = ['cash', 'card', 'check', 'transfer', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = { cash: 'Cash', card: 'Card', check: 'Check', transfer: 'Bank transfer', other: 'Other' };

export const repairOrderIdSchema = uuid('repair order');
const lineIdSchema = uuid('line');

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);
const cents = (label: string, min = 0, max: number = REPAIR_ORDER_LIMITS.cents) =>
  z
    .number({ error: `${label} must be a whole number of cents` })
    .int(`${label} must be a whole number of cents`)
    .min(min, min > 0 ? `${label} must be more than zero` : `${label} must not be negative`)
    .max(max, `${label} must be at most ${max} cents`);
const mileage = wholeNumber('Mileage', 0, 2_000_000);

// ---- Orders ---------------------------------------------------------------------------------

/** Where an order comes from: nothing, or one of the shop's appointments, inquiries or inspections. */
export const orderSourceSchema = z
  .object({
    appointmentId: uuid('appointment').optional(),
    inquiryId: uuid('inquiry').optional(),
    inspectionId: uuid('inspection').optional(),
  })
  .strict()
  .refine((s) => [s.appointmentId, s.inquiryId, s.inspectionId].filter(Boolean).length <= 1, 'An order comes from at most one appointment, inquiry or inspection');

export const createRepairOrderSchema = z
  .object({
    serviceCenterId: shopIdSchema,
    customerVehicleId: uuid('customer vehicle'),
    mileage: mileage.nullable().default(null),
    notes: clearable('Notes', REPAIR_ORDER_LIMITS.notes).default(null),
    source: orderSourceSchema.default({}),
  })
  .strict();
export type CreateRepairOrderValues = z.output<typeof createRepairOrderSchema>;

export const repairOrderPatchSchema = z
  .object({
    mileage: mileage.nullable().optional(),
    notes: clearable('Notes', REPAIR_ORDER_LIMITS.notes).optional(),
    taxRateBp: wholeNumber('Tax rate', 0, REPAIR_ORDER_LIMITS.taxRateBp).optional(),
  })
  .strict();
export type RepairOrderPatchValues = z.output<typeof repairOrderPatchSchema>;

export const listRepairOrdersSchema = z
  .object({
    serviceCenterId: shopIdSchema,
    status: z.enum(REPAIR_ORDER_STATUSES).optional(),
    search: searchSchema,
    cursor: listCursorSchema,
    limit: pageLimitSchema(100, REPAIR_ORDERS_PAGE_SIZE),
    direction: pageDirectionSchema,
  })
  .strict();
export type ListRepairOrdersInput = z.output<typeof listRepairOrdersSchema>;

export const transitionSchema = z.object({ id: repairOrderIdSchema, to: z.enum(REPAIR_ORDER_STATUSES, { error: `To must be one of: ${REPAIR_ORDER_STATUSES.join(', ')}` }) }).strict();

// ---- Lines ----------------------------------------------------------------------------------

const description = required('Description', REPAIR_ORDER_LIMITS.description);
const taxable = z.boolean({ error: 'Taxable must be true or false' });

export const laborLineSchema = z
  .object({
    kind: z.literal('labor'),
    description,
    serviceType: required('Service type', REPAIR_ORDER_LIMITS.serviceType),
    componentId: uuid('component').nullable().default(null),
    technicianId: uuid('technician').nullable().default(null),
    hoursHundredths: wholeNumber('Hours (in hundredths)', 1, REPAIR_ORDER_LIMITS.hoursHundredths),
    rateCents: cents('Rate', 0, REPAIR_ORDER_LIMITS.rateCents),
    taxable: taxable.default(false),
  })
  .strict();
export const partLineSchema = z
  .object({
    kind: z.literal('part'),
    /** From the shop's stock; without it, a part ordered specially (its number and price typed). */
    partId: uuid('part').nullable().default(null),
    description: description.optional(),
    partNumber: clearable('Part number', 60).default(null),
    quantity: wholeNumber('Quantity', 1, REPAIR_ORDER_LIMITS.quantity),
    unitPriceCents: cents('Unit price').optional(),
    taxable: taxable.default(true),
  })
  .strict()
  .refine((line) => line.partId !== null || (line.description !== undefined && line.unitPriceCents !== undefined), {
    message: 'A special-order part needs a description and a unit price',
    path: ['description'],
  });
export const amountLineSchema = z
  .object({
    kind: z.enum(['fee', 'discount']),
    description,
    amountCents: cents('Amount', 1),
    taxable: taxable.default(false),
  })
  .strict();

export const lineInputSchema = z.union([laborLineSchema, partLineSchema, amountLineSchema], { error: 'A line is labour, a part, a fee or a discount' });
export type LineInput = z.output<typeof lineInputSchema>;
export type LineFormInput = z.input<typeof lineInputSchema>;

export const addLineSchema = z.object({ orderId: repairOrderIdSchema, line: lineInputSchema }).strict();
export const updateLineSchema = z.object({ orderId: repairOrderIdSchema, lineId: lineIdSchema, line: lineInputSchema }).strict();
export const removeLineSchema = z.object({ orderId: repairOrderIdSchema, lineId: lineIdSchema }).strict();

/** The customer's answer, line by line, to a sent estimate. */
export const decideLinesSchema = z
  .object({
    orderId: repairOrderIdSchema,
    decisions: z
      .array(z.object({ lineId: lineIdSchema, decision: z.enum(['approved', 'declined'], { error: 'Decision must be approved or declined' }) }).strict())
      .min(1, 'Decide on at least one line')
      .max(REPAIR_ORDER_LIMITS.lines, `At most ${REPAIR_ORDER_LIMITS.lines} decisions`),
  })
  .strict();

export const clockSchema = z.object({ orderId: repairOrderIdSchema, lineId: lineIdSchema }).strict();

/** The shop's tax rate and default labour rate, kept by managers and owners. */
export const shopRatesSchema = z
  .object({
    serviceCenterId: shopIdSchema,
    taxRateBp: wholeNumber('Tax rate', 0, REPAIR_ORDER_LIMITS.taxRateBp),
    laborRateCents: cents('Labour rate', 0, REPAIR_ORDER_LIMITS.rateCents),
  })
  .strict();
export type ShopRates = Omit<z.output<typeof shopRatesSchema>, 'serviceCenterId'>;

export const myRepairOrdersSchema = listRepairOrdersSchema.omit({ serviceCenterId: true });

// ---- Payments -------------------------------------------------------------------------------

export const paymentSchema = z
  .object({
    orderId: repairOrderIdSchema,
    amountCents: cents('Amount', 1),
    method: z.enum(PAYMENT_METHODS, { error: `Method must be one of: ${PAYMENT_METHODS.join(', ')}` }),
    reference: clearable('Reference', REPAIR_ORDER_LIMITS.reference).default(null),
  })
  .strict();
export type PaymentValues = z.output<typeof paymentSchema>;
