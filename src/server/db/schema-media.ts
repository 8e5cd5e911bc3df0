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
  /** Migration 0028: whose scan made it (null: a model the product ships). */
  owner_id: string | null;
  /** Migration 0029: millimetres per model unit, once the owner set a scale from a known length. */
  mm_per_unit: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Migration 0028: a model's points (float32 xyz, uint8 rgb) and surface (float32 xyz vertices, uint32 triangles). */
export interface Model3dGeometryTable {
  model_id: string;
  point_count: number;
  points: Buffer;
  point_colors: Buffer;
  vertex_count: number;
  face_count: number;
  vertices: Buffer;
  faces: Buffer;
}

export type ScanStage = 'queued' | 'features' | 'matching' | 'poses' | 'points' | 'surface';

/** Migration 0028: one photo of a scan, kept at the session's resolution. */
export interface ScanImagesTable {
  id: Generated<string>;
  session_id: string;
  ordinal: number;
  client_key: string;
  content: Buffer;
  byte_size: number;
  width: number;
  height: number;
  focal_px: number | null;
  focal_source: 'sensor' | '35mm' | 'fallback';
  sharpness: number;
  overlap: number | null;
  created_at: CreatedAt;
}

export interface ScanSessionsTable {
  id: Generated<string>;
  user_id: string;
  vehicle_id: string | null;
  component_id: string | null;
  images: ColumnType<Json, string | undefined, string>;
  status: ColumnType<'pending' | 'processing' | 'completed' | 'failed', string | undefined, string>;
  result_model_id: string | null;
  notes: string | null;
  scan_metadata: JsonColumn | null;
  user_role: 'simple' | 'tech';
  guidance_used: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  completed_at: Date | null;
  // Migration 0028.
  resolution: ColumnType<'high' | 'medium' | 'low', string | undefined, string>;
  scan_type: ColumnType<'full' | 'surface' | 'detail', string | undefined, string>;
  output_format: ColumnType<'ply' | 'stl' | 'obj', string | undefined, string>;
  stage: ScanStage | null;
  progress: ColumnType<number, number | undefined, number>;
  failure_reason: string | null;
  updated_at: Timestamp;
}
