import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, JsonColumn, Timestamp } from './schema.ts';

// The tables of shops, their staff and customers, the conversation, audit and notifications
// (migration 0009); src/server/db/schema.ts joins them into the database's type.

export type StaffRole = 'owner' | 'manager' | 'technician';

/** Staff membership of a service center (migration 0009). */
export interface ShopStaffTable {
  service_center_id: string;
  user_id: string;
  role: ColumnType<StaffRole, StaffRole, StaffRole>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ShopInvitesTable {
  id: Generated<string>;
  service_center_id: string;
  code_hash: string;
  role: StaffRole;
  email: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  accepted_by: string | null;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

export interface ShopCustomersTable {
  id: Generated<string>;
  service_center_id: string;
  user_id: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  notes: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  search_text: ColumnType<string, never, never>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ShopCustomerVehiclesTable {
  id: Generated<string>;
  customer_id: string;
  vehicle_id: string;
  plate: string | null;
  odometer: number | null;
  garage_vehicle_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface InquiryMessagesTable {
  id: Generated<string>;
  inquiry_id: string;
  author_id: string | null;
  from_staff: boolean;
  body: string;
  created_at: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<string>;
  service_center_id: string;
  actor_id: string | null;
  entity: string;
  entity_id: string;
  action: string;
  before: JsonColumn | null;
  after: JsonColumn | null;
  created_at: CreatedAt;
}

export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  kind: string;
  title: string;
  body: ColumnType<string, string | undefined, string>;
  link: string | null;
  read_at: Date | null;
  created_at: CreatedAt;
}
