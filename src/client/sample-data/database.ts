import { z } from 'zod';
import data from '../../../seeds/samples/database.json' with { type: 'json' };

/**
 * Static sample content of the Parts Database page (docs/screens.md#tool-pages-with-sample-content;
 * its figures are samples, not limits), from seeds/samples/database.json and checked against these
 * shapes when the page loads.
 */

const stockStatus = z.enum(['In Stock', 'Low Stock', 'Out of Stock']);
export type StockStatus = z.infer<typeof stockStatus>;
const supplierStatus = z.enum(['Active', 'Pending']);
export type SupplierStatus = z.infer<typeof supplierStatus>;

const partsSummary = z.object({ totalParts: z.number(), lowStock: z.number(), outOfStock: z.number(), inventoryValue: z.number() });
export type PartsSummary = z.infer<typeof partsSummary>;

const samplePart = z.object({
  partNumber: z.string(),
  name: z.string(),
  category: z.string(),
  compatibility: z.string(),
  price: z.number(),
  stock: z.number(),
  status: stockStatus,
});
export type SamplePart = z.infer<typeof samplePart>;

const inventoryLocation = z.object({
  location: z.string(),
  bin: z.string(),
  part: z.string(),
  partNumber: z.string(),
  onHand: z.number(),
  reorderPoint: z.number(),
  capacity: z.number(),
  status: stockStatus,
  lastCounted: z.string(),
});
export type InventoryLocation = z.infer<typeof inventoryLocation>;

const sampleSupplier = z.object({
  name: z.string(),
  contact: z.string(),
  phone: z.string(),
  categories: z.array(z.string()),
  leadTime: z.string(),
  openOrders: z.number(),
  status: supplierStatus,
});
export type SampleSupplier = z.infer<typeof sampleSupplier>;

const databaseSamples = z.object({
  summary: partsSummary,
  parts: z.array(samplePart),
  inventory: z.array(inventoryLocation),
  suppliers: z.array(sampleSupplier),
});

const samples = databaseSamples.parse(data);
export const PARTS_SUMMARY = samples.summary;
export const SAMPLE_PARTS = samples.parts;
export const INVENTORY = samples.inventory;
export const SUPPLIERS = samples.suppliers;
