import type { FastifyInstance } from 'fastify';
import type { AppointmentStatusChange, CreateAppointmentInput } from '../../../shared/appointments.ts';
import { objectBody, pathId, restRoute } from '../../http/rest.ts';

export function registerAppointmentsRest(app: FastifyInstance): void {
  const tag = 'Service appointments';
  restRoute(
    app,
    { method: 'GET', url: '/api/service-appointments', summary: 'All appointments (your own as an owner, every one in Tech Mode)', tag, auth: 'user', procedure: 'appointments.all' },
    ({ caller }) => caller.appointments.all(),
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/service-appointments/:id', summary: 'One appointment', tag, auth: 'user', procedure: 'appointments.get' },
    ({ caller, req }) => caller.appointments.get({ id: pathId(req) }),
  );
  restRoute(
    app,
    { method: 'POST', url: '/api/service-appointments', summary: 'Schedule an appointment', tag, auth: 'user', procedure: 'appointments.create', inputFrom: 'body' },
    ({ caller, req }) => caller.appointments.create(objectBody(req) as CreateAppointmentInput),
  );
  // The status and nothing else; other fields are refused, not silently dropped
  // (docs/appointments.md#rules).
  restRoute(
    app,
    { method: 'PATCH', url: '/api/service-appointments/:id', summary: 'Change an appointment status (Tech Mode)', tag, auth: 'tech', status: 200, procedure: 'appointments.setStatus', inputFrom: 'body' },
    ({ caller, req }) => caller.appointments.setStatus({ ...(objectBody(req) as AppointmentStatusChange), id: pathId(req) }),
  );
}
