import type { Executor } from '../db/index.ts';
import { notifyShopLeads } from './notify.ts';

/**
 * A request a customer sends a shop without typing it (an approved inspection recommendation):
 * written as the shop's inquiry of type 'appointment', so staff schedule it from Customer Inquiries
 * as any other (docs/inspections.md#decisions). The shop's owners and managers hear of it.
 */
export interface ShopRequest {
  customerId: string;
  serviceCenterId: string;
  shopCustomerId: string;
  customerVehicleId: string | null;
  garageVehicleId: string | null;
  vehicleId: string;
  subject: string;
  description: string;
  priority: 'low' | 'medium' | 'high' | 'urgent';
  estimatedCost: string | null;
}

export async function insertShopRequest(db: Executor, request: ShopRequest): Promise<string> {
  const row = await db
    .insertInto('customer_inquiries')
    .values({
      customer_id: request.customerId,
      service_center_id: request.serviceCenterId,
      shop_customer_id: request.shopCustomerId,
      customer_vehicle_id: request.customerVehicleId,
      garage_vehicle_id: request.garageVehicleId,
      vehicle_id: request.vehicleId,
      created_by: request.customerId,
      inquiry_type: 'appointment',
      subject: request.subject.slice(0, 200),
      description: request.description.slice(0, 5000),
      priority: request.priority,
      status: 'open',
      estimated_cost: request.estimatedCost,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await notifyShopLeads(db, request.serviceCenterId, null, {
    kind: 'request_received',
    title: `New request: ${request.subject}`,
    link: `/customer-inquiries?inquiry=${row.id}`,
  });
  return row.id;
}
