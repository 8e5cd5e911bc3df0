import { z } from 'zod';
import {
  appointmentIdSchema,
  appointmentStatsSchema,
  createAppointmentSchema,
  listAppointmentsSchema,
  setAppointmentStatusSchema,
  type ServiceAppointment,
} from '../../../shared/appointments.ts';
import { domainError } from '../../http/errors.ts';
import { authedProcedure, router, techProcedure } from '../../trpc.ts';
import { refusingUnknownTimeZone } from '../../lib/time-zone.ts';
import { viewerOf } from '../../lib/viewer.ts';
import {
  appointmentStats,
  findAppointment,
  listAllAppointments,
  listAppointmentPage,
  updateAppointmentStatus,
} from './repository.ts';
import { createAppointment } from './service.ts';

function found(appointment: ServiceAppointment | null): ServiceAppointment {
  // Another customer's appointment reads as missing: its existence is not revealed
  // (docs/appointments.md#who-may-do-what).
  if (!appointment) throw domainError('NOT_FOUND', 'Service appointment not found');
  return appointment;
}

export const appointmentsRouter = router({
  list: authedProcedure.input(listAppointmentsSchema).query(({ ctx, input: { search, status, date, timeZone, cursor, limit } }) =>
    refusingUnknownTimeZone(timeZone, () =>
      listAppointmentPage(ctx.db, viewerOf(ctx.user), { search, status, date, timeZone, now: new Date() }, { cursor, limit }),
    ),
  ),
  all: authedProcedure.query(({ ctx }) => listAllAppointments(ctx.db, viewerOf(ctx.user))),
  stats: authedProcedure
    .input(appointmentStatsSchema)
    .query(({ ctx, input }) =>
      refusingUnknownTimeZone(input.timeZone, () => appointmentStats(ctx.db, viewerOf(ctx.user), input.timeZone, new Date())),
    ),
  get: authedProcedure
    .input(z.object({ id: appointmentIdSchema }).strict())
    .query(async ({ ctx, input }) => found(await findAppointment(ctx.db, viewerOf(ctx.user), input.id))),
  create: authedProcedure
    .input(createAppointmentSchema)
    .mutation(({ ctx, input }) => createAppointment(ctx.db, ctx.user, input)),
  /**
   * From any status to any menu status; only technicians move an appointment along
   * (docs/appointments.md#rules).
   */
  setStatus: techProcedure
    .input(setAppointmentStatusSchema)
    .mutation(async ({ ctx, input }) => found(await updateAppointmentStatus(ctx.db, input.id, input.status))),
});
