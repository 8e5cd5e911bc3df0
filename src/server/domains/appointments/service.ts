import type { User } from '../../../shared/auth.ts';
import { APPOINTMENT_STATUS_LABELS, type AppointmentUpdate, type CreateAppointmentValues, type ServiceAppointment } from '../../../shared/appointments.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { auditable, recordAudit } from '../../lib/audit.ts';
import { notify } from '../../lib/notify.ts';
import { checkReferences, refusingVanishedReferences } from '../../lib/references.ts';
import { requireRowAccess, requireShopAccess } from '../../lib/shop-access.ts';
import { customerForAccount, customerVehicleForGarage } from '../../lib/shop-customers.ts';
import { customerVehicle, inquiryOfShop, isStaffOf, markInquiryInProgress, shopCustomer } from './parties.ts';
import { appointmentForChange, customerAccountOf, findAppointment, insertAppointment, updateAppointment, type AppointmentParties } from './repository.ts';

export const appointmentNotFound = () => domainError('NOT_FOUND', 'Service appointment not found');

/**
 * A new appointment (docs/appointments.md#rules). Without `customerId` or `inquiryId` it is the
 * caller's own request to the shop; with one of them, staff book for a customer of their shop.
 */
export async function createAppointment(db: Database, user: User, values: CreateAppointmentValues): Promise<ServiceAppointment> {
  const byStaff = Boolean(values.customerId || values.inquiryId);
  return refusingVanishedReferences(() =>
    db.transaction().execute((trx) => (byStaff ? bookForCustomer(trx, user, values) : requestAsOwner(trx, user, values))),
  );
}

async function requestAsOwner(db: Executor, user: User, values: CreateAppointmentValues): Promise<ServiceAppointment> {
  // Owners request a slot; only the shop confirms it, prices it, assigns or links it.
  if (values.status !== 'scheduled') throw domainError('BAD_REQUEST', 'An appointment request is scheduled; only the shop changes its status');
  if (values.estimatedCost != null) throw domainError('BAD_REQUEST', 'Only the shop sets an estimated cost');
  if (values.technicianId || values.customerVehicleId) {
    throw domainError('BAD_REQUEST', 'Only the shop names a technician or a customer vehicle (with customerId)');
  }
  await checkReferences(db, { serviceCenterId: values.serviceCenterId, vehicleId: values.vehicleId });
  const shopCustomerId = await customerForAccount(db, values.serviceCenterId, user);
  let parties: AppointmentParties = {
    customerId: user.id,
    shopCustomerId,
    customerVehicleId: null,
    garageVehicleId: null,
    vehicleId: values.vehicleId ?? null,
    technicianId: null,
    inquiryId: null,
    createdBy: user.id,
  };
  if (values.garageVehicleId) {
    const vehicle = await customerVehicleForGarage(db, shopCustomerId, user.id, values.garageVehicleId);
    if (!vehicle) throw domainError('NOT_FOUND', 'Vehicle not found in your garage');
    parties = { ...parties, customerVehicleId: vehicle.customerVehicleId, garageVehicleId: values.garageVehicleId, vehicleId: vehicle.vehicleId };
  }
  return insertAppointment(db, parties, values);
}

async function bookForCustomer(db: Executor, user: User, values: CreateAppointmentValues): Promise<ServiceAppointment> {
  const centerId = values.serviceCenterId;
  await requireShopAccess(db, user, centerId, 'work');
  if (values.garageVehicleId) throw domainError('BAD_REQUEST', 'Staff name the customer\u2019s vehicle with customerVehicleId');
  const inquiry = values.inquiryId ? await inquiryOfShop(db, centerId, values.inquiryId) : null;
  if (values.inquiryId && !inquiry) throw domainError('NOT_FOUND', 'Inquiry not found');
  const customerId = values.customerId ?? inquiry?.shop_customer_id ?? null;
  const customer = customerId ? await shopCustomer(db, centerId, customerId) : null;
  if (customerId && !customer) throw domainError('NOT_FOUND', 'Customer not found');
  const vehicleRecordId = values.customerVehicleId ?? (values.customerId ? null : (inquiry?.customer_vehicle_id ?? null));
  const vehicle = customer && vehicleRecordId ? await customerVehicle(db, customer.id, vehicleRecordId) : null;
  if (vehicleRecordId && !vehicle) throw domainError('NOT_FOUND', 'Customer vehicle not found');
  if (values.technicianId && !(await isStaffOf(db, centerId, values.technicianId))) {
    throw domainError('BAD_REQUEST', 'The technician must be staff of this shop');
  }
  await checkReferences(db, { serviceCenterId: centerId, vehicleId: values.vehicleId });
  const fromInquiry = inquiry && !values.customerId;
  const parties: AppointmentParties = {
    customerId: customer?.user_id ?? (fromInquiry ? inquiry.customer_id : null),
    shopCustomerId: customer?.id ?? null,
    customerVehicleId: vehicle?.id ?? null,
    garageVehicleId: vehicle?.garage_vehicle_id ?? (fromInquiry ? inquiry.garage_vehicle_id : null),
    vehicleId: vehicle?.vehicle_id ?? values.vehicleId ?? (fromInquiry ? inquiry.vehicle_id : null),
    technicianId: values.technicianId ?? null,
    inquiryId: inquiry?.id ?? null,
    createdBy: user.id,
  };
  const appointment = await insertAppointment(db, parties, values);
  await recordAudit(db, { serviceCenterId: centerId, actorId: user.id, entity: 'appointment', entityId: appointment.id, action: 'create', after: auditable(appointment) });
  if (inquiry) await convertInquiry(db, user, centerId, inquiry, appointment.id, customer?.user_id ?? null);
  const account = await customerAccountOf(db, appointment);
  if (account && account !== user.id) {
    await notify(db, {
      userId: account,
      kind: 'appointment_change',
      title: `Appointment booked: ${appointment.serviceType}`,
      body: `${appointment.serviceCenterName ?? 'The shop'} booked an appointment for you.`,
      link: `/requests?appointment=${appointment.id}`,
    });
  }
  return appointment;
}

type ConvertedInquiry = NonNullable<Awaited<ReturnType<typeof inquiryOfShop>>>;

/**
 * The inquiry an appointment converts moves to in progress: the status change is audited like any
 * other (entity `inquiry`, action `status`, naming the appointment) and, when the status changed,
 * the customer's account is told, as `inquiries.setStatus` does (docs/inquiries.md#staff-actions).
 */
async function convertInquiry(db: Executor, user: User, centerId: string, inquiry: ConvertedInquiry, appointmentId: string, linkedAccount: string | null): Promise<void> {
  await markInquiryInProgress(db, inquiry.id);
  await recordAudit(db, {
    serviceCenterId: centerId,
    actorId: user.id,
    entity: 'inquiry',
    entityId: inquiry.id,
    action: 'status',
    before: { status: inquiry.status, completedDate: inquiry.completed_date?.toISOString() ?? null },
    after: { status: 'in_progress', completedDate: null, appointmentId },
  });
  const account = inquiry.customer_id ?? linkedAccount;
  if (inquiry.status !== 'in_progress' && account && account !== user.id) {
    await notify(db, {
      userId: account,
      kind: 'inquiry_status',
      title: 'Your request is now In Progress',
      body: inquiry.subject,
      link: `/requests?inquiry=${inquiry.id}`,
    });
  }
}

/**
 * Staff edit, reschedule or move an appointment of their shop. Another shop's appointment (and a
 * customer's own view of one) reads as missing; each change is audited and the customer told.
 */
export async function changeAppointment(db: Database, user: User, input: AppointmentUpdate): Promise<ServiceAppointment> {
  const { id, ...changes } = input;
  return db.transaction().execute(async (trx) => {
    const before = await appointmentForChange(trx, id);
    if (!before?.service_center_id) throw appointmentNotFound();
    const centerId = before.service_center_id;
    await requireRowAccess(trx, user, centerId, 'work', appointmentNotFound);
    if (changes.technicianId && !(await isStaffOf(trx, centerId, changes.technicianId))) {
      throw domainError('BAD_REQUEST', 'The technician must be staff of this shop');
    }
    const previous = await findAppointment(trx, { kind: 'shop', serviceCenterId: centerId }, id);
    const after = await updateAppointment(trx, id, changes);
    const statusOnly = Object.keys(changes).every((key) => key === 'status');
    await recordAudit(trx, {
      serviceCenterId: centerId,
      actorId: user.id,
      entity: 'appointment',
      entityId: id,
      action: statusOnly ? 'status' : 'update',
      before: previous ? auditable(previous) : null,
      after: auditable(after),
    });
    const account = await customerAccountOf(trx, after);
    const rescheduled = changes.appointmentDate !== undefined && changes.appointmentDate.getTime() !== before.appointment_date.getTime();
    const statusChanged = changes.status !== undefined && changes.status !== before.status;
    if (account && account !== user.id && (rescheduled || statusChanged)) {
      await notify(trx, {
        userId: account,
        kind: rescheduled ? 'appointment_change' : 'appointment_status',
        title: rescheduled ? `Appointment moved: ${after.serviceType}` : `Appointment ${APPOINTMENT_STATUS_LABELS[after.status].toLowerCase()}: ${after.serviceType}`,
        body: rescheduled ? `New time: ${after.appointmentDate.toISOString()}` : `Status: ${APPOINTMENT_STATUS_LABELS[after.status]}`,
        link: `/requests?appointment=${id}`,
      });
    }
    return after;
  });
}

/** The customer cancels their own upcoming appointment (scheduled or confirmed, not yet begun). */
export async function cancelAppointment(db: Database, user: User, id: string): Promise<ServiceAppointment> {
  return db.transaction().execute(async (trx) => {
    const mine = await findAppointment(trx, { kind: 'mine', userId: user.id }, id);
    if (!mine) throw appointmentNotFound();
    if (!(mine.status === 'scheduled' || mine.status === 'confirmed') || mine.appointmentDate.getTime() <= Date.now()) {
      throw domainError('BAD_REQUEST', 'Only an upcoming scheduled or confirmed appointment can be cancelled');
    }
    const after = await updateAppointment(trx, id, { status: 'cancelled' });
    if (mine.serviceCenterId) {
      await recordAudit(trx, {
        serviceCenterId: mine.serviceCenterId,
        actorId: user.id,
        entity: 'appointment',
        entityId: id,
        action: 'status',
        before: { status: mine.status },
        after: { status: 'cancelled', by: 'customer' },
      });
    }
    return after;
  });
}
