import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from '../../../migrations/index.ts';

export interface MigrationLog {
  info(message: string): void;
  error(message: string): void;
}

/** Applies every pending migration in order; throws (after logging which step failed) on failure. */
export async function migrateToLatest<T>(db: Kysely<T>, log: MigrationLog): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Domains add independent migrations side by side; one numbered below an applied one still runs.
    allowUnorderedMigrations: true,
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  for (const step of result.results ?? []) {
    if (step.status === 'Success') log.info(`migration ${step.migrationName}: applied`);
    else if (step.status === 'Error') log.error(`migration ${step.migrationName}: failed`);
  }
  if (result.error) {
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration failed: ${reason}`);
  }
}
