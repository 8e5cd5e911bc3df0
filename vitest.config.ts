import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/helpers/slow-first-sequencer.ts';

/**
 * Test tiers (docs/decisions/042): each file belongs to exactly one.
 * - unit: no database, no server; listed here by name, everything else under src/ is api.
 * - api: tRPC procedures and app.inject on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set;
 *   every suite gets its own copy of a database migrated once per run (tests/helpers/database-setup.ts).
 * - process: spawned servers (restart, two processes, signals, memory), tests/process/.
 * - browser: Chromium against a real server, tests/browser/.
 */
const unitTests = [
  'src/server/domains/avatars/schema.test.ts',
  'src/server/domains/boundaries.test.ts',
  'src/server/domains/files/pdf.test.ts',
  'src/server/domains/dtc/catalogue.test.ts',
  'src/shared/obd/obd.test.ts',
  'src/server/lib/photo-analysis.test.ts',
  'src/server/domains/inspections/pdf-report.test.ts',
  'src/server/domains/fuel/costs.test.ts',
  'src/server/domains/fuel/economy.test.ts',
  'src/server/domains/fuel/units.test.ts',
  'src/server/domains/imports/convert.test.ts',
  'src/server/domains/vehicles/components.test.ts',
  'src/server/domains/vehicles/vin-cache.test.ts',
  'src/server/domains/vehicles/vin-decoder.test.ts',
  'src/server/domains/vehicles/vin-rules.test.ts',
  'src/server/http/app-manifest.test.ts',
  'src/server/http/cached-signer.test.ts',
  'src/server/lib/csv-read.test.ts',
  'src/server/lib/ics.test.ts',
  'src/server/lib/exif.test.ts',
  'src/server/lib/memory-cache.test.ts',
  'src/server/lib/zip.test.ts',
  'src/shared/reminders.test.ts',
  'src/client/lib/lazy-page.test.tsx',
  'src/server/domains/repair-orders/totals.test.ts',
  'src/server/domains/scans/sfm/linalg.test.ts',
  'src/server/domains/scans/sfm/two-view.test.ts',
  'src/server/domains/scans/sfm/pose-bundle.test.ts',
  'src/server/domains/scans/sfm/reconstruct.test.ts',
  'src/server/domains/scans/sfm/align.test.ts',
  'src/server/domains/scans/sfm/surface.test.ts',
  'src/server/domains/scans/pipeline.test.ts',
  'src/shared/geometry/reference-models.test.ts',
  'src/shared/geometry/compare.test.ts',
  'src/shared/geometry/overlap.test.ts',
];

export default defineConfig({
  test: {
    // Known slow files first in their group (a clean clone has no durations to order by).
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: unitTests,
          environment: 'node',
          testTimeout: 30_000,
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: [...unitTests, 'tests/browser/**', 'tests/process/**', 'node_modules/**'],
          environment: 'node',
          globalSetup: ['tests/helpers/database-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at once (decision 159): each suite has its own database copy, and the other
          // core is otherwise idle while a file waits on its database or imports the app.
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Spawned servers after the in-process tiers, beside the browser files (decision 178): each
          // file's servers have their own ports, data folders and databases, and nothing here is
          // judged by its speed.
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at once (decision 117): each has its own server and Chromium context; waits are
          // conditions, never counts, so a slower page only waits longer.
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
