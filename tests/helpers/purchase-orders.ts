import type { Database } from '../../src/server/db/index.ts';
import { callerFor } from './factories.ts';
import { shopWithStaff } from './shops.ts';

/** A shop with staff, a supplier, two parts: pads (2 on hand, unit cost $32.50) and oil filters (none, $4.50). */
export async function purchasingScene(db: Database) {
  const staff = await shopWithStaff(db);
  const tech = callerFor(db, staff.technician);
  const supplier = await callerFor(db, staff.manager).parts.suppliers.create({ serviceCenterId: staff.shop.id, name: 'Metro Parts' });
  const pads = await tech.parts.create({ serviceCenterId: staff.shop.id, partNumber: 'BP-1', name: 'Front brake pads', unitCostCents: 3_250, reorderPoint: 2 });
  await tech.parts.move({ partId: pads.id, kind: 'received', quantity: 2 });
  const filters = await tech.parts.create({ serviceCenterId: staff.shop.id, partNumber: 'OF-7', name: 'Oil filter', unitCostCents: 450 });
  return { ...staff, tech, supplier, pads, filters };
}
