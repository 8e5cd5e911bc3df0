import type { Migration } from 'kysely';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_knowledge_order.ts';
import * as m0003 from './0003_shop_search.ts';
import * as m0004 from './0004_manual_vehicles.ts';
import * as m0005 from './0005_api_tokens.ts';
import * as m0006 from './0006_knowledge_kind.ts';
import * as m0007 from './0007_garage_and_records.ts';
import * as m0008 from './0008_inquiry_search_text.ts';
import * as m0009 from './0009_shops.ts';
import * as m0010 from './0010_record_customer_vehicle.ts';
import * as m0011 from './0011_garage_first_week.ts';
import * as m0012 from './0012_files_attachments.ts';
import * as m0013 from './0013_fuel_log_and_expenses.ts';
import * as m0015 from './0015_jobs.ts';
import * as m0016 from './0016_email_delivery.ts';
import * as m0017 from './0017_reminders.ts';
import * as m0018 from './0018_calendar_feeds.ts';
import * as m0019 from './0019_imports.ts';
import * as m0020 from './0020_vehicle_shares.ts';
import * as m0021 from './0021_photo_analysis.ts';
import * as m0022 from './0022_inspections.ts';
import * as m0023 from './0023_diagnostic_sessions.ts';
import * as m0024 from './0024_parts_inventory.ts';
import * as m0025 from './0025_repair_orders.ts';
import * as m0026 from './0026_purchase_orders.ts';
import * as m0027 from './0027_parts_fitment_search.ts';
import * as m0028 from './0028_scans.ts';
import * as m0029 from './0029_model_scale.ts';
import * as m0030 from './0030_inquiry_status_pages.ts';
import * as m0031 from './0031_shop_counts.ts';

// Append new migrations here; never edit or reorder a released one.
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_knowledge_order': m0002,
  '0003_shop_search': m0003,
  '0004_manual_vehicles': m0004,
  '0005_api_tokens': m0005,
  '0006_knowledge_kind': m0006,
  '0007_garage_and_records': m0007,
  '0008_inquiry_search_text': m0008,
  '0009_shops': m0009,
  '0010_record_customer_vehicle': m0010,
  '0011_garage_first_week': m0011,
  '0012_files_attachments': m0012,
  '0013_fuel_log_and_expenses': m0013,
  '0015_jobs': m0015,
  '0016_email_delivery': m0016,
  '0017_reminders': m0017,
  '0018_calendar_feeds': m0018,
  '0019_imports': m0019,
  '0020_vehicle_shares': m0020,
  '0021_photo_analysis': m0021,
  '0022_inspections': m0022,
  '0023_diagnostic_sessions': m0023,
  '0024_parts_inventory': m0024,
  '0025_repair_orders': m0025,
  '0026_purchase_orders': m0026,
  '0027_parts_fitment_search': m0027,
  '0028_scans': m0028,
  '0029_model_scale': m0029,
  '0030_inquiry_status_pages': m0030,
  '0031_shop_counts': m0031,
};
