import { z } from 'zod';
import type { User } from '../../../shared/auth.ts';
import {
  appointmentIdSchema,
  appointmentStatsSchema,
  createAppointmentSchema,
  listAppointmentsSchema,
  setAppointmentStatusSchema,
  updateAppointmentSchema,
  type ServiceAppointment,
} from '../../../shared/appointments.ts';
import type { Executor } from '../../db/index.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { refusingUnknownTimeZone } from '../../lib/time-zone.ts';
import { requireShopAccess } from '../../lib/shop-access.ts';
import { appointmentStats, findAppointment, listAllAppointments, listAppointmentPage, type AppointmentScope } from './repository.ts';
import { appointmentNotFound, cancelAppointment, changeAppointment, createAppointment } from './service.ts';

function found(appointment: ServiceAppointment | null): ServiceAppointment {
  // Another customer's or another shop's appointment reads as missing: its existence is not
  // revealed (docs/appointments.md#who-may-do-what).
  if (!appointment) throw appointmentNotFound();
  return appointment;
}

/** The rows a list or the stat cards count; a shop's view needs read access to that shop (404 otherwise). */
async function scopeOf(db: Executor, user: User, input: { serviceCenterId?: string; mine?: boolean }): Promise<AppointmentScope> {
  if (input.serviceCenterId) {
    await requireShopAccess(db, user, input.serviceCenterId, 'read');
    return { kind: 'shop', serviceCenterId: input.serviceCenterId };
  }
  if (input.mine) return { kind: 'mine', userId: user.id };
  return viewerScope(user);
}

/**
 * What the caller may see: their own requests and their shops' rows. An admin reads any one row by
 * id (support) but lists only their own, as everyone does, or a shop's by naming it.
 */
const viewerScope = (user: User, oneById = false): AppointmentScope => ({ kind: 'viewer', userId: user.id, isAdmin: oneById && user.isAdmin });

export const appointmentsRouter = router({
  list: authedProcedure.input(listAppointmentsSchema).query(async ({ ctx, input: { search, status, date, timeZone, cursor, limit, ...scope } }) => {
    const where = await scopeOf(ctx.db, ctx.user, scope);
    return refusingUnknownTimeZone(timeZone, () => listAppointmentPage(ctx.db, where, { search, status, date, timeZone, now: new Date() }, { cursor, limit }));
  }),
  all: authedProcedure.query(({ ctx }) => listAllAppointments(ctx.db, viewerScope(ctx.user))),
  stats: authedProcedure.input(appointmentStatsSchema).query(async ({ ctx, input: { timeZone, ...scope } }) => {
    const where = await scopeOf(ctx.db, ctx.user, scope);
    return refusingUnknownTimeZone(timeZone, () => appointmentStats(ctx.db, where, timeZone, new Date()));
  }),
  get: authedProcedure
    .input(z.object({ id: appointmentIdSchema }).strict())
    .query(async ({ ctx, input }) => found(await findAppointment(ctx.db, viewerScope(ctx.user, true), input.id))),
  create: authedProcedure.input(createAppointmentSchema).mutation(({ ctx, input }) => createAppointment(ctx.db, ctx.user, input)),
  /** Staff of the appointment's shop edit and reschedule it (docs/appointments.md#rules). */
  update: authedProcedure.input(updateAppointmentSchema).mutation(({ ctx, input }) => changeAppointment(ctx.db, ctx.user, input)),
  /** Staff of the appointment's shop move it to any menu status. */
  setStatus: authedProcedure.input(setAppointmentStatusSchema).mutation(({ ctx, input }) => changeAppointment(ctx.db, ctx.user, input)),
  /** The customer cancels their own upcoming appointment. */
  cancel: authedProcedure
    .input(z.object({ id: appointmentIdSchema }).strict())
    .mutation(({ ctx, input }) => cancelAppointment(ctx.db, ctx.user, input.id)),
});
