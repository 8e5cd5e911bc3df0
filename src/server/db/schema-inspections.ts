import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, JsonColumn, Timestamp } from './schema.ts';

// Vehicle inspections, their items and the items' photos (migration 0022), and diagnostic sessions
// with their codes (migration 0023); src/server/db/schema.ts joins them into the database's type.

type Decimal = ColumnType<string, string | number, string | number>;

export interface InspectionsTable {
  id: Generated<string>;
  vehicle_id: string;
  /** The owner whose garage the inspection joins (null: a shop customer without an account). */
  user_id: string | null;
  service_center_id: string | null;
  customer_vehicle_id: string | null;
  created_by: string | null;
  status: ColumnType<'draft' | 'completed' | 'shared', 'draft' | 'completed' | 'shared' | undefined, 'draft' | 'completed' | 'shared'>;
  mileage: number | null;
  notes: string | null;
  signed_name: string | null;
  signed_by: string | null;
  completed_at: Date | null;
  shared_at: Date | null;
  /** SHA-256 of the public link's token, hex; null when there is no link. */
  link_hash: string | null;
  link_created_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface InspectionItemsTable {
  id: Generated<string>;
  inspection_id: string;
  component_id: string | null;
  position: number;
  name: string;
  unit: string | null;
  status: 'good' | 'attention' | 'urgent' | null;
  measurement: Decimal | null;
  notes: string | null;
  recommendation: string | null;
  estimated_cost: Decimal | null;
  decision: 'approved' | 'declined' | null;
  decided_by: string | null;
  decided_at: Date | null;
  request_inquiry_id: string | null;
}

export interface InspectionPhotosTable {
  item_id: string;
  file_id: string;
  inspection_id: string;
  attached_by: string | null;
  created_at: CreatedAt;
}

export interface DiagnosticSessionsTable {
  id: Generated<string>;
  vehicle_id: string;
  user_id: string | null;
  service_center_id: string | null;
  customer_vehicle_id: string | null;
  created_by: string | null;
  source: 'adapter' | 'manual';
  adapter: string | null;
  protocol: string | null;
  vin: string | null;
  mileage: number | null;
  mil_on: boolean | null;
  voltage: Decimal | null;
  readiness: JsonColumn;
  live: JsonColumn;
  freeze_frame: JsonColumn;
  notes: string | null;
  cleared_at: Date | null;
  cleared_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface DiagnosticCodesTable {
  session_id: string;
  code: string;
  status: 'stored' | 'pending' | 'permanent';
  position: number;
}
