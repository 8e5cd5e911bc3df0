import { z } from 'zod';
import { listCursorSchema, pageDirectionSchema } from './inquiries.ts';
import { shopIdSchema } from './shops.ts';

/** The shop's audit log: who changed a customer's data, when, before and after (docs/customers.md#audit-log). */

export const AUDIT_ENTITIES = ['customer', 'customer_vehicle', 'inquiry', 'inquiry_message', 'appointment', 'service_record', 'staff', 'invite', 'center', 'inspection', 'diagnostic_session', 'part', 'supplier', 'repair_order', 'purchase_order'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  customer: 'Customer',
  customer_vehicle: 'Customer vehicle',
  inquiry: 'Inquiry',
  inquiry_message: 'Inquiry message',
  appointment: 'Appointment',
  service_record: 'Service record',
  staff: 'Staff',
  invite: 'Invitation',
  center: 'Service center',
  inspection: 'Inspection',
  diagnostic_session: 'Diagnostic session',
  part: 'Part',
  supplier: 'Supplier',
  repair_order: 'Repair order',
  purchase_order: 'Purchase order',
};
export const AUDIT_PAGE_SIZE = 30;

export const listAuditSchema = z
  .object({
    serviceCenterId: shopIdSchema,
    entity: z.enum(AUDIT_ENTITIES, { error: `Entity must be one of: ${AUDIT_ENTITIES.join(', ')}` }).optional(),
    cursor: listCursorSchema,
    direction: pageDirectionSchema,
    limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(100, 'Limit must be at most 100').default(AUDIT_PAGE_SIZE),
  })
  .strict();
export type ListAuditInput = z.input<typeof listAuditSchema>;

export type AuditJson = string | number | boolean | null | AuditJson[] | { [key: string]: AuditJson };

export interface AuditEntryView {
  id: string;
  entity: string;
  entityId: string;
  action: string;
  /** Who made the change; null when their account was deleted. */
  actor: { id: string; name: string | null; email: string } | null;
  before: AuditJson | null;
  after: AuditJson | null;
  createdAt: Date;
}

export interface AuditPage {
  items: AuditEntryView[];
  nextCursor: string | null;
}
