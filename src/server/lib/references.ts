import type { Executor } from '../db/index.ts';
import { domainError } from '../http/errors.ts';

/** Optional links of new shop work (an inquiry, an appointment) must name an existing vehicle and an active center. */
export async function checkReferences(
  db: Executor,
  refs: { serviceCenterId?: string | null; vehicleId?: string | null },
): Promise<void> {
  if (refs.serviceCenterId) {
    const center = await db.selectFrom('service_centers').select('is_active').where('id', '=', refs.serviceCenterId).executeTakeFirst();
    if (!center) throw domainError('BAD_REQUEST', 'Service center not found');
    if (!center.is_active) throw domainError('BAD_REQUEST', 'This service center is inactive and takes no new work');
  }
  if (refs.vehicleId) {
    const vehicle = await db.selectFrom('vehicles').select('id').where('id', '=', refs.vehicleId).executeTakeFirst();
    if (!vehicle) throw domainError('BAD_REQUEST', 'Vehicle not found');
  }
}

/** A referenced row deleted between the check and the insert: still the caller's bad input, never a 500. */
export async function refusingVanishedReferences<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === '23503') {
      throw domainError('BAD_REQUEST', 'The service center or vehicle no longer exists');
    }
    throw error;
  }
}
