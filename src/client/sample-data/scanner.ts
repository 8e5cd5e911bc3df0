import { z } from 'zod';
import data from '../../../seeds/samples/scanner.json' with { type: 'json' };

/**
 * Static sample content of the 3D Scanner page (docs/screens.md#tool-pages-with-sample-content),
 * from seeds/samples/scanner.json and checked against these shapes when the page loads: nothing
 * here is stored or fetched.
 */

const option = <T extends z.ZodType<string>>(value: T) => z.object({ value, label: z.string(), detail: z.string() });

const scanResolution = z.enum(['high', 'medium', 'low']);
export type ScanResolution = z.infer<typeof scanResolution>;
const scanType = z.enum(['full', 'surface', 'detail']);
export type ScanType = z.infer<typeof scanType>;
const outputFormat = z.enum(['ply', 'stl', 'obj']);
export type OutputFormat = z.infer<typeof outputFormat>;

const captureTip = z.object({ title: z.string(), body: z.string() });
export type CaptureTip = z.infer<typeof captureTip>;

const scanStatus = z.enum(['Completed', 'Processing', 'Failed']);
export type ScanStatus = z.infer<typeof scanStatus>;

const sampleScan = z.object({
  id: z.string(),
  component: z.string(),
  vehicle: z.string(),
  capturedAt: z.string(),
  photos: z.number(),
  points: z.string(),
  format: z.enum(['PLY', 'STL', 'OBJ']),
  status: scanStatus,
});
export type SampleScan = z.infer<typeof sampleScan>;

const scannerSamples = z.object({
  resolutions: z.array(option(scanResolution)),
  scanTypes: z.array(option(scanType)),
  outputFormats: z.array(option(outputFormat)),
  captureTips: z.array(captureTip),
  recentScans: z.array(sampleScan),
});

const samples = scannerSamples.parse(data);
export const SCAN_RESOLUTIONS = samples.resolutions;
export const SCAN_TYPES = samples.scanTypes;
export const OUTPUT_FORMATS = samples.outputFormats;
export const CAPTURE_TIPS = samples.captureTips;
export const RECENT_SCANS = samples.recentScans;
