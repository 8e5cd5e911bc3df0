import type { Insertable } from 'kysely';
import type { CreateRepairOrderValues, LineInput } from '../../../shared/repair-orders.ts';
import type { Executor } from '../../db/index.ts';
import type { RepairOrderLinesTable } from '../../db/schema-parts.ts';
import { domainError } from '../../http/errors.ts';
import type { OrderRow } from './repository.ts';

type LineValues = Omit<Insertable<RepairOrderLinesTable>, 'repair_order_id' | 'position' | 'created_at' | 'id'>;

const EMPTY: LineValues = {
  kind: 'fee',
  description: '',
  component_id: null,
  service_type: null,
  technician_id: null,
  hours_hundredths: null,
  rate_cents: null,
  part_id: null,
  part_number: null,
  quantity: null,
  unit_price_cents: null,
  unit_cost_cents: null,
  amount_cents: null,
  taxable: false,
  decision: null,
  decided_by: null,
  decided_at: null,
};

/**
 * A line as stored: a stocked part must be the order's shop's own (its number, name, price and cost
 * are copied when not typed, so later price changes leave the estimate alone); a component must be
 * one of the order's vehicle's.
 */
export async function lineValues(db: Executor, order: OrderRow, line: LineInput): Promise<LineValues> {
  switch (line.kind) {
    case 'labor': {
      if (line.componentId) {
        const component = await db.selectFrom('vehicle_components').select('id').where('id', '=', line.componentId).where('vehicle_id', '=', order.vehicle_id).executeTakeFirst();
        if (!component) throw domainError('BAD_REQUEST', 'The component is not one of this vehicle\u2019s');
      }
      return {
        ...EMPTY,
        kind: 'labor',
        description: line.description,
        service_type: line.serviceType,
        component_id: line.componentId,
        technician_id: line.technicianId,
        hours_hundredths: line.hoursHundredths,
        rate_cents: line.rateCents,
        taxable: line.taxable,
      };
    }
    case 'part': {
      if (!line.partId) {
        return { ...EMPTY, kind: 'part', description: line.description ?? '', part_number: line.partNumber, quantity: line.quantity, unit_price_cents: line.unitPriceCents ?? 0, taxable: line.taxable };
      }
      const part = await db
        .selectFrom('parts')
        .select(['id', 'part_number', 'name', 'price_cents', 'unit_cost_cents'])
        .where('id', '=', line.partId)
        .where('service_center_id', '=', order.service_center_id)
        .executeTakeFirst();
      if (!part) throw domainError('NOT_FOUND', 'Part not found in this shop\u2019s catalogue');
      return {
        ...EMPTY,
        kind: 'part',
        part_id: part.id,
        part_number: part.part_number,
        description: line.description ?? part.name,
        quantity: line.quantity,
        unit_price_cents: line.unitPriceCents ?? part.price_cents,
        unit_cost_cents: part.unit_cost_cents,
        taxable: line.taxable,
      };
    }
    default:
      return { ...EMPTY, kind: line.kind, description: line.description, amount_cents: line.amountCents, taxable: line.taxable };
  }
}

/**
 * The first lines of an order made from an inspection: one labour line (1 hour at the shop's rate)
 * for each recommendation that needs attention and was not declined, with its component; the
 * inspection's mileage. Appointments and inquiries start empty.
 */
export async function linesFromSource(
  db: Executor,
  source: CreateRepairOrderValues['source'],
  laborRateCents: number,
): Promise<{ lines: LineValues[]; mileage: number | null }> {
  if (!source.inspectionId) return { lines: [], mileage: null };
  const inspection = await db.selectFrom('inspections').select('mileage').where('id', '=', source.inspectionId).executeTakeFirst();
  const items = await db
    .selectFrom('inspection_items as i')
    .leftJoin('vehicle_components as c', 'c.id', 'i.component_id')
    .select(['i.name', 'i.recommendation', 'i.component_id', 'c.name as component_name'])
    .where('i.inspection_id', '=', source.inspectionId)
    .where('i.recommendation', 'is not', null)
    .where('i.status', 'in', ['attention', 'urgent'])
    .where('i.decision', 'is distinct from', 'declined')
    .orderBy('i.status', 'desc')
    .orderBy('i.position')
    .limit(60)
    .execute();
  const lines = items.map((item): LineValues => ({
    ...EMPTY,
    kind: 'labor',
    description: item.recommendation!.slice(0, 200),
    service_type: item.recommendation!.slice(0, 120),
    component_id: item.component_id,
    hours_hundredths: 100,
    rate_cents: laborRateCents,
  }));
  return { lines, mileage: inspection?.mileage ?? null };
}
