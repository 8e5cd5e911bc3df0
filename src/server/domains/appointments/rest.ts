import type { FastifyInstance } from 'fastify';
import type { AppointmentPatch, CreateAppointmentInput } from '../../../shared/appointments.ts';
import { objectBody, pathId, restRoute } from '../../http/rest.ts';

export function registerAppointmentsRest(app: FastifyInstance): void {
  const tag = 'Service appointments';
  restRoute(
    app,
    { method: 'GET', url: '/api/service-appointments', summary: 'All appointments you may see: your own requests and those of the shops you are staff of', tag, auth: 'user', procedure: 'appointments.all' },
    ({ caller }) => caller.appointments.all(),
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/service-appointments/:id', summary: 'One appointment', tag, auth: 'user', procedure: 'appointments.get' },
    ({ caller, req }) => caller.appointments.get({ id: pathId(req) }),
  );
  restRoute(
    app,
    { method: 'POST', url: '/api/service-appointments', summary: 'Request an appointment at a shop, or (staff) book one for a customer of the shop',
      description: 'serviceCenterId is required. Without customerId the caller requests a slot for themselves (garageVehicleId: one of their garage vehicles). Staff of the shop name customerId (a customer of the shop), customerVehicleId, technicianId, or inquiryId to convert an inquiry of the shop.', tag, auth: 'user', procedure: 'appointments.create', inputFrom: 'body' },
    ({ caller, req }) => caller.appointments.create(objectBody(req) as CreateAppointmentInput),
  );
  restRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/service-appointments/:id',
      summary: 'Edit, reschedule or move an appointment (staff of its shop)',
      description:
        'Any of appointmentDate, duration, serviceType, description, technicianId (staff of the shop), estimatedCost, actualCost, notes and status. Staff of the appointment\u2019s shop only: anyone else gets 404. Each change is written to the shop\u2019s audit log and the customer is notified of a new time or status.',
      tag,
      auth: 'staff',
      status: 200,
      procedure: 'appointments.update',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.appointments.update({ ...(objectBody(req) as AppointmentPatch), id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/service-appointments/:id/cancel',
      summary: 'Cancel your own upcoming appointment (the customer)',
      tag,
      auth: 'user',
      status: 200,
      procedure: 'appointments.cancel',
    },
    ({ caller, req }) => caller.appointments.cancel({ id: pathId(req) }),
  );
}
