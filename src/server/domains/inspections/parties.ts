import { sql } from 'kysely';
import { CONDITIONS, type ComponentCondition, type Condition } from '../../../shared/inspections.ts';
import type { Executor } from '../../db/index.ts';

// What an inspection is of: the vehicle's components, and the colours the latest inspections give
// the owner's diagram.

/**
 * Each component's colour on an owner's diagram: the worst status of the component's items in its
 * latest finished inspection the owner sees (a self-check once completed, a shop's once shared).
 */
export async function latestConditions(db: Executor, userId: string, vehicleId: string): Promise<ComponentCondition[]> {
  const result = await sql<{ component_id: string; status: Condition; inspection_id: string; inspected_at: Date; item_name: string; photo_id: string | null }>`
    WITH latest AS (
      SELECT DISTINCT ON (it.component_id) it.component_id, i.id AS inspection_id, i.completed_at
      FROM inspection_items it JOIN inspections i ON i.id = it.inspection_id
      WHERE i.user_id = ${userId}::uuid AND i.vehicle_id = ${vehicleId}::uuid AND it.component_id IS NOT NULL AND it.status IS NOT NULL
        AND ((i.service_center_id IS NULL AND i.status = 'completed') OR i.status = 'shared')
      ORDER BY it.component_id, i.completed_at DESC, i.id DESC
    )
    SELECT DISTINCT ON (l.component_id) l.component_id, it.status, l.inspection_id, l.completed_at AS inspected_at, it.name AS item_name,
      (SELECT ip.file_id FROM inspection_photos ip WHERE ip.item_id = it.id ORDER BY ip.created_at LIMIT 1) AS photo_id
    FROM latest l JOIN inspection_items it ON it.inspection_id = l.inspection_id AND it.component_id = l.component_id AND it.status IS NOT NULL
    ORDER BY l.component_id, CASE it.status WHEN 'urgent' THEN 0 WHEN 'attention' THEN 1 ELSE 2 END, it.position`.execute(db);
  return result.rows.map((row) => ({
    componentId: row.component_id,
    status: CONDITIONS.includes(row.status) ? row.status : 'good',
    inspectionId: row.inspection_id,
    inspectedAt: new Date(row.inspected_at),
    itemName: row.item_name,
    photoId: row.photo_id,
  }));
}

/** The components of a vehicle, in the diagram's order. */
export function vehicleComponents(db: Executor, vehicleId: string) {
  return db.selectFrom('vehicle_components').select(['id', 'name']).where('vehicle_id', '=', vehicleId).orderBy('sort_order').orderBy('name').execute();
}
