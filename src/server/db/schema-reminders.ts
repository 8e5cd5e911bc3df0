import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './schema.ts';

// Custom reminders, announced due crossings (migration 0017) and calendar feeds (migration 0018).

/** A reminder an owner set for a stored vehicle of their garage. */
export interface CustomRemindersTable {
  id: Generated<string>;
  user_id: string;
  vehicle_id: string;
  title: string;
  notes: string | null;
  /** A calendar day (date): read it with to_char, never as a Date. */
  due_date: ColumnType<string | null, string | null | undefined, string | null>;
  due_mileage: number | null;
  every_months: number | null;
  every_miles: number | null;
  /** Set when a one-time reminder is marked done (a recurring one moves on instead). */
  done_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A crossing into an urgency already announced, per garage vehicle, item and due cycle. */
export interface DueCrossingsTable {
  garage_vehicle_id: string;
  item_key: string;
  cycle: string;
  urgency: 'soon' | 'due' | 'overdue';
  created_at: CreatedAt;
}

export interface CalendarFeedsTable {
  user_id: string;
  token_hash: string;
  /** When the current token was made (a new one replaces it). */
  created_at: Timestamp;
  last_used_at: Date | null;
}
