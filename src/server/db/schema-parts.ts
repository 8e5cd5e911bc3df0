import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './schema.ts';

// A shop's parts, their stock ledger and its suppliers (migration 0024); src/server/db/schema.ts
// joins them into the database's type.

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
