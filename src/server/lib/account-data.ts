import { sql } from 'kysely';
import type { Executor } from '../db/index.ts';

/**
 * Every reference to a user's account, in one place (docs/data.md#delete-my-account). Deleting an
 * account removes each row of USER_OWNED (in this order), then applies KEPT_FOR_OTHERS, then removes
 * the user. A new table that points at users must be named in one of the two lists: a test compares
 * them with the database's foreign keys and fails on a reference neither names.
 */

/** Rows that are the user's own: removed with the account. Children first where order matters. */
export const USER_OWNED: readonly { table: string; column: string; note: string }[] = [
  { table: 'sessions', column: 'user_id', note: 'every session ends' },
  { table: 'api_tokens', column: 'user_id', note: 'tokens stop working' },
  { table: 'notifications', column: 'user_id', note: '' },
  { table: 'fuel_entries', column: 'user_id', note: '' },
  { table: 'vehicle_expenses', column: 'user_id', note: '' },
  { table: 'service_records', column: 'user_id', note: 'the owner\u2019s history; records a shop wrote for a customer vehicle are kept for the shop first (KEPT_FOR_OTHERS)' },
  { table: 'files', column: 'owner_id', note: 'bytes (file_contents) and attachments go with them' },
  { table: 'custom_reminders', column: 'user_id', note: '' },
  { table: 'calendar_feeds', column: 'user_id', note: 'the feed address stops working' },
  { table: 'email_digests', column: 'user_id', note: 'which weekly digests were sent' },
  { table: 'garage_vehicle_shares', column: 'user_id', note: 'memberships of other people\u2019s vehicles; shares of the user\u2019s own vehicles go with those vehicles' },
  { table: 'garage_vehicles', column: 'user_id', note: 'odometer corrections and due crossings go with them' },
  { table: 'avatar_profiles', column: 'user_id', note: '' },
  { table: 'scan_sessions', column: 'user_id', note: 'their photos (scan_images) go with them' },
  { table: 'model3d', column: 'owner_id', note: 'scanned models with their geometry; the product\u2019s own models name no owner' },
  { table: 'inspections', column: 'user_id', note: 'self-checks with their items and photos; an inspection a shop made is kept for the shop first (KEPT_FOR_OTHERS)' },
  { table: 'diagnostic_sessions', column: 'user_id', note: 'the owner\u2019s own scans; a shop\u2019s scan of a customer vehicle is kept for the shop first (KEPT_FOR_OTHERS)' },
  { table: 'repair_order_time_entries', column: 'technician_id', note: 'clocked time; the quoted hours stay on the order' },
  { table: 'shop_staff', column: 'user_id', note: 'memberships; a sole owner of a shop with other staff is refused before' },
];

/**
 * References in rows that belong to someone else (mostly a shop's records of its work): the row
 * stays and no longer names the account. `before` runs ahead of the deletions.
 */
export const KEPT_FOR_OTHERS: readonly { table: string; column: string; note: string; before?: (db: Executor, userId: string) => Promise<unknown> }[] = [
  {
    table: 'service_records',
    column: 'user_id',
    note: 'a record a shop wrote for its customer\u2019s vehicle stays in the shop\u2019s history of that vehicle',
    before: (db, userId) => sql`UPDATE service_records SET user_id = NULL WHERE user_id = ${userId} AND customer_vehicle_id IS NOT NULL`.execute(db),
  },
  {
    table: 'inspections',
    column: 'user_id',
    note: 'an inspection a shop made of its customer\u2019s vehicle stays in the shop\u2019s records',
    before: (db, userId) => sql`UPDATE inspections SET user_id = NULL WHERE user_id = ${userId} AND service_center_id IS NOT NULL`.execute(db),
  },
  { table: 'inspections', column: 'created_by', note: 'who started an inspection is forgotten' },
  {
    table: 'diagnostic_sessions',
    column: 'user_id',
    note: 'a scan a shop made of its customer\u2019s vehicle stays in the shop\u2019s records',
    before: (db, userId) => sql`UPDATE diagnostic_sessions SET user_id = NULL WHERE user_id = ${userId} AND service_center_id IS NOT NULL`.execute(db),
  },
  { table: 'diagnostic_sessions', column: 'created_by', note: 'who ran a scan is forgotten' },
  { table: 'diagnostic_sessions', column: 'cleared_by', note: '' },
  { table: 'inspections', column: 'signed_by', note: 'the typed signature stays on the report' },
  { table: 'inspection_items', column: 'decided_by', note: 'the decision stays, without who made it' },
  { table: 'inspection_photos', column: 'attached_by', note: '' },
  { table: 'stock_movements', column: 'created_by', note: 'a shop\u2019s stock ledger stays whole, without who moved the stock' },
  { table: 'repair_orders', column: 'customer_user_id', note: 'the shop keeps its order and invoice, with the customer\u2019s name as written on it' },
  { table: 'repair_orders', column: 'created_by', note: '' },
  { table: 'repair_order_lines', column: 'technician_id', note: 'the labour stays on the order, unnamed' },
  { table: 'repair_order_lines', column: 'decided_by', note: 'the customer\u2019s decision stays, without who made it' },
  { table: 'repair_order_payments', column: 'received_by', note: 'a payment stays on the invoice' },
  { table: 'purchase_orders', column: 'created_by', note: 'the shop keeps its purchase order, without who opened it' },
  { table: 'purchase_order_receipts', column: 'received_by', note: 'a receipt of stock stays on the order, unnamed' },
  { table: 'service_records', column: 'technician_id', note: 'work done as a technician stays in the customer\u2019s history, unnamed' },
  { table: 'customer_inquiries', column: 'customer_id', note: 'the shop keeps the request it received' },
  { table: 'customer_inquiries', column: 'assigned_to_id', note: '' },
  { table: 'customer_inquiries', column: 'created_by', note: '' },
  { table: 'service_appointments', column: 'customer_id', note: 'the shop keeps its calendar' },
  { table: 'service_appointments', column: 'technician_id', note: '' },
  { table: 'service_appointments', column: 'created_by', note: '' },
  { table: 'inquiry_messages', column: 'author_id', note: 'a message in a shop\u2019s thread stays, without its author' },
  { table: 'audit_log', column: 'actor_id', note: 'the shop\u2019s audit trail stays, without the actor' },
  { table: 'shop_customers', column: 'user_id', note: 'the shop\u2019s own customer card stays, unlinked' },
  { table: 'shop_invites', column: 'created_by', note: '' },
  { table: 'shop_invites', column: 'accepted_by', note: '' },
  { table: 'service_centers', column: 'manager_id', note: 'a closed shop stays in the directory as inactive' },
  { table: 'knowledge_items', column: 'created_by', note: 'articles written for everyone stay' },
  { table: 'record_attachments', column: 'attached_by', note: 'a shop\u2019s file on a record stays' },
  { table: 'garage_vehicle_shares', column: 'invited_by', note: 'a share the user made of someone else\u2019s vehicle cannot exist; the column only forgets who invited' },
];

/** Removes the account and what is its own; the caller runs it in a transaction. */
export async function deleteAccountData(db: Executor, userId: string): Promise<void> {
  for (const kept of KEPT_FOR_OTHERS) await kept.before?.(db, userId);
  for (const owned of USER_OWNED) await sql`DELETE FROM ${sql.table(owned.table)} WHERE ${sql.ref(owned.column)} = ${userId}`.execute(db);
  // The SET NULL references of KEPT_FOR_OTHERS are applied by the database with this delete.
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
