import type { Migration } from 'kysely';
import * as m0001 from './0001_initial.ts';

// Append new migrations here; never edit or reorder a released one.
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
};
