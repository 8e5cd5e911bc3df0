import type { User } from '../../../shared/auth.ts';
import type { CreateInquiryValues, CustomerInquiry } from '../../../shared/inquiries.ts';
import type { Executor } from '../../db/index.ts';
import { checkReferences, refusingVanishedReferences } from '../../lib/references.ts';
import { insertInquiry } from './repository.ts';

export async function createInquiry(db: Executor, user: User, values: CreateInquiryValues): Promise<CustomerInquiry> {
  await checkReferences(db, values);
  return refusingVanishedReferences(() => insertInquiry(db, user.id, values));
}
