import { z } from 'zod';
import {
  addToGarageSchema,
  createServiceRecordSchema,
  dueListSchema,
  garageIdSchema,
  listServiceRecordsSchema,
  serviceRecordIdSchema,
  updateGarageVehicleSchema,
  updateServiceRecordSchema,
} from '../../../shared/garage.ts';
import { timeZoneSchema } from '../../../shared/appointments.ts';
import { textCell, toCsv, type CsvCell } from '../../http/csv.ts';
import { domainError } from '../../http/errors.ts';
import { authedProcedure, router, techProcedure } from '../../trpc.ts';
import { inTimeZone } from '../appointments/service.ts';
import { findVehicleById } from '../vehicles/repository.ts';
import {
  deleteGarageVehicle,
  deleteRecord,
  findGarageVehicle,
  findRecord,
  insertGarageVehicle,
  listCustomerVehicles,
  listGarage,
  listRecords,
  updateGarageVehicle,
} from './repository.ts';
import { changeRecord, createRecord, dueList, recordNotFound, recordViewer } from './service.ts';

const garageNotFound = () => domainError('NOT_FOUND', 'Vehicle not found in your garage');
const byId = z.object({ id: garageIdSchema }).strict();
const recordById = z.object({ id: serviceRecordIdSchema }).strict();
/** A whole history fits in one file; far beyond any real vehicle's. */
const CSV_MAX_ROWS = 10_000;

const recordsRouter = router({
  list: authedProcedure.input(listServiceRecordsSchema).query(async ({ ctx, input }) => {
    if (input.vehicleId && !(await findVehicleById(ctx.db, input.vehicleId))) throw domainError('NOT_FOUND', 'Vehicle not found');
    const { limit, offset, ...filters } = input;
    return inTimeZone(filters.timeZone, () => listRecords(ctx.db, recordViewer(ctx.user), filters, { limit, offset }));
  }),
  get: authedProcedure.input(recordById).query(async ({ ctx, input }) => {
    const record = await findRecord(ctx.db, recordViewer(ctx.user), input.id);
    if (!record) throw recordNotFound();
    return record;
  }),
  create: authedProcedure
    .input(createServiceRecordSchema)
    .mutation(({ ctx, input }) => inTimeZone(input.timeZone, () => createRecord(ctx.db, ctx.user, input))),
  update: authedProcedure
    .input(updateServiceRecordSchema.extend({ id: serviceRecordIdSchema }))
    .mutation(({ ctx, input: { id, ...patch } }) => changeRecord(ctx.db, ctx.user, id, patch)),
  remove: authedProcedure.input(recordById).mutation(async ({ ctx, input }) => {
    if (!(await findRecord(ctx.db, recordViewer(ctx.user), input.id))) throw recordNotFound();
    await deleteRecord(ctx.db, input.id);
  }),
  /** A vehicle's history as a spreadsheet, newest first. */
  csv: authedProcedure
    .input(z.object({ vehicleId: z.uuid({ error: 'Invalid vehicle id' }), customerId: z.uuid({ error: 'Invalid customer id' }).optional(), timeZone: timeZoneSchema.default('UTC') }).strict())
    .query(async ({ ctx, input }) => {
      const vehicle = await findVehicleById(ctx.db, input.vehicleId);
      if (!vehicle) throw domainError('NOT_FOUND', 'Vehicle not found');
      const { items } = await inTimeZone(input.timeZone, () =>
        listRecords(ctx.db, recordViewer(ctx.user), { vehicleId: input.vehicleId, customerId: input.customerId, timeZone: input.timeZone }, { limit: CSV_MAX_ROWS, offset: 0 }),
      );
      // The calendar day typed, stored at noon UTC (see storedDate in repository.ts).
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
      const rows: CsvCell[][] = [['date', 'service_type', 'component', 'status', 'mileage', 'cost', 'description', 'notes', 'technician']];
      for (const record of items) {
        rows.push([
          day.format(record.date),
          textCell(record.serviceType),
          record.componentName,
          record.status,
          record.mileageValue,
          record.cost,
          record.description === null ? null : textCell(record.description),
          record.notes === null ? null : textCell(record.notes),
          record.technicianName === null ? null : textCell(record.technicianName),
        ]);
      }
      const slug = `${vehicle.year}-${vehicle.make}-${vehicle.model}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      return { fileName: `service-history-${slug}.csv`, csv: toCsv(rows) };
    }),
  /** Customers' vehicles a technician may keep records for (through inquiries and appointments). */
  customerVehicles: techProcedure
    .input(z.object({ customerId: z.uuid({ error: 'Invalid customer id' }).optional() }).strict())
    .query(({ ctx, input }) => listCustomerVehicles(ctx.db, input.customerId)),
});

/** My garage: every path acts on the signed-in user's own saved vehicles. */
export const garageRouter = router({
  list: authedProcedure.query(({ ctx }) => listGarage(ctx.db, ctx.user.id)),
  get: authedProcedure.input(byId).query(async ({ ctx, input }) => {
    const entry = await findGarageVehicle(ctx.db, ctx.user.id, input.id);
    if (!entry) throw garageNotFound();
    return entry;
  }),
  add: authedProcedure.input(addToGarageSchema).mutation(async ({ ctx, input }) => {
    if (!(await findVehicleById(ctx.db, input.vehicleId))) throw domainError('NOT_FOUND', 'Vehicle not found');
    const entry = await insertGarageVehicle(ctx.db, ctx.user.id, input);
    if (!entry) throw domainError('CONFLICT', 'This vehicle is already in your garage');
    return entry;
  }),
  update: authedProcedure.input(updateGarageVehicleSchema.extend({ id: garageIdSchema })).mutation(async ({ ctx, input: { id, ...patch } }) => {
    const entry = await updateGarageVehicle(ctx.db, ctx.user.id, id, patch);
    if (!entry) throw garageNotFound();
    return entry;
  }),
  remove: authedProcedure.input(byId).mutation(async ({ ctx, input }) => {
    if (!(await deleteGarageVehicle(ctx.db, ctx.user.id, input.id))) throw garageNotFound();
  }),
  due: authedProcedure
    .input(dueListSchema)
    .query(({ ctx, input }) => inTimeZone(input.timeZone, () => dueList(ctx.db, ctx.user.id, input.timeZone, input.vehicleId))),
  records: recordsRouter,
});
