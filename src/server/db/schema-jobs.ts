import type { ColumnType } from 'kysely';
import type { CreatedAt, JsonColumn, JsonObject } from './schema.ts';

// Background jobs (migration 0015) and weekly e-mail digests (migration 0016);
// src/server/db/schema.ts joins them into the database's type.

export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: ColumnType<string, never, never>;
  name: string;
  payload: JsonColumn<JsonObject>;
  state: ColumnType<JobState, JobState | undefined, JobState>;
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: ColumnType<number, number | undefined, number>;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  locked_by: string | null;
  last_error: string | null;
  idempotency_key: string | null;
  created_at: CreatedAt;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface EmailDigestsTable {
  user_id: string;
  /** ISO week, e.g. 2026-W48. */
  week: string;
  items_until: ColumnType<Date, Date | string, Date | string>;
  item_count: number;
  sent_at: ColumnType<Date, Date | string | undefined, never>;
}

