/// <reference lib="webworker" />
import { compareToReference, deviationScale, heatColour } from '../../../shared/geometry/compare.ts';
import type { CompareRequest, CompareAnswer } from './compare-client.ts';

/**
 * Comparison of two models off the page's thread: the alignment and the distances of a few hundred
 * thousand points take a second or more, during which the page keeps answering.
 */
self.onmessage = (event: MessageEvent<CompareRequest>) => {
  const { source, target, allowScale } = event.data;
  try {
    const result = compareToReference(source, target.triangles ? { mesh: { positions: target.points, triangles: target.triangles } } : { points: target.points }, { allowScale });
    const max = deviationScale(result);
    const heat = new Float32Array(result.deviations.length * 3);
    for (let i = 0; i < result.deviations.length; i++) heat.set(heatColour(result.deviations[i]!, max), 3 * i);
    const answer: CompareAnswer = {
      ok: true,
      mean: result.meanDeviation,
      rms: result.rmsDeviation,
      max: result.maxDeviation,
      p95: result.p95Deviation,
      scale: result.similarity.scale,
      legendMax: max,
      heat,
    };
    (self as unknown as Worker).postMessage(answer, [heat.buffer]);
  } catch (error) {
    const answer: CompareAnswer = { ok: false, message: error instanceof Error ? error.message : 'The comparison failed' };
    (self as unknown as Worker).postMessage(answer);
  }
};
