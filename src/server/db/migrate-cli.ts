import { databaseOptionsFromEnv, openDatabase } from './index.ts';
import { migrateToLatest } from './migrate.ts';
import { loadEnv } from '../env.ts';

const env = loadEnv();
const handle = await openDatabase(databaseOptionsFromEnv(env));
try {
  await migrateToLatest(handle.db, { info: console.log, error: console.error });
  console.log('migrations: up to date');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
