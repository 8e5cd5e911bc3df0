import type { FastifyReply } from 'fastify';

export type CsvCell = string | number | null;

/** Spreadsheets run cells that start like a formula; user text must not. */
export function textCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvField(value: CsvCell): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 lines (CRLF), quoting only where needed. */
export function toCsv(rows: readonly CsvCell[][]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A spreadsheet answer: its file name and RFC 4180 text. */
export interface CsvFile {
  fileName: string;
  csv: string;
}

/** Sends a CSV as a download that no cache keeps. */
export function sendCsv(reply: FastifyReply, file: CsvFile): string {
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store');
  return file.csv;
}
