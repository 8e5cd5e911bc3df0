import type { User } from '../../../shared/auth.ts';
import {
  checksOf,
  CONDITION_LABELS,
  INSPECTION_LIMITS,
  type CreateInspectionInput,
  type Decision,
  type Inspection,
  type UpdateInspectionValues,
} from '../../../shared/inspections.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { recordAudit } from '../../lib/audit.ts';
import { findGarageAccess, historyRowAccess, roleAllows } from '../../lib/garage-access.ts';
import { requireShopAccess, staffRole } from '../../lib/shop-access.ts';
import { insertShopRequest } from '../../lib/shop-requests.ts';
import { componentBelongsTo, findVehicleById } from '../../lib/vehicles.ts';
import {
  countChecked,
  countItems,
  deleteItems,
  findItem,
  findVisibleHeader,
  insertInspection,
  insertItems,
  itemIdsOf,
  loadItems,
  lockInspection,
  recordDecision,
  toSummary,
  updateInspectionRow,
  updateItem,
  type HeaderRow,
  type ItemColumns,
  type NewItem,
} from './repository.ts';
import { countItemPhotos, deletePhoto, insertPhoto, isOwnFile } from './photos.ts';
import { shopCustomerVehicle, vehicleOwnerFor } from '../../lib/vehicle-owner.ts';
import { vehicleComponents } from './parties.ts';

export const inspectionNotFound = () => domainError('NOT_FOUND', 'Inspection not found');
const itemNotFound = () => domainError('NOT_FOUND', 'Inspection item not found');
const readOnly = () => domainError('CONFLICT', 'This inspection is completed and signed: it can no longer change');

/**
 * How the caller stands to an inspection they can see: staff of its shop; its owner, or an editor of
 * the vehicle the owner shared (who keeps its history as the owner does); else a reader.
 */
async function standing(db: Executor, user: User, row: HeaderRow): Promise<'staff' | 'owner' | 'none'> {
  if (row.service_center_id && (await staffRole(db, user.id, row.service_center_id))) return 'staff';
  if (row.user_id === user.id) return 'owner';
  if (row.user_id === null || row.service_center_id) return 'none';
  const access = await findGarageAccess(db, user.id, { ownerId: row.user_id, vehicleId: row.vehicle_id });
  return access && roleAllows(access.role, 'edit') ? 'owner' : 'none';
}

async function present(db: Executor, user: User, row: HeaderRow): Promise<Inspection> {
  const who = await standing(db, user, row);
  const shop = row.service_center_id !== null;
  return {
    ...toSummary(row),
    notes: row.notes,
    customerVehicleId: row.customer_vehicle_id,
    sharedAt: row.shared_at,
    items: await loadItems(db, row.id),
    canEdit: row.status === 'draft' && (shop ? who === 'staff' : who === 'owner'),
    canShare: row.status !== 'draft' && (shop ? who === 'staff' : who === 'owner'),
    canDecide: shop && row.status === 'shared' && row.user_id === user.id,
    hasLink: row.link_hash !== null,
  };
}

async function visibleHeader(db: Executor, user: User, id: string): Promise<HeaderRow> {
  const row = await findVisibleHeader(db, user.id, id);
  if (!row) throw inspectionNotFound();
  return row;
}

export async function getInspection(db: Executor, user: User, id: string): Promise<Inspection> {
  return present(db, user, await visibleHeader(db, user, id));
}

/**
 * The inspection the caller may change, locked: a shop's needs its staff ('work'), a self-check
 * its owner; anyone else who can see it gets 403. Completed ones are read-only (409).
 */
export async function editable(db: Executor, user: User, id: string, options: { draftOnly: boolean }): Promise<HeaderRow> {
  // Only someone who may see the inspection waits on its lock; the row is read again once it is held.
  await visibleHeader(db, user, id);
  await lockInspection(db, id);
  const row = await visibleHeader(db, user, id);
  if (row.service_center_id) {
    // The customer sees a shared inspection but never changes the shop's findings.
    if (!(await staffRole(db, user.id, row.service_center_id))) throw domainError('FORBIDDEN', 'Only the shop\u2019s staff change its inspection');
    await requireShopAccess(db, user, row.service_center_id, 'work');
  }
  // A self-check is kept by the owner and by editors of the vehicle the owner shared (viewers: 403).
  else if (row.user_id !== user.id) await historyRowAccess(db, user.id, { ownerId: row.user_id ?? '', vehicleId: row.vehicle_id }, 'edit', inspectionNotFound);
  if (options.draftOnly && row.status !== 'draft') throw readOnly();
  return row;
}

/** Every component's checks, in the diagram's order. */
async function defaultItems(db: Executor, vehicleId: string): Promise<NewItem[]> {
  const components = await vehicleComponents(db, vehicleId);
  return components.flatMap((component) => checksOf(component.name).map((check) => ({ componentId: component.id, name: check.name, unit: check.unit })));
}

/**
 * A new draft (docs/inspections.md#starting-one). Staff name their shop and the customer's vehicle;
 * the inspection joins the linked account's garage once shared. Without them it is the caller's
 * self-check of a vehicle in their garage (owners and editors of a shared vehicle).
 */
export async function createInspection(db: Database, user: User, input: CreateInspectionInput & { mileage?: number | null }): Promise<Inspection> {
  return db.transaction().execute(async (trx) => {
    if (!(await findVehicleById(trx, input.vehicleId))) throw domainError('NOT_FOUND', 'Vehicle not found');
    const owner = await vehicleOwnerFor(trx, user, input);
    const id = await insertInspection(trx, { vehicleId: input.vehicleId, userId: owner.userId, serviceCenterId: owner.serviceCenterId, customerVehicleId: owner.customerVehicleId, createdBy: user.id, mileage: input.mileage ?? owner.odometer });
    await insertItems(trx, id, await defaultItems(trx, input.vehicleId));
    if (owner.serviceCenterId) {
      await recordAudit(trx, { serviceCenterId: owner.serviceCenterId, actorId: user.id, entity: 'inspection', entityId: id, action: 'create', after: { vehicleId: input.vehicleId, customerVehicleId: owner.customerVehicleId } });
    }
    return getInspection(trx, user, id);
  });
}

function itemColumns(change: NonNullable<UpdateInspectionValues['items']>[number]): ItemColumns {
  const columns: ItemColumns = {};
  if (change.status !== undefined) columns.status = change.status;
  if (change.measurement !== undefined) columns.measurement = change.measurement;
  if (change.notes !== undefined) columns.notes = change.notes;
  if (change.recommendation !== undefined) columns.recommendation = change.recommendation;
  if (change.estimatedCost !== undefined) columns.estimated_cost = change.estimatedCost;
  return columns;
}

/** Changes a draft: its mileage and notes, its items' findings, items added and removed. */
export async function updateInspection(db: Database, user: User, values: UpdateInspectionValues): Promise<Inspection> {
  return db.transaction().execute(async (trx) => {
    const row = await editable(trx, user, values.id, { draftOnly: true });
    const changes = values.items ?? [];
    const named = [...changes.map((change) => change.id), ...(values.removeItemIds ?? [])];
    const known = await itemIdsOf(trx, row.id, named);
    if (named.some((id) => !known.has(id))) throw itemNotFound();
    for (const change of changes) await updateItem(trx, change.id, itemColumns(change));
    await deleteItems(trx, row.id, values.removeItemIds ?? []);
    const added = values.addItems ?? [];
    for (const item of added) {
      if (item.componentId && !(await componentBelongsTo(trx, item.componentId, row.vehicle_id))) {
        throw domainError('BAD_REQUEST', 'The component does not belong to this vehicle');
      }
    }
    if (added.length > 0) {
      if ((await countItems(trx, row.id)) + added.length > INSPECTION_LIMITS.items) {
        throw domainError('BAD_REQUEST', `An inspection holds at most ${INSPECTION_LIMITS.items} items`);
      }
      await insertItems(trx, row.id, added.map((item) => ({ componentId: item.componentId, name: item.name, unit: item.unit ?? null })));
    }
    const header: Parameters<typeof updateInspectionRow>[2] = {};
    if (values.mileage !== undefined) header.mileage = values.mileage;
    if (values.notes !== undefined) header.notes = values.notes;
    await updateInspectionRow(trx, row.id, header);
    if (row.service_center_id) {
      await recordAudit(trx, { serviceCenterId: row.service_center_id, actorId: user.id, entity: 'inspection', entityId: row.id, action: 'update', after: { items: changes.length, added: added.length, removed: values.removeItemIds?.length ?? 0 } });
    }
    return getInspection(trx, user, row.id);
  });
}

/** Signs a draft: from then on it is read-only. At least one item must have been checked. */
export async function completeInspection(db: Database, user: User, id: string, signature: string): Promise<Inspection> {
  return db.transaction().execute(async (trx) => {
    const row = await editable(trx, user, id, { draftOnly: true });
    if ((await countChecked(trx, row.id)) === 0) throw domainError('BAD_REQUEST', 'Mark at least one item Good, Needs Attention or Urgent before completing');
    await updateInspectionRow(trx, row.id, { status: 'completed', signed_name: signature, signed_by: user.id, completed_at: new Date() });
    if (row.service_center_id) {
      await recordAudit(trx, { serviceCenterId: row.service_center_id, actorId: user.id, entity: 'inspection', entityId: row.id, action: 'status', before: { status: 'draft' }, after: { status: 'completed', signedName: signature } });
    }
    return getInspection(trx, user, row.id);
  });
}

/**
 * The customer's answer to one recommendation of a shared inspection. Approving sends the shop an
 * appointment request naming the work and its estimate (once: an approval is final); declining
 * keeps the recommendation on record and may still be changed to an approval.
 */
export async function decideRecommendation(db: Database, user: User, input: { id: string; itemId: string; decision: Decision }): Promise<Inspection> {
  return db.transaction().execute(async (trx) => {
    await visibleHeader(trx, user, input.id);
    await lockInspection(trx, input.id);
    const row = await visibleHeader(trx, user, input.id);
    if (row.user_id !== user.id || !row.service_center_id || !row.customer_vehicle_id) {
      throw domainError('FORBIDDEN', 'Only the customer decides on a shop\u2019s recommendations');
    }
    const item = await findItem(trx, row.id, input.itemId);
    if (!item) throw itemNotFound();
    if (!item.recommendation) throw domainError('BAD_REQUEST', 'This item has no recommendation to decide on');
    if (item.decision === 'approved') throw domainError('CONFLICT', 'You approved this already: the shop has your request');
    let inquiryId: string | null = null;
    if (input.decision === 'approved') {
      const vehicle = await shopCustomerVehicle(trx, row.service_center_id, row.customer_vehicle_id);
      if (!vehicle) throw domainError('CONFLICT', 'The shop no longer keeps this vehicle: contact the shop instead');
      const label = `${row.year} ${row.make} ${row.model}`;
      const finding = [item.name, item.status ? CONDITION_LABELS[item.status] : null, item.measurement !== null ? `${Number(item.measurement)}${item.unit ? ` ${item.unit}` : ''}` : null]
        .filter(Boolean)
        .join(', ');
      inquiryId = await insertShopRequest(trx, {
        customerId: user.id,
        serviceCenterId: row.service_center_id,
        shopCustomerId: vehicle.customer_id,
        customerVehicleId: vehicle.id,
        garageVehicleId: vehicle.garage_vehicle_id,
        vehicleId: row.vehicle_id,
        subject: `Approved: ${item.recommendation}`,
        description: `Approved from the inspection of my ${label}${row.completed_at ? ` of ${row.completed_at.toISOString().slice(0, 10)}` : ''}. Finding: ${finding}.${item.estimated_cost ? ` Estimate: $${item.estimated_cost}.` : ''} Please schedule the work.`,
        priority: item.status === 'urgent' ? 'urgent' : item.status === 'attention' ? 'high' : 'medium',
        estimatedCost: item.estimated_cost,
      });
    }
    await recordDecision(trx, item.id, input.decision, user.id, inquiryId);
    return getInspection(trx, user, row.id);
  });
}

/** Attaches one of the caller's own photos to an item of a draft they may change. */
export async function attachPhoto(db: Database, user: User, input: { id: string; itemId: string; fileId: string }): Promise<Inspection> {
  return db.transaction().execute(async (trx) => {
    const row = await editable(trx, user, input.id, { draftOnly: true });
    if (!(await findItem(trx, row.id, input.itemId))) throw itemNotFound();
    if (!(await isOwnFile(trx, user.id, input.fileId))) throw domainError('NOT_FOUND', 'Photo not found among your uploads');
    if ((await countItemPhotos(trx, input.itemId)) >= INSPECTION_LIMITS.photosPerItem) {
      throw domainError('BAD_REQUEST', `An item holds at most ${INSPECTION_LIMITS.photosPerItem} photos: remove one first`);
    }
    await insertPhoto(trx, row.id, input.itemId, input.fileId, user.id);
    return getInspection(trx, user, row.id);
  });
}

export async function detachPhoto(db: Database, user: User, input: { id: string; itemId: string; fileId: string }): Promise<Inspection> {
  return db.transaction().execute(async (trx) => {
    const row = await editable(trx, user, input.id, { draftOnly: true });
    if (!(await deletePhoto(trx, row.id, input.itemId, input.fileId))) throw domainError('NOT_FOUND', 'Photo not found on this item');
    return getInspection(trx, user, row.id);
  });
}
