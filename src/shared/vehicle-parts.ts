import { z } from 'zod';
import { searchSchema } from './inquiries.ts';
import { PART_CATEGORIES, type Part, type PartCategory } from './parts.ts';
import type { RepairOrderStatus } from './repair-orders.ts';
import { shopIdSchema } from './shops.ts';
import { vehicleIdSchema } from './vehicles.ts';

/**
 * The vehicle page's Parts List tab (docs/parts.md#parts-list-tab): the parts of a shop's catalogue
 * that fit the vehicle, for its staff, and the parts fitted to the car on finished repair orders,
 * for the household whose garage holds it.
 */

/** At most this many fitting parts are listed at once; the search box narrows the rest. */
export const VEHICLE_PARTS_LIMIT = 100;
/** At most this many lines of parts used, newest first. */
export const PARTS_USED_LIMIT = 100;

/** An order whose work is done: its approved part lines were fitted to the car. */
export const FINISHED_ORDER_STATUSES = ['completed', 'invoiced', 'paid'] as const satisfies readonly RepairOrderStatus[];

export const vehiclePartsSchema = z
  .object({
    serviceCenterId: shopIdSchema,
    vehicleId: vehicleIdSchema,
    search: searchSchema,
    category: z.enum(PART_CATEGORIES, { error: `Category must be one of: ${PART_CATEGORIES.join(', ')}` }).optional(),
  })
  .strict();
export type VehiclePartsInput = z.input<typeof vehiclePartsSchema>;

export const partsUsedSchema = z.object({ vehicleId: vehicleIdSchema }).strict();
export type PartsUsedInput = z.input<typeof partsUsedSchema>;

export interface CategoryCount {
  category: PartCategory;
  count: number;
}

export interface VehicleParts {
  /** The fitting parts (of `category` when one is asked), by category then part number; at most `limit`. */
  items: Part[];
  /** How many fitting parts match the search, in every category. */
  total: number;
  /** Of those, how many in each category that has any, in the diagram's order. */
  categories: CategoryCount[];
  limit: number;
}

export interface PartUsed {
  /** The repair order's line. */
  id: string;
  repairOrderId: string;
  orderNumber: number;
  shopName: string;
  /** When the order's work was completed. */
  date: Date;
  partNumber: string | null;
  description: string;
  quantity: number;
}

export interface PartsUsed {
  items: PartUsed[];
  /** More lines than `PARTS_USED_LIMIT`: only the newest are listed. */
  more: boolean;
}
