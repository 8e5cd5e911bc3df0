import { parseArgs } from 'node:util';
import { loadEnv } from '../env.ts';
import { databaseOptionsFromEnv, openDatabase } from './index.ts';
import { migrateToLatest } from './migrate.ts';
import { seedDatabase } from './seed.ts';

const env = loadEnv();
const { values } = parseArgs({
  // --invite CODE (repeatable, with --scale): an open technician invitation to the scale center per code.
  options: { demo: { type: 'boolean', default: false }, scale: { type: 'string' }, invite: { type: 'string', multiple: true } },
  allowPositionals: false,
});
const scale = values.scale === undefined ? undefined : Number(values.scale);
if (scale !== undefined && (!Number.isInteger(scale) || scale < 0)) {
  console.error('--scale takes a whole number of rows, e.g. --scale 100000');
  process.exit(2);
}
const invites = values.invite ?? [];
if (invites.length > 0 && !scale) {
  console.error('--invite adds invitations to the scale center: give --scale too');
  process.exit(2);
}

const handle = await openDatabase(databaseOptionsFromEnv(env));
try {
  await migrateToLatest(handle.db, { info: console.log, error: console.error });
  await seedDatabase(handle.db, { demo: values.demo || env.SEED_DEMO, scale, scaleInvites: invites, log: console.log });
  console.log('seed: done');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
