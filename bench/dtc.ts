import { performance } from 'node:perf_hooks';
import { buildIndex, lookupDtc, searchDtc } from '../src/server/domains/dtc/service.ts';
import { loadCatalogue } from '../src/server/domains/dtc/catalogue.ts';

/**
 * Trouble-code benchmark: `npm run bench:dtc`. Times building the index from the seed files, then
 * lookups (catalogue codes, codes outside it, lower-case input) and searches (code prefixes and
 * words). Goal: lookup p50 ≤ 1 ms (issue 19). A few seconds in all.
 */

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function time(label: string, runs: number, inputs: readonly string[], run: (input: string) => unknown): { p50: number; p99: number } {
  for (let i = 0; i < 200; i++) run(inputs[i % inputs.length]!); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const input = inputs[i % inputs.length]!;
    const start = performance.now();
    run(input);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const result = { p50: percentile(samples, 50), p99: percentile(samples, 99) };
  console.log(`${label.padEnd(8)} p50 ${(result.p50 * 1000).toFixed(1)} µs  p99 ${(result.p99 * 1000).toFixed(1)} µs  (${runs} runs)`);
  return result;
}

const buildStart = performance.now();
const catalogue = loadCatalogue();
const loaded = performance.now();
const index = buildIndex(catalogue);
const built = performance.now();
console.log(
  `catalogue: ${catalogue.length} codes loaded and validated in ${(loaded - buildStart).toFixed(0)} ms; index of ${index.words.length} words built in ${(built - loaded).toFixed(0)} ms, about ${(index.bytes / 1024).toFixed(0)} KiB`,
);

const codes = [...catalogue.map((entry) => entry.code), 'P1234', 'B1318', 'U3000', 'p0420', 'c0035'];
const queries = ['P0420', 'p03', 'P07', 'U01', 'misfire', 'catalytic converter', 'fuel cap', 'oxygen sensor heater bank 2', 'lost communication abs', 'transmission slipping', 'sensor', 'coolant temperature'];

const lookup = time('lookup', 20_000, codes, (code) => lookupDtc(code, index));
const search = time('search', 5_000, queries, (q) => searchDtc({ q, limit: 20, offset: 0 }, index));
const goal = 1;
console.log(`goal: lookup p50 ≤ ${goal} ms → ${lookup.p50 <= goal ? 'met' : 'MISSED'} (${lookup.p50.toFixed(4)} ms); search p50 ${search.p50.toFixed(3)} ms`);
