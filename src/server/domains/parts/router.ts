import { z } from 'zod';
import { createPartSchema, listPartsSchema, partIdSchema, updatePartSchema } from '../../../shared/parts.ts';
import { partImportSchema } from '../../../shared/parts-import.ts';
import { inventorySchema, movementsSchema, moveStockSchema, setBackordersSchema } from '../../../shared/stock.ts';
import { createSupplierSchema, listSuppliersSchema, updateSupplierSchema } from '../../../shared/suppliers.ts';
import { partsUsedSchema, vehiclePartsSchema } from '../../../shared/vehicle-parts.ts';
import { domainError } from '../../http/errors.ts';
import { garageVehicleAccess } from '../../lib/garage-access.ts';
import { requireShopAccess } from '../../lib/shop-access.ts';
import { findVehicleById } from '../../lib/vehicles.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { partsFittingVehicle } from './fitment.ts';
import { commitPartImport, previewPartImport } from './import.ts';
import { movementPage } from './ledger.ts';
import { allowsBackorders, inventorySummary, toPart } from './repository.ts';
import { listPartPage } from './search.ts';
import { createPart, createSupplier, moveStock, partFor, setBackorders, updatePart, updateSupplier } from './service.ts';
import { listSuppliers } from './suppliers.ts';
import { partsUsedOn } from './used.ts';

/**
 * A shop's parts catalogue, inventory and suppliers (docs/parts.md#who-may-do-what): staff read
 * (admins too); any staff role adds and edits parts and moves stock; managers and owners keep the
 * suppliers and the backorder setting. Anyone else: 404. The parts used on a car are its
 * household's to read (lib/garage-access.ts), whoever's shop fitted them.
 */
export const partsRouter = router({
  /** Search by number, name, brand (`search`) and by fitment (make, model, year). */
  list: authedProcedure.input(listPartsSchema).query(async ({ ctx, input }) => {
    await requireShopAccess(ctx.db, ctx.user, input.serviceCenterId, 'read');
    const { serviceCenterId, cursor, limit, direction: _direction, ...filters } = input;
    return listPartPage(ctx.db, serviceCenterId, filters, { cursor, limit });
  }),
  get: authedProcedure.input(z.object({ id: partIdSchema }).strict()).query(async ({ ctx, input }) => toPart((await partFor(ctx.db, ctx.user, input.id, 'read')).row)),
  create: authedProcedure.input(createPartSchema).mutation(({ ctx, input }) => createPart(ctx.db, ctx.user, input)),
  update: authedProcedure.input(updatePartSchema).mutation(({ ctx, input: { id, ...patch } }) => updatePart(ctx.db, ctx.user, id, patch)),
  /** A CSV catalogue checked row by row: new parts, updates by part number, errors; nothing written. */
  importPreview: authedProcedure.input(partImportSchema).mutation(({ ctx, input }) => previewPartImport(ctx.db, ctx.user, input)),
  /** The same file's valid rows written in one transaction; stock is never touched. */
  importCommit: authedProcedure.input(partImportSchema).mutation(({ ctx, input }) => commitPartImport(ctx.db, ctx.user, input)),
  /** Parts with their stock and status (filter by status), the shop's totals and its backorder setting. */
  inventory: authedProcedure.input(inventorySchema).query(async ({ ctx, input }) => {
    await requireShopAccess(ctx.db, ctx.user, input.serviceCenterId, 'read');
    const page = await listPartPage(ctx.db, input.serviceCenterId, { status: input.status, search: input.search }, { cursor: input.cursor, limit: input.limit });
    const [summary, allowBackorders] = await Promise.all([inventorySummary(ctx.db, input.serviceCenterId), allowsBackorders(ctx.db, input.serviceCenterId)]);
    return { ...page, summary, allowBackorders };
  }),
  /** Receive, use or adjust stock: one movement in the part's ledger. */
  move: authedProcedure.input(moveStockSchema).mutation(({ ctx, input }) => moveStock(ctx.db, ctx.user, input)),
  /** A part's movements, newest first, with the stock after each. */
  movements: authedProcedure.input(movementsSchema).query(async ({ ctx, input }) => {
    const { row } = await partFor(ctx.db, ctx.user, input.partId, 'read');
    return movementPage(ctx.db, row.id, { cursor: input.cursor, limit: input.limit });
  }),
  /** The vehicle page's Parts List for staff: the shop's parts that fit a stored vehicle. */
  forVehicle: authedProcedure.input(vehiclePartsSchema).query(async ({ ctx, input }) => {
    await requireShopAccess(ctx.db, ctx.user, input.serviceCenterId, 'read');
    const vehicle = await findVehicleById(ctx.db, input.vehicleId);
    if (!vehicle) throw domainError('NOT_FOUND', 'Vehicle not found');
    return partsFittingVehicle(ctx.db, input.serviceCenterId, vehicle, { search: input.search, category: input.category });
  }),
  /** The vehicle page's Parts List for its household: the parts shops fitted on finished repair orders. */
  usedOnVehicle: authedProcedure.input(partsUsedSchema).query(async ({ ctx, input }) => {
    const access = await garageVehicleAccess(ctx.db, ctx.user.id, { vehicleId: input.vehicleId }, 'read');
    return partsUsedOn(ctx.db, access.ownerId, access.vehicleId);
  }),
  setBackorders: authedProcedure.input(setBackordersSchema).mutation(({ ctx, input }) => setBackorders(ctx.db, ctx.user, input.serviceCenterId, input.allowBackorders)),
  suppliers: router({
    list: authedProcedure.input(listSuppliersSchema).query(async ({ ctx, input }) => {
      await requireShopAccess(ctx.db, ctx.user, input.serviceCenterId, 'read');
      return listSuppliers(ctx.db, input.serviceCenterId, input.status, input.limit);
    }),
    create: authedProcedure.input(createSupplierSchema).mutation(({ ctx, input }) => createSupplier(ctx.db, ctx.user, input)),
    update: authedProcedure.input(updateSupplierSchema).mutation(({ ctx, input: { id, ...patch } }) => updateSupplier(ctx.db, ctx.user, id, patch)),
  }),
});
