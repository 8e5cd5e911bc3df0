import { z } from 'zod';
import data from '../../../seeds/samples/viewer.json' with { type: 'json' };

/**
 * Static sample content of the Component Viewer page
 * (docs/screens.md#tool-pages-with-sample-content), from seeds/samples/viewer.json and checked
 * against these shapes when the page loads.
 */

const modelProperty = z.object({ label: z.string(), value: z.string() });
export type ModelProperty = z.infer<typeof modelProperty>;

const findingLevel = z.enum(['Good', 'Monitor', 'Replace']);
export type FindingLevel = z.infer<typeof findingLevel>;

const analysisFinding = z.object({
  area: z.string(),
  measurement: z.string(),
  /** Remaining life, 0–100 %. */
  remaining: z.number().min(0).max(100),
  level: findingLevel,
  note: z.string(),
});
export type AnalysisFinding = z.infer<typeof analysisFinding>;

const sampleModel = z.object({
  id: z.string(),
  name: z.string(),
  vehicle: z.string(),
  source: z.string(),
  properties: z.array(modelProperty),
  findings: z.array(analysisFinding),
});
export type SampleModel = z.infer<typeof sampleModel>;

const samples = z.object({ models: z.array(sampleModel) }).parse(data);
export const SAMPLE_MODELS = samples.models;
