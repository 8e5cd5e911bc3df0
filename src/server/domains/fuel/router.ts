import { z } from 'zod';
import { timeZoneSchema } from '../../../shared/dates.ts';
import {
  createExpenseSchema,
  createFuelEntrySchema,
  expenseIdSchema,
  fuelEntryIdSchema,
  fuelListSchema,
  updateExpenseSchema,
  updateFuelEntrySchema,
} from '../../../shared/fuel.ts';
import { uuid } from '../../../shared/garage.ts';
import { refusingUnknownTimeZone } from '../../lib/time-zone.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { deleteExpense, findExpense, insertExpense, listExpenses, updateExpense } from './repository.ts';
import { changeFuelEntry, createFuelEntry, expenseNotFound, fuelPage, removeFuelEntry, requireOwnVehicle, vehicleOverview } from './service.ts';

const fuelById = z.object({ id: fuelEntryIdSchema }).strict();
const expenseById = z.object({ id: expenseIdSchema }).strict();

/**
 * The fuel and charging log, expenses and costs of the owner's own garage vehicles. Owner-only:
 * another user's vehicle or entry (staff of a shop included) answers 404.
 */
export const fuelRouter = router({
  list: authedProcedure.input(fuelListSchema).query(({ ctx, input }) => fuelPage(ctx.db, ctx.user.id, input)),
  create: authedProcedure
    .input(createFuelEntrySchema)
    .mutation(({ ctx, input }) => refusingUnknownTimeZone(input.timeZone, () => createFuelEntry(ctx.db, ctx.user.id, input))),
  update: authedProcedure
    .input(updateFuelEntrySchema.safeExtend({ id: fuelEntryIdSchema }))
    .mutation(({ ctx, input: { id, timeZone, ...patch } }) => refusingUnknownTimeZone(timeZone, () => changeFuelEntry(ctx.db, ctx.user.id, id, patch))),
  remove: authedProcedure.input(fuelById).mutation(({ ctx, input }) => removeFuelEntry(ctx.db, ctx.user.id, input.id)),
  /** Costs by month and category, economy over time and the odometer history, for the charts. */
  overview: authedProcedure
    .input(z.object({ vehicleId: uuid('vehicle'), timeZone: timeZoneSchema.default('UTC') }).strict())
    .query(({ ctx, input }) => refusingUnknownTimeZone(input.timeZone, () => vehicleOverview(ctx.db, ctx.user.id, input.vehicleId, input.timeZone))),
  expenses: router({
    list: authedProcedure.input(fuelListSchema).query(async ({ ctx, input }) => {
      await requireOwnVehicle(ctx.db, ctx.user.id, input.vehicleId);
      return listExpenses(ctx.db, ctx.user.id, input.vehicleId, input);
    }),
    create: authedProcedure.input(createExpenseSchema).mutation(async ({ ctx, input: { vehicleId, ...values } }) => {
      await requireOwnVehicle(ctx.db, ctx.user.id, vehicleId);
      const id = await insertExpense(ctx.db, ctx.user.id, vehicleId, values);
      const expense = await findExpense(ctx.db, ctx.user.id, id);
      if (!expense) throw expenseNotFound();
      return expense;
    }),
    update: authedProcedure.input(updateExpenseSchema.extend({ id: expenseIdSchema })).mutation(async ({ ctx, input: { id, ...patch } }) => {
      if (!(await findExpense(ctx.db, ctx.user.id, id))) throw expenseNotFound();
      await updateExpense(ctx.db, ctx.user.id, id, patch);
      const expense = await findExpense(ctx.db, ctx.user.id, id);
      if (!expense) throw expenseNotFound();
      return expense;
    }),
    remove: authedProcedure.input(expenseById).mutation(async ({ ctx, input }) => {
      if (!(await findExpense(ctx.db, ctx.user.id, input.id))) throw expenseNotFound();
      await deleteExpense(ctx.db, ctx.user.id, input.id);
    }),
  }),
});
