import { z } from 'zod';
import { timeZoneSchema } from '../../../shared/dates.ts';
import { createReminderSchema, listRemindersSchema, markReminderDoneSchema, reminderIdSchema, updateReminderSchema } from '../../../shared/reminders.ts';
import { addToGarageSchema, dueListSchema, garageIdSchema, updateGarageVehicleSchema } from '../../../shared/garage.ts';
import { dueList } from '../../lib/due-list.ts';
import { refusingUnknownTimeZone } from '../../lib/time-zone.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { deleteGarageVehicle, findGarageVehicle, listGarage } from './repository.ts';
import { addToGarage, garageNotFound, updateGarage } from './service.ts';
import { createReminder, listReminders, markReminderDone, removeReminder, updateReminder } from './reminders.ts';

const byId = z.object({ id: garageIdSchema }).strict();

/** My garage: every path acts on the signed-in user's own saved vehicles. */
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
    if (!(await deleteGarageVehicle(ctx.db, ctx.user.id, input.id))) throw garageNotFound();
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
});
