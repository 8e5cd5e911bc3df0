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
import type { Executor } from '../../db/index.ts';
import { refusingUnknownTimeZone } from '../../lib/time-zone.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { deleteExpense, findExpense, insertExpense, listExpenses, updateExpense } from './repository.ts';
import { changeFuelEntry, createFuelEntry, expenseNotFound, fuelPage, reachableExpense, removeFuelEntry, requireVehicle, vehicleOverview } from './service.ts';

/** An expense as answered (without whose history it is: the vehicle says that). */
async function answerExpense(db: Executor, id: string) {
  const expense = await findExpense(db, id);
  if (!expense) throw expenseNotFound();
  const { ownerId: _owner, ...answer } = expense;
  return answer;
}

const fuelById = z.object({ id: fuelEntryIdSchema }).strict();
const expenseById = z.object({ id: expenseIdSchema }).strict();

/**
 * The fuel and charging log, expenses and costs of a garage vehicle: its owner's history, read by
 * the household members it is shared with and kept by its editors (lib/garage-access.ts). Anyone
 * else's vehicle or entry (staff of a shop included) answers 404.
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
      const vehicle = await requireVehicle(ctx.db, ctx.user.id, input.vehicleId, 'read');
      return listExpenses(ctx.db, vehicle.ownerId, input.vehicleId, input);
    }),
    create: authedProcedure.input(createExpenseSchema).mutation(async ({ ctx, input: { vehicleId, ...values } }) => {
      const vehicle = await requireVehicle(ctx.db, ctx.user.id, vehicleId, 'edit');
      const id = await insertExpense(ctx.db, vehicle.ownerId, vehicleId, values);
      return answerExpense(ctx.db, id);
    }),
    update: authedProcedure.input(updateExpenseSchema.extend({ id: expenseIdSchema })).mutation(async ({ ctx, input: { id, ...patch } }) => {
      const existing = await reachableExpense(ctx.db, ctx.user.id, id, 'edit');
      await updateExpense(ctx.db, existing.ownerId, id, patch);
      return answerExpense(ctx.db, id);
    }),
    remove: authedProcedure.input(expenseById).mutation(async ({ ctx, input }) => {
      const existing = await reachableExpense(ctx.db, ctx.user.id, input.id, 'edit');
      await deleteExpense(ctx.db, existing.ownerId, input.id);
    }),
  }),
});
