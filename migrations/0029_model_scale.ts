import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// A model's scale (docs/scans.md#models): a scan's coordinates are in the reconstruction's own units
// until its owner measures a known length in the Component Viewer; from then on millimetres per unit
// turn every distance, dimension, area and volume into real figures. Widens only: one nullable column.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE model3d ADD COLUMN mm_per_unit double precision CHECK (mm_per_unit > 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE model3d DROP COLUMN mm_per_unit`.execute(db);
}
