import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first. Vitest orders files by their last duration when it has
 * one (a local run's cache) and by size otherwise (a clean clone, as in CI), which put these small
 * but slow files at the end of their tier, one core idle while they ran alone.
 */
const SLOW_FIRST = [
  // The spawned servers share their group with the browser files (decision 178): started first,
  // the longest file runs beside browser files instead of alone at the end.
  'tests/process/server-process.test.ts',
  'tests/process/memory-attack.test.ts',
  'tests/api/authorization.test.ts',
  'tests/api/hostile-rest.test.ts',
  'src/server/domains/scans/scans.test.ts',
  'tests/api/hostile-trpc.test.ts',
  'src/server/domains/scans/pipeline.test.ts',
];

/** Vitest's own order, with the known slow files moved to the front of their run group. */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = SLOW_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
      return at === -1 ? SLOW_FIRST.length : at;
    };
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => group(a.spec) - group(b.spec) || rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
