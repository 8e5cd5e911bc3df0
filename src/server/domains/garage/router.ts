import { z } from 'zod';
import { timeZoneSchema } from '../../../shared/dates.ts';
import { createReminderSchema, listRemindersSchema, markReminderDoneSchema, reminderIdSchema, updateReminderSchema } from '../../../shared/reminders.ts';
import {
  addToGarageSchema,
  createShareSchema,
  dueListSchema,
  garageIdSchema,
  garageVehicleRefSchema,
  shareMemberSchema,
  updateGarageVehicleSchema,
  updateShareSchema,
} from '../../../shared/garage.ts';
import { garageVehicleAccess } from '../../lib/garage-access.ts';
import { dueList } from '../../lib/due-list.ts';
import { refusingUnknownTimeZone } from '../../lib/time-zone.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { deleteGarageVehicle, findGarageVehicle, listGarage } from './repository.ts';
import { addToGarage, garageNotFound, updateGarage } from './service.ts';
import { createReminder, listReminders, markReminderDone, removeReminder, updateReminder } from './reminders.ts';
import { addShare, changeShare, leaveShare, listShares, revokeShare } from './shares.ts';

const byId = z.object({ id: garageIdSchema }).strict();

/**
 * My garage: the signed-in user's own saved vehicles and those shared with them; what each may do
 * is decided by lib/garage-access.ts (owner, editor, viewer).
 */
export const garageRouter = router({
  list: authedProcedure.query(({ ctx }) => listGarage(ctx.db, ctx.user.id)),
  get: authedProcedure.input(byId).query(async ({ ctx, input }) => {
    const entry = await findGarageVehicle(ctx.db, ctx.user.id, input.id);
    if (!entry) throw garageNotFound();
    return entry;
  }),
  add: authedProcedure.input(addToGarageSchema).mutation(({ ctx, input }) => addToGarage(ctx.db, ctx.user.id, input)),
  update: authedProcedure
    .input(updateGarageVehicleSchema.extend({ id: garageIdSchema }))
    .mutation(({ ctx, input: { id, ...patch } }) => updateGarage(ctx.db, ctx.user.id, id, patch)),
  remove: authedProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await garageVehicleAccess(ctx.db, ctx.user.id, { id: input.id }, 'own');
    if (!(await deleteGarageVehicle(ctx.db, input.id))) throw garageNotFound();
  }),
  due: authedProcedure
    .input(dueListSchema)
    .query(({ ctx, input }) => refusingUnknownTimeZone(input.timeZone, () => dueList(ctx.db, ctx.user.id, input.timeZone, input.vehicleId))),
  /** The owner's own reminders, beside the computed items (owner-only, as fuel is). */
  reminders: router({
    list: authedProcedure.input(listRemindersSchema).query(({ ctx, input }) => refusingUnknownTimeZone(input.timeZone, () => listReminders(ctx.db, ctx.user.id, input))),
    create: authedProcedure.input(createReminderSchema).mutation(({ ctx, input: { vehicleId, ...values } }) => createReminder(ctx.db, ctx.user.id, vehicleId, values)),
    update: authedProcedure
      .input(updateReminderSchema.extend({ id: reminderIdSchema, timeZone: timeZoneSchema.default('UTC') }))
      .mutation(({ ctx, input: { id, timeZone, ...patch } }) => refusingUnknownTimeZone(timeZone, () => updateReminder(ctx.db, ctx.user.id, id, patch, timeZone))),
    remove: authedProcedure.input(z.object({ id: reminderIdSchema }).strict()).mutation(({ ctx, input }) => removeReminder(ctx.db, ctx.user.id, input.id)),
    done: authedProcedure.input(markReminderDoneSchema).mutation(({ ctx, input }) => refusingUnknownTimeZone(input.timeZone, () => markReminderDone(ctx.db, ctx.user.id, input))),
  }),
  /** A household: the owner shares a vehicle; members leave. */
  shares: router({
    list: authedProcedure.input(garageVehicleRefSchema).query(({ ctx, input }) => listShares(ctx.db, ctx.user.id, input.garageVehicleId)),
    add: authedProcedure.input(createShareSchema).mutation(({ ctx, input }) => addShare(ctx.db, ctx.user, input)),
    update: authedProcedure.input(updateShareSchema).mutation(({ ctx, input }) => changeShare(ctx.db, ctx.user.id, input)),
    remove: authedProcedure.input(shareMemberSchema).mutation(({ ctx, input }) => revokeShare(ctx.db, ctx.user.id, input)),
    leave: authedProcedure.input(garageVehicleRefSchema).mutation(({ ctx, input }) => leaveShare(ctx.db, ctx.user.id, input.garageVehicleId)),
  }),
});
