import type { User } from '../../../shared/auth.ts';
import type { CreateInquiryValues, CustomerInquiry } from '../../../shared/inquiries.ts';
import type { Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { centerIsActive } from '../service-centers/repository.ts';
import { insertInquiry, type Viewer } from './repository.ts';

export function viewerOf(user: User): Viewer {
  return { userId: user.id, seesAll: user.role === 'tech' };
}

/** Optional links of a new inquiry or appointment must name an existing vehicle and an active center. */
export async function checkReferences(
  db: Executor,
  refs: { serviceCenterId?: string | null; vehicleId?: string | null },
): Promise<void> {
  if (refs.serviceCenterId) {
    const active = await centerIsActive(db, refs.serviceCenterId);
    if (active === null) throw domainError('BAD_REQUEST', 'Service center not found');
    if (!active) throw domainError('BAD_REQUEST', 'This service center is inactive and takes no new work');
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

export async function createInquiry(db: Executor, user: User, values: CreateInquiryValues): Promise<CustomerInquiry> {
  await checkReferences(db, values);
  return refusingVanishedReferences(() => insertInquiry(db, user.id, values));
}
