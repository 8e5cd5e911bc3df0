import { z } from 'zod';
import { createServiceRecordSchema, listServiceRecordsSchema, serviceRecordIdSchema, updateServiceRecordSchema } from '../../../shared/service-records.ts';
import { timeZoneSchema } from '../../../shared/dates.ts';
import { serviceRecordsInputSchema } from '../../../shared/vehicles.ts';
import { domainError } from '../../http/errors.ts';
import { refusingUnknownTimeZone } from '../../lib/time-zone.ts';
import { findVehicleById } from '../../lib/vehicles.ts';
import { viewerOf } from '../../lib/viewer.ts';
import { authedProcedure, router, techProcedure } from '../../trpc.ts';
import { deleteRecord, findRecord, listCustomerVehicles, listRecords } from './repository.ts';
import { changeRecord, componentHistory, createRecord, recordNotFound, recordsCsv } from './service.ts';

const recordById = z.object({ id: serviceRecordIdSchema }).strict();

/** Service records, answered as `garage.records.*` (the app router nests them there). */
export const serviceRecordsRouter = router({
  list: authedProcedure.input(listServiceRecordsSchema).query(async ({ ctx, input }) => {
    if (input.vehicleId && !(await findVehicleById(ctx.db, input.vehicleId))) throw domainError('NOT_FOUND', 'Vehicle not found');
    const { limit, offset, ...filters } = input;
    return refusingUnknownTimeZone(filters.timeZone, () => listRecords(ctx.db, viewerOf(ctx.user), filters, { limit, offset }));
  }),
  get: authedProcedure.input(recordById).query(async ({ ctx, input }) => {
    const record = await findRecord(ctx.db, viewerOf(ctx.user), input.id);
    if (!record) throw recordNotFound();
    return record;
  }),
  create: authedProcedure
    .input(createServiceRecordSchema)
    .mutation(({ ctx, input }) => refusingUnknownTimeZone(input.timeZone, () => createRecord(ctx.db, ctx.user, input))),
  update: authedProcedure
    .input(updateServiceRecordSchema.extend({ id: serviceRecordIdSchema }))
    .mutation(({ ctx, input: { id, ...patch } }) => changeRecord(ctx.db, ctx.user, id, patch)),
  remove: authedProcedure.input(recordById).mutation(async ({ ctx, input }) => {
    if (!(await findRecord(ctx.db, viewerOf(ctx.user), input.id))) throw recordNotFound();
    await deleteRecord(ctx.db, input.id);
  }),
  /** A vehicle's history as a spreadsheet, newest first. */
  csv: authedProcedure
    .input(z.object({ vehicleId: z.uuid({ error: 'Invalid vehicle id' }), customerId: z.uuid({ error: 'Invalid customer id' }).optional(), timeZone: timeZoneSchema.default('UTC') }).strict())
    .query(({ ctx, input }) => refusingUnknownTimeZone(input.timeZone, () => recordsCsv(ctx.db, viewerOf(ctx.user), input))),
  /** Customers' vehicles a technician may keep records for (through inquiries and appointments). */
  customerVehicles: techProcedure
    .input(z.object({ customerId: z.uuid({ error: 'Invalid customer id' }).optional() }).strict())
    .query(({ ctx, input }) => listCustomerVehicles(ctx.db, input.customerId)),
});

/** A component's history, answered as `vehicles.serviceRecords` (the app router merges it there). */
export const componentHistoryRouter = router({
  serviceRecords: authedProcedure
    .input(serviceRecordsInputSchema)
    .query(({ ctx, input }) => componentHistory(ctx.db, viewerOf(ctx.user), input.vehicleId, input.componentId)),
});
