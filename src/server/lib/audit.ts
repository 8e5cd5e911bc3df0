import type { Json } from '../db/schema.ts';
import type { Executor } from '../db/index.ts';

/** What staff changed in a customer's data (docs/shops.md#audit). */
export interface AuditEntry {
  serviceCenterId: string;
  actorId: string;
  entity: 'customer' | 'customer_vehicle' | 'inquiry' | 'inquiry_message' | 'appointment' | 'service_record' | 'staff' | 'invite' | 'center' | 'inspection' | 'diagnostic_session' | 'part' | 'supplier' | 'repair_order' | 'purchase_order';
  entityId: string;
  action: 'create' | 'update' | 'delete' | 'status' | 'assign' | 'convert' | 'reply' | 'accept' | 'revoke' | 'receive';
  before?: Json | null;
  after?: Json | null;
}

function auditRow(entry: AuditEntry) {
  return {
    service_center_id: entry.serviceCenterId,
    actor_id: entry.actorId,
    entity: entry.entity,
    entity_id: entry.entityId,
    action: entry.action,
    before: entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
    after: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
  };
}

/** Written in the same transaction as the change it describes, so neither exists without the other. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(entry)).execute();
}

/** Entries a statement writes at most: 7 values each, well inside PostgreSQL's 65,535 parameters. */
const AUDIT_BATCH = 1_000;

/** Many entries (an imported catalogue's parts), a statement per batch, in the changes' transaction. */
export async function recordAudits(db: Executor, entries: readonly AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += AUDIT_BATCH) {
    await db.insertInto('audit_log').values(entries.slice(i, i + AUDIT_BATCH).map(auditRow)).execute();
  }
}

/** A row as JSON the log can keep: dates as ISO strings, nothing undefined. */
export function auditable(value: object): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}
