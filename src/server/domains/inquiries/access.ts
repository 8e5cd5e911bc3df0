import type { User } from '../../../shared/auth.ts';
import type { StaffRole } from '../../../shared/shops.ts';
import type { Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { roleGrants, staffRole } from '../../lib/shop-access.ts';

export function inquiryNotFound() {
  // Another customer's or another shop's inquiry reads as missing: its existence is not revealed
  // (docs/inquiries.md#who-may-do-what).
  return domainError('NOT_FOUND', 'Customer inquiry not found');
}

/** What the caller is to one inquiry: staff of its shop (with their role), its customer, or nothing. */
export interface InquiryStanding {
  id: string;
  serviceCenterId: string | null;
  customerAccountId: string | null;
  assignedToId: string | null;
  subject: string;
  status: string;
  staffRole: StaffRole | null;
  isCustomer: boolean;
}

export async function standingOn(db: Executor, user: User, id: string): Promise<InquiryStanding | null> {
  const row = await db
    .selectFrom('customer_inquiries as i')
    .leftJoin('shop_customers as c', 'c.id', 'i.shop_customer_id')
    .select(['i.id', 'i.service_center_id', 'i.customer_id', 'c.user_id as linked_user_id', 'i.assigned_to_id', 'i.subject', 'i.status'])
    .where('i.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const role = row.service_center_id ? await staffRole(db, user.id, row.service_center_id) : null;
  return {
    id: row.id,
    serviceCenterId: row.service_center_id,
    // The account that hears about the request: the sender, else the account the shop's customer record is linked to.
    customerAccountId: row.customer_id ?? row.linked_user_id,
    assignedToId: row.assigned_to_id,
    subject: row.subject,
    status: row.status,
    staffRole: role,
    isCustomer: row.customer_id === user.id || row.linked_user_id === user.id,
  };
}

/** The inquiry for a staff action of its shop: 404 for anyone not staff there, 403 for a role too small. */
export async function requireInquiryStaff(db: Executor, user: User, id: string): Promise<InquiryStanding & { serviceCenterId: string }> {
  const standing = await standingOn(db, user, id);
  if (!standing || !standing.serviceCenterId || !standing.staffRole) throw inquiryNotFound();
  if (!roleGrants(standing.staffRole, 'work')) throw domainError('FORBIDDEN', 'Your role in this shop cannot change inquiries');
  return { ...standing, serviceCenterId: standing.serviceCenterId };
}
