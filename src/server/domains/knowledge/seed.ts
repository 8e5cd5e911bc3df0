import type { Database } from '../../db/index.ts';
import { upsertSeedItems } from './repository.ts';
import { SEED_KNOWLEDGE } from './seed-items.ts';

/** Reference knowledge for the assistant's tips; idempotent (keyed by seed_key). */
export async function seedKnowledge(db: Database): Promise<void> {
  await upsertSeedItems(db, SEED_KNOWLEDGE);
}
