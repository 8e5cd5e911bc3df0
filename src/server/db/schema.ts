import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { PhotoVerdict } from '../../shared/photo-analysis.ts';
import type { AuditLogTable, InquiryMessagesTable, NotificationsTable, ShopCustomersTable, ShopCustomerVehiclesTable, ShopInvitesTable, ShopStaffTable } from './schema-shops.ts';
import type { CalendarFeedsTable, CustomRemindersTable, DueCrossingsTable } from './schema-reminders.ts';

export * from './schema-shops.ts';
export * from './schema-reminders.ts';

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

export interface ServiceRecordsTable {
  id: Generated<string>;
  vehicle_id: string;
  component_id: string | null;
  service_type: string;
  description: string | null;
  mileage: string | null;
  date: ColumnType<Date, Date | string | undefined, Date | string>;
  technician_id: string | null;
  created_at: CreatedAt;
  /** Whose vehicle history the record belongs to (migration 0007); null for older rows. */
  user_id: string | null;
  status: ColumnType<'completed' | 'scheduled' | 'urgent', string | undefined, string>;
  /** numeric(10,2): a decimal string. */
  cost: ColumnType<string | null, string | null | undefined, string | null>;
  notes: string | null;
  mileage_value: number | null;
  updated_at: Timestamp;
  /** The shop that wrote the record (migration 0009); null for the owner's own. */
  service_center_id: string | null;
  /** The shop customer's vehicle a shop's record was written for (migration 0010). */
  customer_vehicle_id: string | null;
}

/** A user's saved vehicle (migration 0007). */
export interface GarageVehiclesTable {
  id: Generated<string>;
  user_id: string;
  vehicle_id: string;
  nickname: string;
  odometer: number;
  odometer_updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The odometer when saved: services with no record count from it (migration 0011). */
  tracking_odometer: number | null;
  known_services: ColumnType<KnownService[], string | undefined, string>;
  odometer_offset: Generated<number>;
  odometer_replaced_at: Date | null;
}

export interface KnownService {
  service: string;
  date: string | null;
  mileage: number | null;
}

export interface GarageOdometerCorrectionsTable {
  id: Generated<string>;
  garage_vehicle_id: string;
  from_mileage: number;
  to_mileage: number;
  reason: 'replaced' | 'typo';
  created_at: CreatedAt;
}

/** A fill-up or a charge (migration 0013): miles, US gallons or kWh, numeric(10,2) money. */
export interface FuelEntriesTable {
  id: Generated<string>;
  user_id: string;
  vehicle_id: string;
  /** A calendar day (date): read it with to_char, never as a Date. */
  date: ColumnType<string, string, string>;
  odometer: number;
  kind: ColumnType<'fuel' | 'charge', string, string>;
  /** numeric(10,4): a decimal string. */
  quantity: ColumnType<string, string, string>;
  total_price: ColumnType<string | null, string | null | undefined, string | null>;
  full_fill: ColumnType<boolean, boolean | undefined, boolean>;
  missed_before: ColumnType<boolean, boolean | undefined, boolean>;
  station: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A vehicle expense other than service and fuel (migration 0013). */
export interface VehicleExpensesTable {
  id: Generated<string>;
  user_id: string;
  vehicle_id: string;
  date: ColumnType<string, string, string>;
  category: ColumnType<'registration' | 'insurance' | 'tax' | 'parking' | 'repair' | 'other', string, string>;
  amount: ColumnType<string, string, string>;
  note: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface VideoWalkthroughsTable {
  id: Generated<string>;
  vehicle_id: string;
  title: string;
  description: string | null;
  video_url: string;
  duration: string | null;
  chapters: ColumnType<Json, string | undefined, string>;
  created_at: CreatedAt;
}

export interface Model3dTable {
  id: Generated<string>;
  component_id: string | null;
  vehicle_id: string | null;
  name: string;
  model_type: string;
  model_url: string;
  texture_urls: JsonColumn | null;
  dimensions: JsonColumn | null;
  animations: JsonColumn | null;
  scan_data: JsonColumn | null;
  scan_source: string | null;
  scan_timestamp: Date | null;
  is_public: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
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

export interface ScanSessionsTable {
  id: Generated<string>;
  user_id: string;
  vehicle_id: string | null;
  component_id: string | null;
  images: JsonColumn;
  status: ColumnType<'pending' | 'processing' | 'completed' | 'failed', string | undefined, string>;
  result_model_id: string | null;
  notes: string | null;
  scan_metadata: JsonColumn | null;
  user_role: 'simple' | 'tech';
  guidance_used: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  completed_at: Date | null;
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
  shop_staff: ShopStaffTable;
  shop_invites: ShopInvitesTable;
  shop_customers: ShopCustomersTable;
  shop_customer_vehicles: ShopCustomerVehiclesTable;
  inquiry_messages: InquiryMessagesTable;
  audit_log: AuditLogTable;
  notifications: NotificationsTable;
  crm_counts: CrmCountsTable;
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
  fuel_entries: FuelEntriesTable;
  vehicle_expenses: VehicleExpensesTable;
  video_walkthroughs: VideoWalkthroughsTable;
  model3d: Model3dTable;
  avatar_profiles: AvatarProfilesTable;
  knowledge_items: KnowledgeItemsTable;
  scan_sessions: ScanSessionsTable;
  service_centers: ServiceCentersTable;
  customer_inquiries: CustomerInquiriesTable;
  service_appointments: ServiceAppointmentsTable;
  files: FilesTable;
  file_contents: FileContentsTable;
  record_attachments: RecordAttachmentsTable;
  custom_reminders: CustomRemindersTable;
  due_crossings: DueCrossingsTable;
  calendar_feeds: CalendarFeedsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

/** Row counts of inquiries and appointments by status (and priority), kept by triggers (migration 0003). */
export interface CrmCountsTable {
  entity: 'inquiry' | 'appointment';
  status: string;
  /** '' for appointments. */
  priority: ColumnType<string, string | undefined, string>;
  /** bigint: comes back as a decimal string. */
  n: ColumnType<string, number | undefined, number>;
}

/** A stored file's description (migration 0012); its bytes live in file_contents. */
export interface FilesTable {
  id: Generated<string>;
  owner_id: string;
  name: string;
  content_type: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
  byte_size: number;
  thumbnail_size: ColumnType<number, number | undefined, number>;
  width: number | null;
  height: number | null;
  created_at: CreatedAt;
  /** What the server measured of a photo (migration 0021); null for PDFs and older photos. */
  sharpness: number | null;
  mean_brightness: number | null;
  dark_share: number | null;
  bright_share: number | null;
  verdict: PhotoVerdict | null;
}

/** A file's bytes and its thumbnail (WebP, images only), read only to serve them. */
export interface FileContentsTable {
  file_id: string;
  content: Uint8Array;
  thumbnail: Uint8Array | null;
}

/** A file attached to a service record. */
export interface RecordAttachmentsTable {
  record_id: string;
  file_id: string;
  attached_by: string | null;
  created_at: CreatedAt;
}
