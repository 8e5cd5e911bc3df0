import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, JsonColumn, Timestamp } from './schema.ts';

// Walkthrough videos, 3D models and scan sessions of vehicles and their components (migration
// 0001); src/server/db/schema.ts joins them into the database's type.

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
