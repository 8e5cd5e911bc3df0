import type { Database } from '../../db/index.ts';
import { upsertSeedItems } from './repository.ts';
import { LIBRARY_KNOWLEDGE } from './library-items.ts';
import { SEED_KNOWLEDGE } from './seed-items.ts';

/** Reference knowledge: the assistant's tips and the Knowledge Base library; idempotent (keyed by seed_key). */
export async function seedKnowledge(db: Database): Promise<void> {
  await upsertSeedItems(db, [...SEED_KNOWLEDGE, ...LIBRARY_KNOWLEDGE]);
}
