/**
 * Reads CSV text as RFC 4180 says: fields separated by commas, records by CRLF (or a bare LF or CR),
 * fields in double quotes may hold commas, line breaks and doubled quotes. A byte-order mark at
 * the start is dropped. Bounded: the caller states the most records it takes, and a record past it
 * stops the reading with `tooManyRows` instead of reading on.
 */

export interface CsvTable {
  /** The first record, trimmed. */
  headers: string[];
  /** The records after the header, each with its line number in the file (the header is line 1). */
  rows: { line: number; cells: string[] }[];
}

export type CsvReadResult = { ok: true; table: CsvTable } | { ok: false; message: string };

export const CSV_READ_LIMITS = { maxColumns: 100, maxFieldChars: 10_000 } as const;

export function readCsv(text: string, maxRows: number): CsvReadResult {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const n = input.length;

  const endField = (): string | null => {
    if (field.length > CSV_READ_LIMITS.maxFieldChars) return `Line ${recordLine}: a field is longer than ${CSV_READ_LIMITS.maxFieldChars.toLocaleString('en-US')} characters`;
    cells.push(field);
    field = '';
    fieldStarted = false;
    if (cells.length > CSV_READ_LIMITS.maxColumns) return `Line ${recordLine}: more than ${CSV_READ_LIMITS.maxColumns} columns`;
    return null;
  };
  const endRecord = (): string | null => {
    const problem = endField();
    if (problem) return problem;
    // A blank line is no record.
    if (!(cells.length === 1 && cells[0] === '')) {
      if (records.length > maxRows) return 'too many';
      records.push({ line: recordLine, cells });
    }
    cells = [];
    return null;
  };

  while (i < n) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (c === '\n' || (c === '\r' && input[i + 1] !== '\n')) line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
      i++;
      continue;
    }
    if (c === ',') {
      const problem = endField();
      if (problem) return { ok: false, message: problem };
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      const problem = endRecord();
      if (problem === 'too many') return { ok: false, message: tooManyRows(maxRows) };
      if (problem) return { ok: false, message: problem };
      i += c === '\r' && input[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    field += c;
    fieldStarted = true;
    i++;
  }
  if (quoted) return { ok: false, message: `Line ${recordLine}: a quoted field is not closed` };
  if (field !== '' || cells.length > 0) {
    const problem = endRecord();
    if (problem === 'too many') return { ok: false, message: tooManyRows(maxRows) };
    if (problem) return { ok: false, message: problem };
  }
  const [header, ...rows] = records;
  if (!header) return { ok: false, message: 'The file is empty: it needs a header line and at least one row' };
  return { ok: true, table: { headers: header.cells.map((h) => h.trim()), rows } };
}

export const tooManyRows = (maxRows: number) => `The file has more than ${maxRows.toLocaleString('en-US')} rows: split it into smaller files`;
