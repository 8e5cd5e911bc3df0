import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).

export async function up(db: Kysely<any>): Promise<void> {
  // A manual choice (no VIN) is stored once per year, make and model, even under concurrent
  // requests: the insert uses ON CONFLICT against this index.
  await sql`CREATE UNIQUE INDEX vehicles_manual_choice_key ON vehicles (lower(make), lower(model), year) WHERE vin IS NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS vehicles_manual_choice_key`.execute(db);
}
