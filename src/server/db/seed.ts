import { seedKnowledge } from '../domains/knowledge/seed.ts';
import { seedShopDemo, seedShopScale } from '../domains/inquiries/shop-seed.ts';
import type { Database } from './index.ts';

export interface SeedOptions {
  /** Demo service centers, inquiries and appointments for screenshots. */
  demo?: boolean;
  /** Fill inquiries and appointments up to this many rows each (benchmarks). */
  scale?: number;
  log?: (message: string) => void;
}

type Seeder = (db: Database, options: SeedOptions) => Promise<void>;

// Each domain's reference data, in dependency order. Every seeder is idempotent: running the seed
// twice leaves the same rows.
const seeders: { name: string; run: Seeder }[] = [
  { name: 'knowledge', run: (db) => seedKnowledge(db) },
  { name: 'shop demo', run: seedShopDemo },
  { name: 'shop scale', run: seedShopScale },
];

export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<void> {
  for (const seeder of seeders) {
    await seeder.run(db, options);
    options.log?.(`seed ${seeder.name}: done`);
  }
}
