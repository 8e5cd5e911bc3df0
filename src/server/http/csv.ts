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
