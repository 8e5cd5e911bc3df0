import { z } from 'zod';
import {
  addLineSchema,
  clockSchema,
  createRepairOrderSchema,
  decideLinesSchema,
  listRepairOrdersSchema,
  myRepairOrdersSchema,
  paymentSchema,
  removeLineSchema,
  repairOrderIdSchema,
  repairOrderPatchSchema,
  shopRatesSchema,
  transitionSchema,
  updateLineSchema,
} from '../../../shared/repair-orders.ts';
import { shopIdSchema } from '../../../shared/shops.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { shopRates, setShopRates } from './rates.ts';
import { createOrder, editLine, getOrder, listOrders, myOrders, updateOrder } from './service.ts';
import { addPayment, clock, decideLines, transitionOrder } from './workflow.ts';

const byId = z.object({ id: repairOrderIdSchema }).strict();

/**
 * Repair orders (docs/repair-orders.md#who-may-do-what): the shop's staff create, price and work
 * them (admins read); the customer reads an order once it is sent and decides on its lines; the
 * shop's managers set its tax and labour rates. Anyone else: 404.
 */
export const repairOrdersRouter = router({
  list: authedProcedure.input(listRepairOrdersSchema).query(({ ctx, input }) => listOrders(ctx.db, ctx.user, input)),
  /** The orders sent to the caller as a customer. */
  mine: authedProcedure.input(myRepairOrdersSchema).query(({ ctx, input }) => myOrders(ctx.db, ctx.user, input)),
  get: authedProcedure.input(byId).query(({ ctx, input }) => getOrder(ctx.db, ctx.user, input.id)),
  create: authedProcedure.input(createRepairOrderSchema).mutation(({ ctx, input }) => createOrder(ctx.db, ctx.user, input)),
  update: authedProcedure.input(byId.extend(repairOrderPatchSchema.shape).strict()).mutation(({ ctx, input: { id, ...patch } }) => updateOrder(ctx.db, ctx.user, id, patch)),
  addLine: authedProcedure.input(addLineSchema).mutation(({ ctx, input }) => editLine(ctx.db, ctx.user, input.orderId, { line: input.line })),
  updateLine: authedProcedure.input(updateLineSchema).mutation(({ ctx, input }) => editLine(ctx.db, ctx.user, input.orderId, { lineId: input.lineId, line: input.line })),
  removeLine: authedProcedure.input(removeLineSchema).mutation(({ ctx, input }) => editLine(ctx.db, ctx.user, input.orderId, { lineId: input.lineId })),
  transition: authedProcedure.input(transitionSchema).mutation(({ ctx, input }) => transitionOrder(ctx.db, ctx.user, input.id, input.to)),
  /** The customer's approvals and refusals of a sent estimate's lines. */
  decide: authedProcedure.input(decideLinesSchema).mutation(({ ctx, input }) => decideLines(ctx.db, ctx.user, input.orderId, input.decisions)),
  clockIn: authedProcedure.input(clockSchema).mutation(({ ctx, input }) => clock(ctx.db, ctx.user, input.orderId, input.lineId, 'in')),
  clockOut: authedProcedure.input(clockSchema).mutation(({ ctx, input }) => clock(ctx.db, ctx.user, input.orderId, input.lineId, 'out')),
  addPayment: authedProcedure.input(paymentSchema).mutation(({ ctx, input }) => addPayment(ctx.db, ctx.user, input)),
  rates: authedProcedure.input(z.object({ serviceCenterId: shopIdSchema }).strict()).query(({ ctx, input }) => shopRates(ctx.db, ctx.user, input.serviceCenterId)),
  setRates: authedProcedure.input(shopRatesSchema).mutation(({ ctx, input: { serviceCenterId, ...rates } }) => setShopRates(ctx.db, ctx.user, serviceCenterId, rates)),
});
