import { messages as wire, protocol, type PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { PgliteDriver } from './pglite-driver.ts';

/**
 * Kysely on embedded PGlite, one call into the database per statement, and reads and writes kept
 * prepared (decision 173).
 * - PGlite's own `query` enters the WebAssembly server six times a statement (parse, describe the
 *   parameters, bind, describe the result, execute, sync); each entry costs more than a small
 *   statement's own work. Here the messages go in one buffer, so a statement costs one entry.
 * - A SELECT, WITH, INSERT, UPDATE or DELETE is prepared under a name the first time its text is
 *   seen, and later only bound and run: it is not parsed again, and PostgreSQL stops planning it
 *   once its generic plan is estimated no dearer than planning for each call's values. At most
 *   200 statements and 1 MB of their text are kept, the least recently used let go first.
 * - Parameters' types are left to the server to infer, as before, and written as text from their
 *   JavaScript type, the way the `pg` driver writes them for the PostgreSQL server.
 */
export class PgliteDialect implements Dialect {
  constructor(
    private readonly client: PGlite,
    private readonly limits: StatementLimits = STATEMENT_LIMITS,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PgliteDriver(this.client, new PgliteConnection(this.client, this.limits));
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

/** One parameter as the text the server reads for it; null stays SQL NULL. */
export function parameterText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  if (Array.isArray(value)) return arrayLiteral(value);
  return JSON.stringify(value);
}

/** A JavaScript array as a PostgreSQL array literal: every element quoted, NULL for null. */
function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((item) => {
    if (Array.isArray(item)) return arrayLiteral(item);
    const text = parameterText(item);
    return text === null ? 'NULL' : `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

type Parser = PGlite['parsers'][number];

/**
 * The rows of a statement's answer, each column read by the client's parser for its type, and the
 * rows a write touched. (PGlite's own reader copies its table of several hundred parsers on every
 * call, which cost more than a small statement.)
 */
export function rowsOf<R>(messages: readonly wire.BackendMessage[], parsers: Record<number, Parser>): QueryResult<R> {
  const rows: Record<string, unknown>[] = [];
  let names: string[] = [];
  let types: number[] = [];
  let columnParsers: (Parser | undefined)[] = [];
  let affected = 0;
  for (const message of messages) {
    if (message instanceof wire.RowDescriptionMessage) {
      names = message.fields.map((field) => field.name);
      types = message.fields.map((field) => field.dataTypeID);
      columnParsers = types.map((type) => parsers[type]);
    } else if (message instanceof wire.DataRowMessage) {
      const row: Record<string, unknown> = {};
      message.fields.forEach((text: string | null, index: number) => {
        const parser = columnParsers[index];
        row[names[index]!] = text === null || !parser ? text : parser(text, types[index]!);
      });
      rows.push(row);
    } else if (message instanceof wire.CommandCompleteMessage) {
      affected += affectedRows(message.text);
    }
  }
  return (affected > 0 ? { rows, numAffectedRows: BigInt(affected) } : { rows }) as QueryResult<R>;
}

/** The count in a command tag: "INSERT 0 3", "UPDATE 2", "DELETE 1"; 0 for others. */
function affectedRows(tag: string): number {
  const words = tag.split(' ');
  if (words[0] === 'INSERT') return Number(words[2]);
  if (words[0] === 'UPDATE' || words[0] === 'DELETE' || words[0] === 'MERGE' || words[0] === 'COPY') return Number(words[1]);
  return 0;
}

const SYNC = protocol.serialize.sync();
const DESCRIBE_PORTAL = protocol.serialize.describe({ type: 'P' });
const EXECUTE = protocol.serialize.execute({});

function joined(parts: readonly Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/** Statements worth keeping prepared: reads and writes of rows (not DDL, SET or transaction control). */
const PREPARABLE = /^\s*(select|with|insert|update|delete)\b/i;
/** At most `count` prepared statements, holding at most `textBytes` of SQL text among them. */
export interface StatementLimits {
  count: number;
  textBytes: number;
}
const STATEMENT_LIMITS: StatementLimits = { count: 200, textBytes: 1024 * 1024 };

/**
 * Marks a statement whose one plan suits every value (decision 173): write it first in the SQL.
 * Every other statement is planned for its values each time (the embedded database runs with
 * `plan_cache_mode = force_custom_plan`), since a plan made without them can be far worse.
 */
export const GENERIC_PLAN = '/* generic plan */';
const GENERIC_ON = protocol.serialize.query('SET plan_cache_mode = force_generic_plan');
const GENERIC_OFF = protocol.serialize.query('SET plan_cache_mode = force_custom_plan');

/** The messages of a statement, between switching to its one plan and back when it is marked. */
function planned(text: string, parts: Uint8Array[]): Uint8Array[] {
  return text.startsWith(GENERIC_PLAN) ? [GENERIC_ON, ...parts, GENERIC_OFF] : parts;
}

class PgliteConnection implements DatabaseConnection {
  /** SQL text → its prepared statement's name and size, least recently used first. */
  readonly #prepared = new Map<string, { name: string; bytes: number }>();
  #preparedBytes = 0;
  #named = 0;

  constructor(
    private readonly client: PGlite,
    private readonly limits: StatementLimits,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const text = compiledQuery.sql;
    const values = compiledQuery.parameters.map(parameterText);
    const known = this.#prepared.get(text);
    if (known !== undefined) {
      this.#prepared.delete(text);
      this.#prepared.set(text, known);
      try {
        return await this.#run(planned(text, [protocol.serialize.bind({ statement: known.name, values }), DESCRIBE_PORTAL, EXECUTE, SYNC]));
      } catch (error) {
        // A table's columns changed under a statement that selects them all, or the statement
        // was deallocated: prepare it again.
        const code = (error as { code?: string }).code;
        if (code !== '0A000' && code !== '26000') throw error;
        await this.#forget(text);
      }
    }
    const bytes = Buffer.byteLength(text);
    const statement = text.startsWith(GENERIC_PLAN) ? text.slice(GENERIC_PLAN.length) : text;
    if (!PREPARABLE.test(statement) || bytes > this.limits.textBytes / 8) {
      return this.#run([protocol.serialize.parse({ text }), protocol.serialize.bind({ values }), DESCRIBE_PORTAL, EXECUTE, SYNC]);
    }
    const name = `vt${++this.#named}`;
    try {
      const result = await this.#run<R>(
        planned(text, [protocol.serialize.parse({ name, text }), protocol.serialize.bind({ statement: name, values }), DESCRIBE_PORTAL, EXECUTE, SYNC]),
      );
      this.#prepared.set(text, { name, bytes });
      this.#preparedBytes += bytes;
      while (this.#prepared.size > this.limits.count || this.#preparedBytes > this.limits.textBytes) {
        const oldest = this.#prepared.keys().next().value;
        if (oldest === undefined) break;
        await this.#forget(oldest);
      }
      return result;
    } catch (error) {
      // The statement may have been prepared before the error: let it go.
      await this.#close(name);
      throw error;
    }
  }

  async #run<R>(parts: readonly Uint8Array[]): Promise<QueryResult<R>> {
    const message = joined(parts);
    // Exclusive against anything else using the client directly (a data-directory dump).
    const { messages } = await this.client.runExclusive(() => this.client.execProtocol(message));
    return rowsOf<R>(messages, this.client.parsers);
  }

  async #forget(text: string): Promise<void> {
    const known = this.#prepared.get(text);
    if (known === undefined) return;
    this.#prepared.delete(text);
    this.#preparedBytes -= known.bytes;
    await this.#close(known.name);
  }

  async #close(name: string): Promise<void> {
    const message = joined([protocol.serialize.close({ type: 'S', name }), SYNC]);
    await this.client.runExclusive(() => this.client.execProtocol(message, { throwOnError: false }));
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    if (!Number.isInteger(chunkSize) || chunkSize <= 0) throw new Error('chunkSize must be a positive integer');
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let start = 0; start < rows.length; start += chunkSize) yield { rows: rows.slice(start, start + chunkSize) };
  }
}
