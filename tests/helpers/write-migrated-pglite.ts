import { writeMigratedPglite } from './database-templates.ts';

/** Child process of buildPgliteTemplate: node --import tsx write-migrated-pglite.ts <empty folder> [--seeded]. */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: write-migrated-pglite.ts <empty folder> [--seeded]');
await writeMigratedPglite(dataDir, { seeded: process.argv[3] === '--seeded' });
