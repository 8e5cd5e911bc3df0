import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { EmailDigestsTable, JobsTable } from './schema-jobs.ts';
import type { ServiceRecordsTable, GarageVehiclesTable, GarageVehicleSharesTable, GarageOdometerCorrectionsTable, FuelEntriesTable, VehicleExpensesTable, FilesTable, FileContentsTable, RecordAttachmentsTable } from './schema-garage.ts';
import type { AuditLogTable, InquiryMessagesTable, NotificationsTable, ShopCustomersTable, ShopCustomerVehiclesTable, ShopInvitesTable, ShopStaffTable } from './schema-shops.ts';
import type { CalendarFeedsTable, CustomRemindersTable, DueCrossingsTable } from './schema-reminders.ts';
import type { DiagnosticCodesTable, DiagnosticSessionsTable, InspectionItemsTable, InspectionPhotosTable, InspectionsTable } from './schema-inspections.ts';
import type { Model3dGeometryTable, Model3dTable, ScanImagesTable, ScanSessionsTable, VideoWalkthroughsTable } from './schema-media.ts';
import type { PartsTable, PurchaseOrderLinesTable, PurchaseOrderReceiptsTable, PurchaseOrdersTable, RepairOrderLinesTable, RepairOrderPaymentsTable, RepairOrdersTable, RepairOrderTimeEntriesTable, StockMovementsTable, SuppliersTable } from './schema-parts.ts';

export * from './schema-shops.ts';
export * from './schema-reminders.ts';
export * from './schema-jobs.ts';
export * from './schema-garage.ts';
export * from './schema-inspections.ts';
export * from './schema-media.ts';
export * from './schema-parts.ts';

/** JSON as stored in a jsonb column. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** numeric columns come back from PostgreSQL as decimal strings. */
type Decimal = ColumnType<string, string | number, string | number>;
export type JsonColumn<T extends Json = Json> = ColumnType<T, string, string>;

export interface AppSettingsTable {
  key: string;
  value: string;
  created_at: CreatedAt;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: ColumnType<Date, Date | string, Date | string>;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  role: 'simple' | 'tech' | null;
  preferences: ColumnType<JsonObject, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Administers the platform (migration 0009); ADMIN_EMAILS adds more at run time. */
  is_admin: ColumnType<boolean, boolean | undefined, boolean>;
  /** The shop this staff member works in right now (migration 0009). */
  current_shop_id: string | null;
}

export interface SessionsTable {
  sid: string;
  sess: JsonColumn<JsonObject>;
  expire: ColumnType<Date, Date | string, Date | string>;
  user_id: string | null;
}

export interface VehiclesTable {
  id: Generated<string>;
  vin: string | null;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  engine: string | null;
  transmission: string | null;
  drivetrain: string | null;
  body_style: string | null;
  details: ColumnType<JsonObject, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface VehicleComponentsTable {
  id: Generated<string>;
  vehicle_id: string;
  name: string;
  category: string;
  description: string | null;
  specifications: ColumnType<JsonObject, string | undefined, string>;
  service_intervals: ColumnType<JsonObject, string | undefined, string>;
  common_issues: ColumnType<string[], string[] | undefined, string[]>;
  diagram_position: ColumnType<JsonObject, string | undefined, string>;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
}

export interface AvatarProfilesTable {
  id: Generated<string>;
  user_id: string;
  display_name: string;
  style: JsonColumn<JsonObject>;
  personality: ColumnType<'friendly' | 'professional' | 'expert' | 'casual', string | undefined, string>;
  voice: ColumnType<'text' | 'audio', string | undefined, string>;
  tips_level: ColumnType<'basic' | 'intermediate' | 'advanced', string | undefined, string>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface KnowledgeItemsTable {
  id: Generated<string>;
  audience: 'simple' | 'tech' | 'both';
  tags: ColumnType<string[], string[] | undefined, string[]>;
  title: string;
  body: string;
  steps: JsonColumn | null;
  media_urls: JsonColumn | null;
  component_id: string | null;
  vehicle_id: string | null;
  priority: ColumnType<'low' | 'medium' | 'high' | 'critical', string | undefined, string>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  search_vector: ColumnType<string, never, never>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Stable key of a seeded reference item (migration 0002); null for items added otherwise. */
  seed_key: string | null;
  /** 0 critical … 3 low, generated from priority (migration 0002). */
  priority_rank: ColumnType<number, never, never>;
  /** The Knowledge Base tab (migration 0006). */
  kind: ColumnType<'article' | 'manual' | 'procedure' | 'faq', string | undefined, string>;
  /** The technician who wrote the item; null for seeded items (migration 0006). */
  created_by: string | null;
}

export interface ServiceCentersTable {
  id: Generated<string>;
  name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  manager_id: string | null;
  services: ColumnType<string[], string[] | undefined, string[]>;
  operating_hours: JsonColumn | null;
  certifications: ColumnType<string[], string[] | undefined, string[]>;
  specializations: ColumnType<string[], string[] | undefined, string[]>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Stock may go below zero (migration 0024, docs/parts.md#backorders). */
  allow_backorders: ColumnType<boolean, boolean | undefined, boolean>;
  /** Repair orders' tax rate in basis points and default labour rate (migration 0025). */
  tax_rate_bp: ColumnType<number, number | undefined, number>;
  labor_rate_cents: ColumnType<number, number | undefined, number>;
}

export interface CustomerInquiriesTable {
  id: Generated<string>;
  customer_id: string | null;
  service_center_id: string | null;
  vehicle_id: string | null;
  inquiry_type: 'service' | 'quote' | 'appointment' | 'complaint' | 'general';
  subject: string;
  description: string;
  priority: ColumnType<'low' | 'medium' | 'high' | 'urgent', string | undefined, string>;
  status: ColumnType<'open' | 'in_progress' | 'resolved' | 'closed', string | undefined, string>;
  assigned_to_id: string | null;
  estimated_cost: Decimal | null;
  scheduled_date: Date | null;
  completed_date: Date | null;
  customer_notes: string | null;
  technician_notes: string | null;
  attachments: ColumnType<Json, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The shop's customer record, the customer's vehicle there, the garage vehicle and the author (migration 0009). */
  shop_customer_id: string | null;
  customer_vehicle_id: string | null;
  garage_vehicle_id: string | null;
  created_by: string | null;
}

export interface ServiceAppointmentsTable {
  id: Generated<string>;
  inquiry_id: string | null;
  customer_id: string | null;
  service_center_id: string | null;
  vehicle_id: string | null;
  technician_id: string | null;
  appointment_date: ColumnType<Date, Date | string, Date | string>;
  duration: number;
  service_type: string;
  description: string | null;
  status: ColumnType<
    'scheduled' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled' | 'no_show',
    string | undefined,
    string
  >;
  estimated_cost: Decimal | null;
  actual_cost: Decimal | null;
  notes: string | null;
  reminder_sent: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The shop's customer record, the customer's vehicle there, the garage vehicle and the author (migration 0009). */
  shop_customer_id: string | null;
  customer_vehicle_id: string | null;
  garage_vehicle_id: string | null;
  created_by: string | null;
}

export interface ApiTokensTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  token_hash: string;
  token_prefix: string;
  created_at: CreatedAt;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface DB {
  jobs: JobsTable;
  email_digests: EmailDigestsTable;
  shop_staff: ShopStaffTable;
  shop_invites: ShopInvitesTable;
  shop_customers: ShopCustomersTable;
  shop_customer_vehicles: ShopCustomerVehiclesTable;
  inquiry_messages: InquiryMessagesTable;
  audit_log: AuditLogTable;
  notifications: NotificationsTable;
  shop_counts: ShopCountsTable;
  api_tokens: ApiTokensTable;
  app_settings: AppSettingsTable;
  rate_limits: RateLimitsTable;
  users: UsersTable;
  sessions: SessionsTable;
  vehicles: VehiclesTable;
  vehicle_components: VehicleComponentsTable;
  service_records: ServiceRecordsTable;
  garage_vehicles: GarageVehiclesTable;
  garage_odometer_corrections: GarageOdometerCorrectionsTable;
  garage_vehicle_shares: GarageVehicleSharesTable;
  fuel_entries: FuelEntriesTable;
  vehicle_expenses: VehicleExpensesTable;
  video_walkthroughs: VideoWalkthroughsTable;
  model3d: Model3dTable;
  model3d_geometry: Model3dGeometryTable;
  avatar_profiles: AvatarProfilesTable;
  knowledge_items: KnowledgeItemsTable;
  scan_sessions: ScanSessionsTable;
  scan_images: ScanImagesTable;
  service_centers: ServiceCentersTable;
  customer_inquiries: CustomerInquiriesTable;
  service_appointments: ServiceAppointmentsTable;
  files: FilesTable;
  file_contents: FileContentsTable;
  record_attachments: RecordAttachmentsTable;
  custom_reminders: CustomRemindersTable;
  due_crossings: DueCrossingsTable;
  calendar_feeds: CalendarFeedsTable;
  inspections: InspectionsTable;
  inspection_items: InspectionItemsTable;
  inspection_photos: InspectionPhotosTable;
  diagnostic_sessions: DiagnosticSessionsTable;
  diagnostic_codes: DiagnosticCodesTable;
  parts: PartsTable;
  stock_movements: StockMovementsTable;
  suppliers: SuppliersTable;
  repair_orders: RepairOrdersTable;
  repair_order_lines: RepairOrderLinesTable;
  repair_order_time_entries: RepairOrderTimeEntriesTable;
  repair_order_payments: RepairOrderPaymentsTable;
  purchase_orders: PurchaseOrdersTable;
  purchase_order_lines: PurchaseOrderLinesTable;
  purchase_order_receipts: PurchaseOrderReceiptsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

/** A shop's inquiries and appointments by status and priority, kept by triggers (migrations 0003, 0031). */
export interface ShopCountsTable {
  service_center_id: string;
  entity: 'inquiry' | 'appointment';
  status: string;
  /** '' for appointments. */
  priority: ColumnType<string, string | undefined, string>;
  /** bigint: comes back as a decimal string. */
  n: ColumnType<string, number | undefined, number>;
}
