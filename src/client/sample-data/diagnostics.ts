import { z } from 'zod';
import data from '../../../seeds/samples/diagnostics.json' with { type: 'json' };

/**
 * Static sample content of the Diagnostic Tools page
 * (docs/screens.md#tool-pages-with-sample-content), from seeds/samples/diagnostics.json and checked
 * against these shapes when the page loads.
 */

const severity = z.enum(['Critical', 'Warning', 'Info']);
export type Severity = z.infer<typeof severity>;

const obdConnection = z.object({
  adapter: z.string(),
  protocol: z.string(),
  vehicle: z.string(),
  vin: z.string(),
  voltage: z.string(),
  milOn: z.boolean(),
  monitorsReady: z.string(),
});
export type ObdConnection = z.infer<typeof obdConnection>;

const liveReading = z.object({
  pid: z.string(),
  label: z.string(),
  value: z.string(),
  unit: z.string(),
  /** Where the value sits in its normal range, 0–100, for the gauge bar. */
  gauge: z.number().min(0).max(100),
  inRange: z.boolean(),
});
export type LiveReading = z.infer<typeof liveReading>;

const errorCode = z.object({
  code: z.string(),
  description: z.string(),
  system: z.string(),
  severity,
  status: z.enum(['Confirmed', 'Pending', 'Permanent']),
  causes: z.array(z.string()),
});
export type ErrorCode = z.infer<typeof errorCode>;

const testOutcome = z.enum(['Passed', 'Failed', 'Not run']);
export type TestOutcome = z.infer<typeof testOutcome>;

const systemTest = z.object({
  name: z.string(),
  description: z.string(),
  duration: z.string(),
  lastRun: z.string(),
  outcome: testOutcome,
  /** Completion of the monitor, 0–100. */
  readiness: z.number().min(0).max(100),
});
export type SystemTest = z.infer<typeof systemTest>;

const diagnosticReport = z.object({
  id: z.string(),
  vehicle: z.string(),
  date: z.string(),
  technician: z.string(),
  codes: z.number(),
  highestSeverity: severity,
  summary: z.string(),
});
export type DiagnosticReport = z.infer<typeof diagnosticReport>;

const diagnosticsSamples = z.object({
  connection: obdConnection,
  liveData: z.array(liveReading),
  errorCodes: z.array(errorCode),
  systemTests: z.array(systemTest),
  reports: z.array(diagnosticReport),
});

const samples = diagnosticsSamples.parse(data);
export const OBD_CONNECTION = samples.connection;
export const LIVE_DATA = samples.liveData;
export const ERROR_CODES = samples.errorCodes;
export const SYSTEM_TESTS = samples.systemTests;
export const REPORTS = samples.reports;
