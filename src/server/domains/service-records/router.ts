import { z } from 'zod';
import { createServiceRecordSchema, listServiceRecordsSchema, serviceRecordIdSchema, updateServiceRecordSchema } from '../../../shared/service-records.ts';
import { timeZoneSchema } from '../../../shared/dates.ts';
import { serviceRecordsInputSchema } from '../../../shared/vehicles.ts';
import { domainError } from '../../http/errors.ts';
import { requireShopAccess } from '../../lib/shop-access.ts';
import { refusingUnknownTimeZone } from '../../lib/time-zone.ts';
import { findVehicleById } from '../../lib/vehicles.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { findRecord, listRecords } from './repository.ts';
import { listCustomerVehicles } from './reach.ts';
import { changeRecord, componentHistory, createRecord, historyFilters, recordNotFound, recordsCsv, removeRecord } from './service.ts';

const recordById = z.object({ id: serviceRecordIdSchema }).strict();
const uuid = (label: string) => z.uuid({ error: `Invalid ${label} id` });

/** Service records, answered as `garage.records.*` (the app router nests them there). */
export const serviceRecordsRouter = router({
  list: authedProcedure.input(listServiceRecordsSchema).query(async ({ ctx, input }) => {
    if (input.vehicleId && !(await findVehicleById(ctx.db, input.vehicleId))) throw domainError('NOT_FOUND', 'Vehicle not found');
    const { limit, offset, ...filters } = input;
    return refusingUnknownTimeZone(filters.timeZone, async () =>
      listRecords(ctx.db, ctx.user.id, await historyFilters(ctx.db, ctx.user.id, filters), { limit, offset }),
    );
  }),
  get: authedProcedure.input(recordById).query(async ({ ctx, input }) => {
    const record = await findRecord(ctx.db, ctx.user.id, input.id);
    if (!record) throw recordNotFound();
    return record;
  }),
  create: authedProcedure
    .input(createServiceRecordSchema)
    .mutation(({ ctx, input }) => refusingUnknownTimeZone(input.timeZone, () => createRecord(ctx.db, ctx.user, input))),
  update: authedProcedure
    .input(updateServiceRecordSchema.extend({ id: serviceRecordIdSchema }))
    .mutation(({ ctx, input: { id, ...patch } }) => changeRecord(ctx.db, ctx.user, id, patch)),
  remove: authedProcedure.input(recordById).mutation(({ ctx, input }) => removeRecord(ctx.db, ctx.user, input.id)),
  /** A vehicle's history as a spreadsheet, newest first. */
  csv: authedProcedure
    .input(z.object({ vehicleId: uuid('vehicle'), customerVehicleId: uuid('customer vehicle').optional(), timeZone: timeZoneSchema.default('UTC') }).strict())
    .query(({ ctx, input }) => refusingUnknownTimeZone(input.timeZone, () => recordsCsv(ctx.db, ctx.user.id, input))),
  /** The vehicles of the shop's customers, which its staff keep records for (404 for non-staff). */
  customerVehicles: authedProcedure
    .input(
      z
        .object({
          serviceCenterId: uuid('service center'),
          customerId: uuid('customer').optional(),
          search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
        })
        .strict(),
    )
    .query(async ({ ctx, input }) => {
      await requireShopAccess(ctx.db, ctx.user, input.serviceCenterId, 'work');
      return listCustomerVehicles(ctx.db, input.serviceCenterId, { customerId: input.customerId, search: input.search || undefined });
    }),
});

/** A component's history, answered as `vehicles.serviceRecords` (the app router merges it there). */
export const componentHistoryRouter = router({
  serviceRecords: authedProcedure
    .input(serviceRecordsInputSchema)
    .query(({ ctx, input }) => componentHistory(ctx.db, ctx.user.id, input.vehicleId, input.componentId)),
});
