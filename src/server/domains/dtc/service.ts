import { TRPCError } from '@trpc/server';
import {
  DTC_FORMAT_MESSAGE,
  type DtcEntry,
  type DtcLookup,
  type DtcSearchHit,
  type DtcSearchPage,
} from '../../../shared/dtc.ts';
import { dtcStructure, normaliseDtc, type DtcStructure } from '../../../shared/obd/codes.ts';
import { loadCatalogue } from './catalogue.ts';

/**
 * Lookup and search over the catalogue (docs/obd.md#lookup-and-search): one in-memory index, built
 * once from the seed files, read-only afterwards. Its size is fixed by the files, measured when it
 * is built and refused above INDEX_BUDGET_BYTES.
 */

export const INDEX_BUDGET_BYTES = 8 * 1024 * 1024;

/** How much a word found in each field counts; a code prefix outranks any word. */
const WEIGHTS = { code: 100, title: 12, causes: 5, plain: 4, technical: 2 } as const;
type Field = keyof typeof WEIGHTS;
const EXACT_BONUS = 1;
/** Two query words side by side in a title ("bank 2", "cylinder 3"). */
const PHRASE_BONUS = 6;
/** Words people type for what the titles abbreviate: indexed alongside the abbreviation. */
const ALSO_INDEXED: Readonly<Record<string, readonly string[]>> = {
  o2: ['oxygen'],
  ho2s: ['oxygen'],
  abs: ['antilock'],
  evap: ['evaporative'],
  egr: ['recirculation'],
  tcm: ['transmission'],
  ecm: ['engine'],
};

const STOP_WORDS = new Set(['a', 'an', 'and', 'are', 'code', 'does', 'for', 'in', 'is', 'it', 'me', 'mean', 'meaning', 'my', 'of', 'on', 'or', 'the', 'to', 'what', 'when', 'why', 'with']);

export interface DtcIndex {
  entries: readonly DtcEntry[];
  byCode: ReadonlyMap<string, DtcEntry>;
  /** Every distinct word, sorted, for prefix ranges by binary search. */
  words: readonly string[];
  /** Per word: entry position → the best field weight it appears in. */
  postings: ReadonlyMap<string, ReadonlyMap<number, number>>;
  /** Per entry: its title's words joined by single spaces, for phrase matches. */
  titles: readonly string[];
  bytes: number;
}

export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** A query word as matched: without a plural 's' (so "misfires" finds "misfire"). */
function queryWord(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

export function buildIndex(entries: readonly DtcEntry[]): DtcIndex {
  const byCode = new Map<string, DtcEntry>();
  const postings = new Map<string, Map<number, number>>();
  const titles: string[] = [];
  let bytes = 0;
  const add = (word: string, position: number, weight: number) => {
    let list = postings.get(word);
    if (!list) {
      list = new Map();
      postings.set(word, list);
      bytes += 2 * word.length + 64;
    }
    if ((list.get(position) ?? 0) < weight) {
      if (!list.has(position)) bytes += 16;
      list.set(position, weight);
    }
  };
  entries.forEach((entry, position) => {
    byCode.set(entry.code, entry);
    titles.push(` ${wordsOf(entry.title).join(' ')} `);
    bytes += 2 * (entry.title.length + entry.plain.length + entry.technical.length + entry.safeToDrive.length + entry.causes.join('').length) + 200;
    const fields: Record<Exclude<Field, 'code'>, string> = {
      title: entry.title,
      causes: entry.causes.join(' '),
      plain: entry.plain,
      technical: entry.technical,
    };
    for (const [field, text] of Object.entries(fields) as [Exclude<Field, 'code'>, string][]) {
      for (const word of wordsOf(text)) {
        add(word, position, WEIGHTS[field]);
        for (const also of ALSO_INDEXED[word] ?? []) add(also, position, WEIGHTS[field]);
      }
    }
  });
  const words = [...postings.keys()].sort();
  bytes += words.length * 8 + titles.reduce((sum, title) => sum + 2 * title.length + 16, 0);
  if (bytes > INDEX_BUDGET_BYTES) throw new Error(`The trouble-code index needs ${bytes} bytes, over its budget of ${INDEX_BUDGET_BYTES}`);
  return { entries, byCode, words, postings, titles, bytes };
}

let index: DtcIndex | null = null;

/** The index of the seed catalogue, built on first use (the server warms it at start). */
export function getDtcIndex(): DtcIndex {
  index ??= buildIndex(loadCatalogue());
  return index;
}

function notInCatalogue(structure: DtcStructure): DtcLookup {
  const kind = structure.generic ? 'a generic code, defined the same for every make' : "a manufacturer's own code, whose meaning depends on the make";
  const area = structure.subsystem.toLowerCase();
  return {
    code: structure.code,
    title: `${structure.system} code: ${structure.subsystem}`,
    plain: `This code is not in our catalogue. Its characters say it concerns the ${structure.system.toLowerCase()} (${area}) and that it is ${kind}. A shop with the maker's information can tell you exactly what it means.`,
    technical: `Not in our catalogue. Structure: ${structure.system}, ${structure.generic ? 'generic (SAE)' : 'manufacturer-specific'}, area "${structure.subsystem}". Look the code up in the manufacturer's service information, and read the freeze-frame data and any related codes before testing.`,
    severity: 'warning',
    safeToDrive: 'Cannot be told from the code alone: if the car drives normally, drive gently and have it checked.',
    causes: ["See the manufacturer's definition of this code", 'Related codes and freeze-frame data point to the circuit involved'],
    component: structure.component,
    inCatalogue: false,
    structure,
  };
}

/** The catalogue's entry for a code, or generic texts from its structure; malformed: 400. */
export function lookupDtc(input: string, from: DtcIndex = getDtcIndex()): DtcLookup {
  const structure = dtcStructure(input);
  if (!structure) throw new TRPCError({ code: 'BAD_REQUEST', message: DTC_FORMAT_MESSAGE });
  const entry = from.byCode.get(structure.code);
  return entry ? { ...entry, inCatalogue: true, structure } : notInCatalogue(structure);
}

const CODE_PREFIX = /^[pcbu][0-9a-f]{0,4}$/;

/** Positions of the entries whose code starts with a prefix (the entries are sorted by code). */
function codeRange(from: DtcIndex, prefix: string): number[] {
  const upper = prefix.toUpperCase();
  const found: number[] = [];
  let low = 0;
  let high = from.entries.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (from.entries[mid]!.code < upper) low = mid + 1;
    else high = mid;
  }
  for (let i = low; i < from.entries.length && from.entries[i]!.code.startsWith(upper); i++) found.push(i);
  return found;
}

/** Best weight per entry for one query word: any indexed word it begins, or a code it begins. */
function matchWord(from: DtcIndex, word: string): Map<number, number> {
  const scores = new Map<number, number>();
  const code = normaliseDtc(word).toLowerCase();
  if (CODE_PREFIX.test(code) && code.length >= 2) {
    for (const position of codeRange(from, code)) scores.set(position, WEIGHTS.code + (from.entries[position]!.code.length === code.length ? 50 : 0));
  }
  let low = 0;
  let high = from.words.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (from.words[mid]! < word) low = mid + 1;
    else high = mid;
  }
  for (let i = low; i < from.words.length && from.words[i]!.startsWith(word); i++) {
    const indexed = from.words[i]!;
    const bonus = indexed === word ? EXACT_BONUS : 0;
    for (const [position, weight] of from.postings.get(indexed)!) {
      const score = weight + bonus;
      if ((scores.get(position) ?? 0) < score) scores.set(position, score);
    }
  }
  return scores;
}

/**
 * Entries matching every word of the query (a word matches the start of a word in the title, the
 * causes or the explanations, or the start of a code), best first: the sum of each word's best
 * field; ties by code.
 */
export function searchDtc(input: { q: string; limit: number; offset: number }, from: DtcIndex = getDtcIndex()): DtcSearchPage {
  const all = wordsOf(input.q);
  const meaningful = all.filter((word) => !STOP_WORDS.has(word));
  const words = [...new Set((meaningful.length > 0 ? meaningful : all).map(queryWord))].slice(0, 8);
  let totals: Map<number, number> | null = null;
  for (const word of words) {
    const scores = matchWord(from, word);
    if (totals === null) {
      totals = scores;
    } else {
      const next = new Map<number, number>();
      for (const [position, score] of totals) {
        const more = scores.get(position);
        if (more !== undefined) next.set(position, score + more);
      }
      totals = next;
    }
    if (totals.size === 0) break;
  }
  if (totals) {
    for (let i = 0; i + 1 < words.length; i++) {
      const phrase = ` ${words[i]} ${words[i + 1]}`;
      for (const [position, score] of totals) if (from.titles[position]!.includes(phrase)) totals.set(position, score + PHRASE_BONUS);
    }
  }
  const ranked = [...(totals ?? new Map<number, number>())].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const items: DtcSearchHit[] = ranked.slice(input.offset, input.offset + input.limit).map(([position]) => {
    const entry = from.entries[position]!;
    return { code: entry.code, title: entry.title, severity: entry.severity, component: entry.component };
  });
  return { items, total: ranked.length, limit: input.limit, offset: input.offset };
}
