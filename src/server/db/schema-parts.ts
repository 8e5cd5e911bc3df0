import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './schema.ts';

// A shop's parts, their stock ledger and its suppliers (migration 0024), its repair orders (0025),
// its purchase orders (0026);
// src/server/db/schema.ts joins them into the database's type.

export type PartCategoryColumn = 'Engine' | 'Drive Motor' | 'Transmission' | 'Battery' | 'Brakes' | 'Suspension' | 'Exhaust' | 'Other';

export interface PartsTable {
  id: Generated<string>;
  service_center_id: string;
  part_number: string;
  name: string;
  brand: string | null;
  category: ColumnType<PartCategoryColumn, PartCategoryColumn | undefined, PartCategoryColumn>;
  /** Fitment: null fits every make, model, year or engine. */
  make: string | null;
  model: string | null;
  year_from: number | null;
  year_to: number | null;
  engine: string | null;
  unit_cost_cents: ColumnType<number, number | undefined, number>;
  price_cents: ColumnType<number, number | undefined, number>;
  reorder_point: ColumnType<number, number | undefined, number>;
  /** The sum of the part's stock_movements, kept in each movement's transaction (decision 150). */
  on_hand: ColumnType<number, number | undefined, number>;
  notes: string | null;
  /** lower(number, name, brand, make, model, engine) joined by line breaks, for "contains" search. */
  search_text: ColumnType<string, never, never>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface StockMovementsTable {
  id: Generated<string>;
  part_id: string;
  kind: 'received' | 'used' | 'adjusted';
  /** Signed: received > 0, used < 0, adjusted either way; never 0. */
  quantity: number;
  reason: string | null;
  supplier_id: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  /** The repair order a use was for (migration 0025). */
  repair_order_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The purchase order a receipt was against (migration 0026). */
  purchase_order_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SuppliersTable {
  id: Generated<string>;
  service_center_id: string;
  name: string;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  status: ColumnType<'active' | 'pending', 'active' | 'pending' | undefined, 'active' | 'pending'>;
  notes: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type RepairOrderStatusColumn = 'estimate' | 'sent' | 'approved' | 'declined' | 'in_progress' | 'completed' | 'invoiced' | 'paid' | 'cancelled';

export interface RepairOrdersTable {
  id: Generated<string>;
  service_center_id: string;
  /** The shop's own sequence: #1, #2, ... */
  number: number;
  customer_vehicle_id: string | null;
  vehicle_id: string;
  /** The customer's account, when they have one: their portal and garage history. */
  customer_user_id: string | null;
  customer_name: string;
  appointment_id: string | null;
  inquiry_id: string | null;
  inspection_id: string | null;
  status: ColumnType<RepairOrderStatusColumn, RepairOrderStatusColumn | undefined, RepairOrderStatusColumn>;
  mileage: number | null;
  notes: string | null;
  tax_rate_bp: ColumnType<number, number | undefined, number>;
  /** The priced total, written by the server whenever a line, a decision or the rate changes. */
  total_cents: ColumnType<number, number | undefined, number>;
  created_by: string | null;
  sent_at: Date | null;
  decided_at: Date | null;
  started_at: Date | null;
  completed_at: Date | null;
  invoiced_at: Date | null;
  paid_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RepairOrderLinesTable {
  id: Generated<string>;
  repair_order_id: string;
  position: number;
  kind: 'labor' | 'part' | 'fee' | 'discount';
  description: string;
  component_id: string | null;
  service_type: string | null;
  technician_id: string | null;
  hours_hundredths: number | null;
  rate_cents: number | null;
  part_id: string | null;
  part_number: string | null;
  quantity: number | null;
  unit_price_cents: number | null;
  unit_cost_cents: number | null;
  amount_cents: number | null;
  taxable: ColumnType<boolean, boolean | undefined, boolean>;
  decision: 'approved' | 'declined' | null;
  decided_by: string | null;
  decided_at: Date | null;
  /** The record a labour line wrote into the owner's history on completion. */
  service_record_id: string | null;
  created_at: CreatedAt;
}

export interface RepairOrderTimeEntriesTable {
  id: Generated<string>;
  line_id: string;
  technician_id: string;
  started_at: ColumnType<Date, Date | string | undefined, Date | string>;
  ended_at: Date | null;
}

export interface RepairOrderPaymentsTable {
  id: Generated<string>;
  repair_order_id: string;
  amount_cents: number;
  method: 'cash' | 'card' | 'check' | 'transfer' | 'other';
  reference: string | null;
  received_by: string | null;
  received_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type PurchaseOrderStatusColumn = 'draft' | 'ordered' | 'partially_received' | 'received' | 'cancelled';

export interface PurchaseOrdersTable {
  id: Generated<string>;
  service_center_id: string;
  /** The shop's own sequence: PO #1, #2, ... */
  number: number;
  supplier_id: string;
  status: ColumnType<PurchaseOrderStatusColumn, PurchaseOrderStatusColumn | undefined, PurchaseOrderStatusColumn>;
  notes: string | null;
  created_by: string | null;
  ordered_at: Date | null;
  received_at: Date | null;
  cancelled_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PurchaseOrderLinesTable {
  id: Generated<string>;
  purchase_order_id: string;
  position: number;
  part_id: string;
  quantity_ordered: number;
  /** Never above quantity_ordered (a check of migration 0026); raised only by a receipt. */
  quantity_received: ColumnType<number, number | undefined, number>;
  unit_cost_cents: number;
  created_at: CreatedAt;
}

export interface PurchaseOrderReceiptsTable {
  id: Generated<string>;
  purchase_order_id: string;
  /** The client's key of the request: unique per order, so a repeated request receives nothing more. */
  request_key: string | null;
  received_by: string | null;
  received_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
