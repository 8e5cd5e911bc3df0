import { z } from 'zod';
import {
  addCustomerVehicleSchema,
  createCustomerSchema,
  customerIdSchema,
  customerOptionsSchema,
  customerVehicleIdSchema,
  listCustomersSchema,
  updateCustomerSchema,
  updateCustomerVehicleSchema,
} from '../../../shared/customers.ts';
import { requireShopAccess } from '../../lib/shop-access.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { customerOptions } from './options.ts';
import { listCustomerPage } from './repository.ts';
import {
  addCustomerVehicle,
  createCustomer,
  getCustomerDetail,
  removeCustomerVehicle,
  updateCustomer,
  updateCustomerVehicle,
} from './service.ts';

/**
 * A shop's customers (docs/customers.md#who-may-do-what): its staff read them (admins too, for
 * support); managers and owners create and edit them and their vehicles. Anyone else gets 404.
 */
export const customersRouter = router({
  list: authedProcedure.input(listCustomersSchema).query(async ({ ctx, input }) => {
    await requireShopAccess(ctx.db, ctx.user, input.serviceCenterId, 'read');
    return listCustomerPage(ctx.db, input.serviceCenterId, { search: input.search, tag: input.tag }, { cursor: input.cursor, limit: input.limit });
  }),
  /** The pickers of the "New Inquiry" and booking forms: customers by name with their vehicles' labels (read access). */
  options: authedProcedure.input(customerOptionsSchema).query(async ({ ctx, input }) => {
    await requireShopAccess(ctx.db, ctx.user, input.serviceCenterId, 'read');
    return customerOptions(ctx.db, input.serviceCenterId, input.search, input.limit);
  }),
  get: authedProcedure
    .input(z.object({ id: customerIdSchema }).strict())
    .query(({ ctx, input }) => getCustomerDetail(ctx.db, ctx.user, input.id)),
  create: authedProcedure.input(createCustomerSchema).mutation(({ ctx, input }) => createCustomer(ctx.db, ctx.user, input)),
  update: authedProcedure.input(updateCustomerSchema).mutation(({ ctx, input: { id, ...patch } }) => updateCustomer(ctx.db, ctx.user, id, patch)),
  vehicles: router({
    add: authedProcedure.input(addCustomerVehicleSchema).mutation(({ ctx, input }) => addCustomerVehicle(ctx.db, ctx.user, input)),
    update: authedProcedure
      .input(updateCustomerVehicleSchema)
      .mutation(({ ctx, input: { id, ...patch } }) => updateCustomerVehicle(ctx.db, ctx.user, id, patch)),
    remove: authedProcedure
      .input(z.object({ id: customerVehicleIdSchema }).strict())
      .mutation(({ ctx, input }) => removeCustomerVehicle(ctx.db, ctx.user, input.id)),
  }),
});
