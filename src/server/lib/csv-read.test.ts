import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-read.ts';

const ok = (text: string, maxRows = 100) => {
  const result = readCsv(text, maxRows);
  if (!result.ok) throw new Error(result.message);
  return result.table;
};

describe('readCsv (RFC 4180)', () => {
  it('reads quoted commas, doubled quotes and line breaks inside quotes, CRLF records and a BOM', () => {
    const table = ok('\uFEFFDate,Notes,Cost\r\n2024-01-02,"Oil, filter","12.50"\r\n2024-02-03,"said ""fine""\r\nnext line",3\r\n');
    expect(table.headers).toEqual(['Date', 'Notes', 'Cost']);
    expect(table.rows).toEqual([
      { line: 2, cells: ['2024-01-02', 'Oil, filter', '12.50'] },
      { line: 3, cells: ['2024-02-03', 'said "fine"\r\nnext line', '3'] },
    ]);
  });

  it('takes LF and CR endings, skips blank lines and reads a last record without an ending; line numbers count the file', () => {
    const table = ok('a,b\n1,2\n\n3,4\r5,');
    expect(table.rows).toEqual([
      { line: 2, cells: ['1', '2'] },
      { line: 4, cells: ['3', '4'] },
      { line: 5, cells: ['5', ''] },
    ]);
  });

  it('stops at the row limit, and refuses an unclosed quote and an empty file with a message', () => {
    expect(readCsv('a\n1\n2\n3\n', 3).ok).toBe(true);
    expect(readCsv('a\n1\n2\n3\n4\n', 3)).toEqual({ ok: false, message: 'The file has more than 3 rows: split it into smaller files' });
    expect(readCsv('a,b\n1,"open\n', 10)).toEqual({ ok: false, message: 'Line 2: a quoted field is not closed' });
    expect(readCsv('\n\n', 10)).toEqual({ ok: false, message: 'The file is empty: it needs a header line and at least one row' });
    expect(readCsv(`${Array.from({ length: 101 }, (_, i) => `c${i}`).join(',')}\n`, 10)).toEqual({ ok: false, message: 'Line 1: more than 100 columns' });
  });
});
