/**
 * vPIC pattern matching, following NHTSA's own decoder (spVinDecode): a VIN is reduced to the key
 * string "positions 4-8 | positions 10-17" and each pattern key matches it as a prefix, with '*' for
 * any character, '[..]' for a character class and '#' for a digit whose value the pattern extracts.
 */

/** The string pattern keys are matched against: VDS (4-8), '|', VIS (10-17); position 9 is skipped. */
export function vinPatternKeys(vin: string): string {
  return `${vin.slice(3, 8)}|${vin.slice(9, 17)}`;
}

/** The manufacturer code: positions 1-3, or 1-3 plus 12-14 for small makers (position 3 is '9'). */
export function vinWmi(vin: string): string {
  return vin.charAt(2) === '9' ? vin.slice(0, 3) + vin.slice(11, 14) : vin.slice(0, 3);
}

function classMatches(key: string, start: number, end: number, c: string): boolean {
  for (let i = start; i < end; i++) {
    const from = key.charAt(i);
    if (key.charAt(i + 1) === '-' && i + 2 < end) {
      if (c >= from && c <= key.charAt(i + 2)) return true;
      i += 2;
    } else if (from === c) {
      return true;
    }
  }
  return false;
}

/** Whether a pattern key matches the start of the VIN's key string. */
export function keyMatches(key: string, target: string): boolean {
  let t = 0;
  for (let k = 0; k < key.length; k++, t++) {
    if (t >= target.length) return false;
    const c = target.charAt(t);
    const p = key.charAt(k);
    if (p === '[') {
      const end = key.indexOf(']', k);
      if (end < 0 || !classMatches(key, k + 1, end, c)) return false;
      k = end;
    } else if (p === '#') {
      if (c < '0' || c > '9') return false;
    } else if (p !== '*' && p !== c) {
      return false;
    }
  }
  return true;
}

/** For a '#' (formula) key: the VIN characters between its first and last '#', e.g. a cylinder count. */
export function formulaValue(key: string, target: string): string {
  const first = key.indexOf('#');
  const last = key.lastIndexOf('#');
  return first < 0 ? '' : target.slice(first, last + 1);
}

export interface RankedItem {
  /** vPIC's priority: the schema's first model year for patterns, fixed values for other sources. */
  priority: number;
  changedOn: string;
  keys: string;
  order: number;
}

function specificity(keys: string): number {
  return keys.replaceAll('*', '').length;
}

/**
 * vPIC's tie-break when several patterns give the same element: higher priority, then the most
 * recently changed, then fewer fixed characters, then key text, then load order.
 */
export function compareRanked(a: RankedItem, b: RankedItem): number {
  return (
    b.priority - a.priority ||
    (a.changedOn === b.changedOn ? 0 : a.changedOn < b.changedOn ? 1 : -1) ||
    specificity(a.keys) - specificity(b.keys) ||
    compareText(a.keys.replace(/[[\]]/g, ''), b.keys.replace(/[[\]]/g, '')) ||
    a.order - b.order
  );
}

function compareText(a: string, b: string): number {
  return a === b ? 0 : a < b ? -1 : 1;
}
