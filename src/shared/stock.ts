import { z } from 'zod';
import { listCursorSchema, pageDirectionSchema, pageLimitSchema, searchSchema } from './inquiries.ts';
import { clearable, PART_LIMITS, partIdSchema, PARTS_PAGE_SIZE, STOCK_LEVELS, type Part, type PartPage } from './parts.ts';
import { shopIdSchema } from './shops.ts';
import { supplierIdSchema } from './suppliers.ts';

/**
 * A shop's stock (docs/parts.md#the-ledger): every change of a part's on-hand figure is a movement
 * in its ledger, and the figure is the ledger's sum.
 */

export const MOVEMENTS_PAGE_SIZE = 20;

export const MOVEMENT_KINDS = ['received', 'used', 'adjusted'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const MOVEMENT_LABELS: Readonly<Record<MovementKind, string>> = { received: 'Received', used: 'Used', adjusted: 'Adjusted' };

export const inventorySchema = z
  .object({
    serviceCenterId: shopIdSchema,
    status: z.enum(STOCK_LEVELS, { error: `Status must be one of: ${STOCK_LEVELS.join(', ')}` }).optional(),
    search: searchSchema,
    cursor: listCursorSchema,
    direction: pageDirectionSchema,
    limit: pageLimitSchema(100, PARTS_PAGE_SIZE),
  })
  .strict();
export type InventoryInput = z.input<typeof inventorySchema>;

/**
 * One stock movement. `quantity` is how many units: received adds them, used takes them away;
 * an adjustment is signed (+3 found, -2 damaged) and says why.
 */
export const moveStockSchema = z
  .object({
    partId: partIdSchema,
    kind: z.enum(MOVEMENT_KINDS, { error: 'Kind must be one of: received, used, adjusted' }),
    quantity: z
      .number({ error: 'Quantity must be a whole number' })
      .int('Quantity must be a whole number')
      .min(-PART_LIMITS.quantity, `Quantity must be at least -${PART_LIMITS.quantity}`)
      .max(PART_LIMITS.quantity, `Quantity must be at most ${PART_LIMITS.quantity}`)
      .refine((quantity) => quantity !== 0, 'Quantity must not be 0'),
    reason: clearable('Reason', PART_LIMITS.reason).default(null),
    supplierId: z.union([supplierIdSchema, z.null()]).default(null),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.kind !== 'adjusted' && value.quantity < 0) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Quantity must be at least 1: received adds it to the stock, used takes it away' });
    }
    if (value.kind === 'adjusted' && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why the stock is adjusted' });
    if (value.kind !== 'received' && value.supplierId) ctx.addIssue({ code: 'custom', path: ['supplierId'], message: 'Only received stock names a supplier' });
  });
export type MoveStockInput = z.input<typeof moveStockSchema>;
export type MoveStockValues = z.output<typeof moveStockSchema>;

export const movementsSchema = z
  .object({ partId: partIdSchema, cursor: listCursorSchema, direction: pageDirectionSchema, limit: pageLimitSchema(100, MOVEMENTS_PAGE_SIZE) })
  .strict();
export type MovementsInput = z.input<typeof movementsSchema>;

/** Whether stock may go below zero (docs/parts.md#backorders): the shop's managers and owners decide. */
export const setBackordersSchema = z
  .object({ serviceCenterId: shopIdSchema, allowBackorders: z.boolean({ error: 'allowBackorders must be true or false' }) })
  .strict();

/** The whole shop's stock, whatever the list's filter. */
export interface InventorySummary {
  parts: number;
  lowStock: number;
  outOfStock: number;
  /** Units on hand (none counted below zero) times unit cost. */
  valueCents: number;
}

export interface InventoryPage extends PartPage {
  summary: InventorySummary;
  allowBackorders: boolean;
}

export interface StockMovement {
  id: string;
  partId: string;
  kind: MovementKind;
  /** Signed: what the movement did to the stock. */
  quantity: number;
  /** On hand right after this movement. */
  balance: number;
  reason: string | null;
  supplierId: string | null;
  supplierName: string | null;
  /** Who moved it (name or e-mail); null when their account was deleted. */
  movedBy: string | null;
  createdAt: Date;
}

export interface MovementPage {
  items: StockMovement[];
  nextCursor: string | null;
}

export interface MoveResult {
  part: Part;
  movement: StockMovement;
}
