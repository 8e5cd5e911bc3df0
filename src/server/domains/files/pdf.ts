import { deflateSync } from 'node:zlib';

/**
 * Takes the document information (author, creator, producer, dates, title, custom keys) and the
 * XMP metadata out of a PDF without a PDF library (docs/files.md#rules). Every change keeps the
 * length of what it replaces, so the cross-reference offsets stay right and the document still
 * opens as before:
 * - each Info dictionary written as plain text becomes an empty dictionary (`<<      >>`), the
 *   strings it points to are blanked, and every `/Info n g R` reference is blanked, so a reader
 *   finds no document information even when the dictionary sits in a compressed object stream;
 * - each metadata stream (`/Type /Metadata` or `/Subtype /XML`) written as plain text is replaced by
 *   spaces (or, when Flate-compressed, by a compressed run of spaces of the same length), and every
 *   `/Metadata n g R` reference written as plain text is blanked.
 * What it cannot reach without rewriting the file is left as it is: dictionaries inside compressed
 * object streams keep their bytes (unreferenced, so no reader shows them), metadata streams of an
 * encrypted document or with another filter, and metadata inside embedded images.
 */

const SPACE = 0x20;
/** Bounds, so a hostile file cannot make the scan quadratic: dictionaries this long at most, this many of each kind. */
const MAX_DICTIONARY = 64 * 1024;
const MAX_OBJECTS = 32;

export interface PdfScrub {
  content: Buffer;
  /** What was taken out, for tests and logs: 'info', 'info-ref', 'xmp', 'xmp-ref'. */
  removed: string[];
}

/** The index just past a literal string starting at `at` ('('), nested parentheses and escapes included. */
function literalEnd(text: string, at: number): number {
  let depth = 0;
  const limit = Math.min(text.length, at + MAX_DICTIONARY);
  for (let i = at; i < limit; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/** The index just past the dictionary starting at `at` ('<<'), or -1 when it does not close. */
function dictionaryEnd(text: string, at: number): number {
  let depth = 0;
  let i = at;
  const limit = Math.min(text.length, at + MAX_DICTIONARY);
  while (i < limit) {
    if (text.startsWith('<<', i)) {
      depth++;
      i += 2;
    } else if (text.startsWith('>>', i)) {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else if (text[i] === '(') {
      const end = literalEnd(text, i);
      if (end < 0) return -1;
      i = end;
    } else if (text[i] === '<') {
      const end = text.indexOf('>', i);
      if (end < 0 || end > limit) return -1;
      i = end + 1;
    } else if (text[i] === '%') {
      // A comment runs to the end of the line.
      const end = text.slice(i).search(/[\r\n]/);
      i = end < 0 ? text.length : i + end;
    } else i++;
  }
  return -1;
}

/** Where each plain-text `n g obj` of an object number starts its body (all revisions). */
function objectBodies(text: string, num: string, gen: string): number[] {
  const found: number[] = [];
  const pattern = new RegExp(`(?:^|[^0-9])${num}\\s+${gen}\\s+obj\\b`, 'g');
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) found.push(match.index + match[0].length);
  return found;
}

const skipSpace = (text: string, at: number) => {
  let i = at;
  while (i < text.length && /[\s]/.test(text[i]!)) i++;
  return i;
};

/** A stream of `length` bytes that inflates to spaces only: a zlib stream of stored blocks. */
function blankDeflate(length: number): Buffer | null {
  for (let spaces = Math.max(0, length - 11); spaces >= 0 && spaces >= length - 40; spaces--) {
    const packed = deflateSync(Buffer.alloc(spaces, SPACE), { level: 0 });
    if (packed.byteLength === length) return packed;
    if (packed.byteLength < length) return null;
  }
  return null;
}

export function scrubPdfMetadata(input: Buffer): PdfScrub {
  const content = Buffer.from(input);
  const text = input.toString('latin1');
  const removed = new Set<string>();
  const blank = (from: number, to: number) => content.fill(SPACE, from, to);
  const encrypted = /\/Encrypt\s+(?:\d+\s+\d+\s+R|<<)/.test(text);

  // Document information: the dictionaries, the strings they point to, and the references to them.
  const infoObjects = new Set<string>();
  for (const ref of text.matchAll(/\/Info\s+(\d+)\s+(\d+)\s+R/g)) {
    blank(ref.index!, ref.index! + ref[0].length);
    removed.add('info-ref');
    infoObjects.add(`${ref[1]} ${ref[2]}`);
  }
  const valueObjects = new Set<string>();
  for (const object of [...infoObjects].slice(0, 8)) {
    const [num, gen] = object.split(' ') as [string, string];
    for (const body of objectBodies(text, num, gen).slice(0, MAX_OBJECTS)) {
      const start = skipSpace(text, body);
      if (!text.startsWith('<<', start)) continue;
      const end = dictionaryEnd(text, start);
      if (end < 0) continue;
      const dictionary = text.slice(start, end);
      blank(start + 2, end - 2);
      removed.add('info');
      for (const inner of dictionary.matchAll(/(\d+)\s+(\d+)\s+R/g)) valueObjects.add(`${inner[1]} ${inner[2]}`);
    }
  }
  // Values kept in objects of their own ('/Author 7 0 R'): the strings are blanked where they stand.
  for (const object of [...valueObjects].slice(0, 16)) {
    const [num, gen] = object.split(' ') as [string, string];
    for (const valueAt of objectBodies(text, num, gen).slice(0, MAX_OBJECTS)) {
      const at = skipSpace(text, valueAt);
      const stop = text[at] === '(' ? literalEnd(text, at) : text[at] === '<' && text[at + 1] !== '<' ? text.indexOf('>', at) + 1 : -1;
      if (stop > at) blank(at + 1, stop - 1);
    }
  }

  // XMP: references written as text, then the metadata streams themselves.
  for (const ref of text.matchAll(/\/Metadata\s+\d+\s+\d+\s+R/g)) {
    blank(ref.index!, ref.index! + ref[0].length);
    removed.add('xmp-ref');
  }
  if (!encrypted) {
    let streams = 0;
    for (const marker of text.matchAll(/\/Type\s*\/Metadata\b|\/Subtype\s*\/XML\b/g)) {
      if (++streams > MAX_OBJECTS) break;
      // The object this marker belongs to: the nearest 'n g obj <<' before it.
      const before = text.slice(Math.max(0, marker.index! - MAX_DICTIONARY), marker.index!);
      const headers = [...before.matchAll(/(?:^|[^0-9])\d+\s+\d+\s+obj\s*<</g)];
      const header = headers.at(-1);
      if (!header) continue;
      const start = marker.index! - before.length + header.index! + header[0].length - 2;
      const end = dictionaryEnd(text, start);
      if (end < 0 || end < marker.index!) continue;
      const dictionary = text.slice(start, end);
      const streamWord = /^\s*stream\r?\n/.exec(text.slice(end, end + 20));
      if (!streamWord) continue;
      const dataStart = end + streamWord[0].length;
      const direct = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
      let dataEnd = direct ? dataStart + Number(direct[1]) : text.indexOf('endstream', dataStart);
      if (!direct && dataEnd > dataStart) dataEnd -= /\r?\n$/.exec(text.slice(dataEnd - 2, dataEnd))?.[0].length ?? 0;
      if (dataEnd <= dataStart || dataEnd > text.length) continue;
      const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary)?.[1]?.replace(/[[\]\s]/g, '');
      if (!filter) {
        blank(dataStart, dataEnd);
        removed.add('xmp');
      } else if (filter === '/FlateDecode' && !/\/DecodeParms/.test(dictionary)) {
        const replacement = blankDeflate(dataEnd - dataStart);
        if (replacement) {
          replacement.copy(content, dataStart);
          removed.add('xmp');
        }
      }
    }
  }
  return { content, removed: [...removed] };
}
