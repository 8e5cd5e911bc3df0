import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { domainError } from '../http/errors.ts';

/**
 * Keyset cursors of the shop's lists: the sort key as PostgreSQL prints it plus the row id, opaque
 * to clients. Timestamps travel as text with microseconds: a JS Date would drop them and skip rows
 * created within the same millisecond.
 */
export function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): { key: string; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(parsed[1])
    ) {
      return { key: parsed[0], id: parsed[1] };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw domainError('BAD_REQUEST', 'Invalid cursor: start again from the first page');
}

/** A timestamp's exact text (UTC, microseconds) for a cursor. */
export function timestampKey(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** A timestamp cursor key back into SQL, as text so no microsecond is lost; malformed keys are refused. */
export function timestampFromKey(key: string): RawBuilder<Date> {
  const valid = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(key) && !Number.isNaN(Date.parse(key));
  if (!valid) throw domainError('BAD_REQUEST', 'Invalid cursor: start again from the first page');
  return sql<Date>`${key}::timestamptz`;
}

/** The rows after a newest-first page's cursor: older than its timestamp, or as old with a smaller id. */
export function olderThanCursor(cursor: string, createdColumn: string, idColumn: string): RawBuilder<SqlBool> {
  const { key, id } = decodeCursor(cursor);
  return sql<SqlBool>`(${sql.ref(createdColumn)}, ${sql.ref(idColumn)}) < (${timestampFromKey(key)}, ${id}::uuid)`;
}

/** `%term%` for ILIKE with the user's own %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Rows of one page plus the cursor of the next (one extra row is fetched to know whether it exists). */
export function pageOf<Row, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
  cursorOf: (row: Row) => string,
): { items: Item[]; nextCursor: string | null } {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return { items: pageRows.map(toItem), nextCursor: hasMore && last ? cursorOf(last) : null };
}
