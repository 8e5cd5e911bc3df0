import { writeMigratedPglite } from './database-templates.ts';

/** Child process of buildPgliteTemplate: node --import tsx write-migrated-pglite.ts <file> [--seeded]. */
const file = process.argv[2];
if (!file) throw new Error('usage: write-migrated-pglite.ts <tarball> [--seeded]');
await writeMigratedPglite(file, { seeded: process.argv[3] === '--seeded' });
