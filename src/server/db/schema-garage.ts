import type { ColumnType, Generated } from 'kysely';
import type { PhotoVerdict } from '../../shared/photo-analysis.ts';
import type { CreatedAt, Timestamp } from './schema.ts';

/** Tables of the owner's garage: saved vehicles and their shares, records, fuel, expenses, files (migrations 0007–0021). */

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
  /** Fingerprint of an imported row, unique per owner and vehicle (migration 0019); null when typed. */
  import_key: ColumnType<string | null, string | null | undefined, string | null>;
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

/** Another account's access to a garage vehicle's history (migration 0020). */
export interface GarageVehicleSharesTable {
  id: Generated<string>;
  garage_vehicle_id: string;
  user_id: string;
  role: 'viewer' | 'editor';
  invited_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
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
  /** Fingerprint of an imported row, unique per owner and vehicle (migration 0019); null when typed. */
  import_key: ColumnType<string | null, string | null | undefined, string | null>;
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
