import {
  addPurchaseOrderLineSchema,
  createPurchaseOrderSchema,
  listPurchaseOrdersSchema,
  purchaseOrderByIdSchema,
  purchaseOrderTransitionSchema,
  receivePurchaseOrderSchema,
  removePurchaseOrderLineSchema,
  updatePurchaseOrderLineSchema,
} from '../../../shared/purchase-orders.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { receiveStock } from './receive.ts';
import { createOrder, editLine, getOrder, listOrders, transitionOrder } from './service.ts';

/**
 * A shop's purchase orders (docs/parts.md#purchase-orders): its staff, any role, open them for one
 * of its suppliers, fill a draft's lines, mark it ordered or cancel it, and receive its stock into
 * the ledger; admins read them. Anyone else: 404.
 */
export const purchaseOrdersRouter = router({
  list: authedProcedure.input(listPurchaseOrdersSchema).query(({ ctx, input }) => listOrders(ctx.db, ctx.user, input)),
  get: authedProcedure.input(purchaseOrderByIdSchema).query(({ ctx, input }) => getOrder(ctx.db, ctx.user, input.id)),
  create: authedProcedure.input(createPurchaseOrderSchema).mutation(({ ctx, input }) => createOrder(ctx.db, ctx.user, input)),
  addLine: authedProcedure.input(addPurchaseOrderLineSchema).mutation(({ ctx, input }) => editLine(ctx.db, ctx.user, input.orderId, { line: input.line })),
  updateLine: authedProcedure.input(updatePurchaseOrderLineSchema).mutation(({ ctx, input }) => editLine(ctx.db, ctx.user, input.orderId, { lineId: input.lineId, line: input.line })),
  removeLine: authedProcedure.input(removePurchaseOrderLineSchema).mutation(({ ctx, input }) => editLine(ctx.db, ctx.user, input.orderId, { lineId: input.lineId })),
  /** `{ to: 'ordered' | 'cancelled' }`; partially received and received follow from `receive`. */
  transition: authedProcedure.input(purchaseOrderTransitionSchema).mutation(({ ctx, input }) => transitionOrder(ctx.db, ctx.user, input.id, input.to)),
  /** Stock that arrived, per line: received movements in the ledger, named after the order. */
  receive: authedProcedure.input(receivePurchaseOrderSchema).mutation(({ ctx, input }) => receiveStock(ctx.db, ctx.user, input)),
});
