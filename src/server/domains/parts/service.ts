import type { User } from '../../../shared/auth.ts';
import type { CreatePartValues, Part, PartPatchValues } from '../../../shared/parts.ts';
import type { ShopAccess } from '../../../shared/shops.ts';
import type { MoveResult, MoveStockValues } from '../../../shared/stock.ts';
import type { CreateSupplierValues, Supplier, SupplierPatchValues } from '../../../shared/suppliers.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { auditable, recordAudit } from '../../lib/audit.ts';
import { requireRowAccess, requireShopAccess, type ShopActor } from '../../lib/shop-access.ts';
import { movementOf, recordMovement } from './ledger.ts';
import { allowsBackorders, findPartByNumber, findPartRow, insertPart, setAllowBackorders, toPart, updatePartRow, type PartRow } from './repository.ts';
import { findSupplierRow, insertSupplier, supplierNamed, toSupplier, updateSupplierRow, type SupplierRow } from './suppliers.ts';

/**
 * Who may do what with a shop's parts (docs/parts.md#who-may-do-what): its staff read them (admins
 * too, for support); any staff role adds and edits parts and moves stock; managers and owners keep
 * the suppliers and decide on backorders. Anyone else learns nothing (404).
 */

export const partNotFound = () => domainError('NOT_FOUND', 'Part not found');
const supplierNotFound = () => domainError('NOT_FOUND', 'Supplier not found');
const numberTaken = (partNumber: string) => domainError('CONFLICT', `The shop has a part numbered ${partNumber} already`);
const nameTaken = (name: string) => domainError('CONFLICT', `The shop has a supplier named ${name} already`);

export async function partFor(db: Executor, user: User, id: string, access: ShopAccess): Promise<{ row: PartRow; actor: ShopActor }> {
  const row = await findPartRow(db, id);
  if (!row) throw partNotFound();
  return { row, actor: await requireRowAccess(db, user, row.service_center_id, access, partNotFound) };
}

/** What the audit log keeps of a part: its catalogue fields (stock is in the ledger). */
export function partAudit(row: PartRow) {
  const { onHand: _onHand, status: _status, createdAt: _created, updatedAt: _updated, ...fields } = toPart(row);
  return auditable(fields);
}

function supplierAudit(row: SupplierRow) {
  const { createdAt: _created, updatedAt: _updated, ...fields } = toSupplier(row);
  return auditable(fields);
}

export async function createPart(db: Database, user: User, values: CreatePartValues): Promise<Part> {
  const actor = await requireShopAccess(db, user, values.serviceCenterId, 'work');
  return db.transaction().execute(async (trx) => {
    if (await findPartByNumber(trx, values.serviceCenterId, values.partNumber)) throw numberTaken(values.partNumber);
    const row = await insertPart(trx, values);
    await recordAudit(trx, { serviceCenterId: row.service_center_id, actorId: actor.userId, entity: 'part', entityId: row.id, action: 'create', after: partAudit(row) });
    return toPart(row);
  });
}

export async function updatePart(db: Database, user: User, id: string, patch: PartPatchValues): Promise<Part> {
  const { actor } = await partFor(db, user, id, 'work');
  return db.transaction().execute(async (trx) => {
    const before = await findPartRow(trx, id, true);
    if (!before) throw partNotFound();
    const yearFrom = patch.yearFrom === undefined ? before.year_from : patch.yearFrom;
    const yearTo = patch.yearTo === undefined ? before.year_to : patch.yearTo;
    if (yearFrom !== null && yearTo !== null && yearFrom > yearTo) throw domainError('BAD_REQUEST', 'Year to must not be before year from');
    if (patch.partNumber !== undefined && patch.partNumber !== before.part_number) {
      const other = await findPartByNumber(trx, before.service_center_id, patch.partNumber);
      if (other) throw numberTaken(patch.partNumber);
    }
    const after = await updatePartRow(trx, id, patch);
    await recordAudit(trx, { serviceCenterId: after.service_center_id, actorId: actor.userId, entity: 'part', entityId: id, action: 'update', before: partAudit(before), after: partAudit(after) });
    return toPart(after);
  });
}

/**
 * One stock movement (docs/parts.md#the-ledger). The part's row is locked first (`FOR UPDATE`), so
 * movements of one part happen one after another: each sees the stock the previous one left. Stock
 * may not go below zero unless the shop allows backorders (409); a movement that adds stock is
 * always taken. The movement and the new on-hand figure are written in the same transaction.
 */
export async function moveStock(db: Database, user: User, values: MoveStockValues): Promise<MoveResult> {
  const { row: found, actor } = await partFor(db, user, values.partId, 'work');
  if (values.supplierId) {
    const supplier = await findSupplierRow(db, values.supplierId);
    if (!supplier || supplier.service_center_id !== found.service_center_id) throw supplierNotFound();
  }
  const quantity = values.kind === 'used' ? -values.quantity : values.quantity;
  return db.transaction().execute(async (trx) => {
    const part = await findPartRow(trx, found.id, true);
    if (!part) throw partNotFound();
    if (quantity < 0 && part.on_hand + quantity < 0 && !(await allowsBackorders(trx, part.service_center_id))) {
      const left = Math.max(part.on_hand, 0);
      throw domainError('CONFLICT', `Not enough stock of ${part.part_number}: ${left} on hand, ${-quantity} asked. The shop does not allow backorders.`, { onHand: part.on_hand });
    }
    const { id, onHand } = await recordMovement(trx, { partId: part.id, kind: values.kind, quantity, reason: values.reason, supplierId: values.supplierId, createdBy: actor.userId });
    const after = await findPartRow(trx, part.id);
    if (!after) throw partNotFound();
    return { part: toPart(after), movement: await movementOf(trx, id, onHand) };
  });
}

/** Whether the shop's stock may go below zero; audited as a change of the center. */
export async function setBackorders(db: Database, user: User, serviceCenterId: string, allow: boolean): Promise<{ allowBackorders: boolean }> {
  const actor = await requireShopAccess(db, user, serviceCenterId, 'manage');
  return db.transaction().execute(async (trx) => {
    const before = await allowsBackorders(trx, serviceCenterId);
    if (before !== allow) {
      await setAllowBackorders(trx, serviceCenterId, allow);
      await recordAudit(trx, { serviceCenterId, actorId: actor.userId, entity: 'center', entityId: serviceCenterId, action: 'update', before: { allowBackorders: before }, after: { allowBackorders: allow } });
    }
    return { allowBackorders: allow };
  });
}

export async function createSupplier(db: Database, user: User, values: CreateSupplierValues): Promise<Supplier> {
  const actor = await requireShopAccess(db, user, values.serviceCenterId, 'manage');
  return db.transaction().execute(async (trx) => {
    if (await supplierNamed(trx, values.serviceCenterId, values.name)) throw nameTaken(values.name);
    const row = await insertSupplier(trx, values);
    await recordAudit(trx, { serviceCenterId: row.service_center_id, actorId: actor.userId, entity: 'supplier', entityId: row.id, action: 'create', after: supplierAudit(row) });
    return toSupplier(row);
  });
}

export async function updateSupplier(db: Database, user: User, id: string, patch: SupplierPatchValues): Promise<Supplier> {
  const found = await findSupplierRow(db, id);
  if (!found) throw supplierNotFound();
  const actor = await requireRowAccess(db, user, found.service_center_id, 'manage', supplierNotFound);
  return db.transaction().execute(async (trx) => {
    const before = await findSupplierRow(trx, id, true);
    if (!before) throw supplierNotFound();
    if (patch.name !== undefined && (await supplierNamed(trx, before.service_center_id, patch.name, id))) throw nameTaken(patch.name);
    const after = await updateSupplierRow(trx, id, patch);
    await recordAudit(trx, { serviceCenterId: after.service_center_id, actorId: actor.userId, entity: 'supplier', entityId: id, action: 'update', before: supplierAudit(before), after: supplierAudit(after) });
    return toSupplier(after);
  });
}
