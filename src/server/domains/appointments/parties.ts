import type { Executor } from '../../db/index.ts';

// The rows a new appointment may name: a customer of the shop and their vehicle, its staff, and an
// inquiry of the shop being converted.

/**
 * Converting an inquiry to an appointment puts the inquiry in progress (docs/appointments.md#rules);
 * like any reopening, that clears a completed date.
 */
export async function markInquiryInProgress(db: Executor, inquiryId: string): Promise<void> {
  await db.updateTable('customer_inquiries').set({ status: 'in_progress', completed_date: null }).where('id', '=', inquiryId).execute();
}

/** An inquiry of the shop an appointment converts: its customer and vehicle come along. */
export async function inquiryOfShop(db: Executor, serviceCenterId: string, inquiryId: string) {
  return db
    .selectFrom('customer_inquiries')
    .select(['id', 'status', 'subject', 'completed_date', 'customer_id', 'shop_customer_id', 'customer_vehicle_id', 'garage_vehicle_id', 'vehicle_id'])
    .where('id', '=', inquiryId)
    .where('service_center_id', '=', serviceCenterId)
    // Locked until the conversion commits: a status change at the same moment waits for it.
    .forUpdate()
    .executeTakeFirst();
}

export async function shopCustomer(db: Executor, serviceCenterId: string, customerId: string) {
  return db
    .selectFrom('shop_customers')
    .select(['id', 'user_id'])
    .where('id', '=', customerId)
    .where('service_center_id', '=', serviceCenterId)
    .executeTakeFirst();
}

export async function customerVehicle(db: Executor, customerId: string, customerVehicleId: string) {
  return db
    .selectFrom('shop_customer_vehicles')
    .select(['id', 'vehicle_id', 'garage_vehicle_id'])
    .where('id', '=', customerVehicleId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

export async function isStaffOf(db: Executor, serviceCenterId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('shop_staff').select('user_id').where('service_center_id', '=', serviceCenterId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
