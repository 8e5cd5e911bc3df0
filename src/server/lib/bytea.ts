import { sql, type RawBuilder } from 'kysely';

/**
 * Bytes to and from bytea columns as base64 text (docs/decisions/110-bytea-as-base64-text.md).
 * PGlite turns a Buffer parameter into hex and a bytea answer back into bytes one character at a
 * time in JavaScript (2.3 s each way for 10 MB here); as base64 text the database's own encode and
 * decode do the work (0.2 s). The PostgreSQL server takes the same statements, so one path serves both.
 */
export function byteaParam(bytes: Uint8Array): RawBuilder<Buffer> {
  return sql<Buffer>`decode(${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}, 'base64')`;
}

/** A bytea column selected as base64 text; read it back with `fromBase64`. */
export function byteaAsBase64(column: string): RawBuilder<string | null> {
  return sql<string | null>`encode(${sql.ref(column)}, 'base64')`;
}

/** The bytes of a column selected with `byteaAsBase64` (PostgreSQL wraps the text at 76 characters; the decoder skips the line breaks). */
export function fromBase64(text: string): Buffer;
export function fromBase64(text: string | null): Buffer | null;
export function fromBase64(text: string | null): Buffer | null {
  return text === null ? null : Buffer.from(text, 'base64');
}
