import type { User } from '../../../shared/auth.ts';
import type { CreateAppointmentValues, ServiceAppointment } from '../../../shared/appointments.ts';
import type { Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { checkReferences, refusingVanishedReferences } from '../../lib/references.ts';
import { insertAppointment } from './repository.ts';

/**
 * The customer is whoever books; a technician booking is also recorded as the appointment's
 * technician.
 */
export async function createAppointment(db: Executor, user: User, values: CreateAppointmentValues): Promise<ServiceAppointment> {
  // Owners request an appointment; only the shop confirms it, moves it along or prices it.
  if (user.role !== 'tech') {
    if (values.status !== 'scheduled') throw domainError('FORBIDDEN', 'Only technicians can create an appointment with a status other than scheduled');
    if (values.estimatedCost != null) throw domainError('FORBIDDEN', 'Only technicians can set an estimated cost');
  }
  await checkReferences(db, values);
  return refusingVanishedReferences(() =>
    insertAppointment(db, { customerId: user.id, technicianId: user.role === 'tech' ? user.id : null }, values),
  );
}
