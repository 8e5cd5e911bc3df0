import { sql } from 'kysely';
import type { User } from '../../../shared/auth.ts';
import {
  INQUIRY_STATUS_LABELS,
  type CreateInquiryValues,
  type CustomerInquiry,
  type InquiryStatus,
  type UpdateInquiryValues,
} from '../../../shared/inquiries.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { auditable, recordAudit } from '../../lib/audit.ts';
import { notify, notifyShopLeads } from '../../lib/notify.ts';
import { checkReferences, refusingVanishedReferences } from '../../lib/references.ts';
import { requireShopAccess, staffRole } from '../../lib/shop-access.ts';
import { customerForAccount, customerVehicleForGarage } from '../../lib/shop-customers.ts';
import { inquiryNotFound, requireInquiryStaff, standingOn } from './access.ts';
import { insertInquiry, loadInquiry, type NewInquiry } from './repository.ts';

/** Where a customer follows their request, and where staff work on it. */
export const requestLink = (id: string) => `/requests?inquiry=${id}`;
export const staffLink = (id: string) => `/customer-inquiries?inquiry=${id}`;

async function loaded(db: Executor, id: string): Promise<CustomerInquiry> {
  const inquiry = await loadInquiry(db, id);
  if (!inquiry) throw inquiryNotFound();
  return inquiry;
}

/**
 * A new inquiry (docs/inquiries.md#rules). Without `customerId` it is the caller's own request to
 * a shop; with it, staff of that shop write it for one of the shop's customers.
 */
export async function createInquiry(db: Database, user: User, values: CreateInquiryValues): Promise<CustomerInquiry> {
  const serviceCenterId = values.serviceCenterId!;
  const common = {
    serviceCenterId,
    createdBy: user.id,
    inquiryType: values.inquiryType,
    subject: values.subject,
    description: values.description,
    priority: values.priority,
    customerNotes: values.customerNotes,
  };
  if (values.customerId) {
    await requireShopAccess(db, user, serviceCenterId, 'work');
    const customerId = values.customerId;
    await checkReferences(db, { serviceCenterId, vehicleId: values.vehicleId });
    const customer = await db
      .selectFrom('shop_customers')
      .select(['id', 'user_id'])
      .where('id', '=', customerId)
      .where('service_center_id', '=', serviceCenterId)
      .executeTakeFirst();
    if (!customer) throw domainError('NOT_FOUND', 'Customer not found');
    const vehicle = values.customerVehicleId
      ? await db
          .selectFrom('shop_customer_vehicles')
          .select(['id', 'vehicle_id', 'garage_vehicle_id'])
          .where('id', '=', values.customerVehicleId)
          .where('customer_id', '=', customer.id)
          .executeTakeFirst()
      : null;
    if (values.customerVehicleId && !vehicle) throw domainError('NOT_FOUND', 'Customer vehicle not found');
    const row: NewInquiry = {
      ...common,
      customerId: customer.user_id,
      shopCustomerId: customer.id,
      customerVehicleId: vehicle?.id ?? null,
      garageVehicleId: vehicle?.garage_vehicle_id ?? null,
      vehicleId: vehicle?.vehicle_id ?? values.vehicleId ?? null,
    };
    return refusingVanishedReferences(() =>
      db.transaction().execute(async (trx) => {
        const inquiry = await loaded(trx, await insertInquiry(trx, row));
        await recordAudit(trx, { serviceCenterId, actorId: user.id, entity: 'inquiry', entityId: inquiry.id, action: 'create', after: auditable(inquiry) });
        return inquiry;
      }),
    );
  }

  await checkReferences(db, { serviceCenterId, vehicleId: values.vehicleId });
  return refusingVanishedReferences(() =>
    db.transaction().execute(async (trx) => {
      const shopCustomerId = await customerForAccount(trx, serviceCenterId, user);
      const vehicle = values.garageVehicleId ? await customerVehicleForGarage(trx, shopCustomerId, user.id, values.garageVehicleId) : null;
      if (values.garageVehicleId && !vehicle) throw domainError('NOT_FOUND', 'Garage vehicle not found');
      const id = await insertInquiry(trx, {
        ...common,
        customerId: user.id,
        shopCustomerId,
        customerVehicleId: vehicle?.customerVehicleId ?? null,
        garageVehicleId: vehicle ? values.garageVehicleId! : null,
        vehicleId: vehicle?.vehicleId ?? values.vehicleId ?? null,
      });
      // The shop's owners and managers hear of a new request.
      await notifyShopLeads(trx, serviceCenterId, user.id, { kind: 'request_received', title: `New request: ${values.subject}`, link: staffLink(id) });
      return loaded(trx, id);
    }),
  );
}

async function writeStatus(db: Executor, id: string, status: InquiryStatus): Promise<void> {
  const closing = status === 'resolved' || status === 'closed';
  await db
    .updateTable('customer_inquiries')
    // Resolved or closed records when; reopening clears it.
    .set({ status, completed_date: closing ? sql<Date>`coalesce(completed_date, now())` : null })
    .where('id', '=', id)
    .execute();
}

/** Any status to any other, by staff of the inquiry's shop (docs/inquiries.md#staff). */
export async function setInquiryStatus(db: Database, user: User, id: string, status: InquiryStatus): Promise<CustomerInquiry> {
  const standing = await requireInquiryStaff(db, user, id);
  return db.transaction().execute(async (trx) => {
    const before = await loaded(trx, id);
    await writeStatus(trx, id, status);
    const after = await loaded(trx, id);
    await recordAudit(trx, {
      serviceCenterId: standing.serviceCenterId,
      actorId: user.id,
      entity: 'inquiry',
      entityId: id,
      action: 'status',
      before: { status: before.status, completedDate: before.completedDate?.toISOString() ?? null },
      after: { status: after.status, completedDate: after.completedDate?.toISOString() ?? null },
    });
    if (before.status !== status && standing.customerAccountId && standing.customerAccountId !== user.id) {
      await notify(trx, {
        userId: standing.customerAccountId,
        kind: 'inquiry_status',
        title: `Your request is now ${INQUIRY_STATUS_LABELS[status]}`,
        body: after.subject,
        link: requestLink(id),
      });
    }
    return after;
  });
}

/** Names the technician who handles an inquiry (one of the shop's staff) or clears it. */
export async function assignInquiry(db: Database, user: User, id: string, technicianId: string | null): Promise<CustomerInquiry> {
  const standing = await requireInquiryStaff(db, user, id);
  if (technicianId && !(await staffRole(db, technicianId, standing.serviceCenterId))) {
    throw domainError('BAD_REQUEST', 'The technician must be staff of this shop');
  }
  return db.transaction().execute(async (trx) => {
    const before = await loaded(trx, id);
    await trx.updateTable('customer_inquiries').set({ assigned_to_id: technicianId }).where('id', '=', id).execute();
    const after = await loaded(trx, id);
    await recordAudit(trx, {
      serviceCenterId: standing.serviceCenterId,
      actorId: user.id,
      entity: 'inquiry',
      entityId: id,
      action: 'assign',
      before: { assignedToId: before.assignedToId },
      after: { assignedToId: after.assignedToId },
    });
    if (technicianId && technicianId !== user.id && technicianId !== before.assignedToId) {
      await notify(trx, { userId: technicianId, kind: 'request_received', title: `Assigned to you: ${after.subject}`, link: staffLink(id) });
    }
    return after;
  });
}

/** Estimated cost, technician notes, priority, scheduled date: what staff keep on an inquiry. */
export async function updateInquiry(db: Database, user: User, values: UpdateInquiryValues): Promise<CustomerInquiry> {
  const standing = await requireInquiryStaff(db, user, values.id);
  const changes = {
    ...(values.estimatedCost !== undefined && { estimated_cost: values.estimatedCost }),
    ...(values.technicianNotes !== undefined && { technician_notes: values.technicianNotes }),
    ...(values.priority !== undefined && { priority: values.priority }),
    ...(values.scheduledDate !== undefined && { scheduled_date: values.scheduledDate }),
  };
  return db.transaction().execute(async (trx) => {
    const before = await loaded(trx, values.id);
    if (Object.keys(changes).length === 0) return before;
    await trx.updateTable('customer_inquiries').set(changes).where('id', '=', values.id).execute();
    const after = await loaded(trx, values.id);
    const pick = (i: CustomerInquiry) =>
      auditable({ estimatedCost: i.estimatedCost, technicianNotes: i.technicianNotes, priority: i.priority, scheduledDate: i.scheduledDate });
    await recordAudit(trx, { serviceCenterId: standing.serviceCenterId, actorId: user.id, entity: 'inquiry', entityId: values.id, action: 'update', before: pick(before), after: pick(after) });
    return after;
  });
}

/** The customer withdraws their own open or in-progress request: it closes. */
export async function cancelInquiry(db: Database, user: User, id: string): Promise<CustomerInquiry> {
  const standing = await standingOn(db, user, id);
  if (!standing?.isCustomer) throw inquiryNotFound();
  if (standing.status !== 'open' && standing.status !== 'in_progress') {
    throw domainError('BAD_REQUEST', 'Only an open or in-progress request can be cancelled');
  }
  return db.transaction().execute(async (trx) => {
    await writeStatus(trx, id, 'closed');
    if (standing.assignedToId && standing.assignedToId !== user.id) {
      await notify(trx, { userId: standing.assignedToId, kind: 'inquiry_status', title: 'A customer cancelled their request', body: standing.subject, link: staffLink(id) });
    }
    return loaded(trx, id);
  });
}
