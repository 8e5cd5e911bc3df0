import type { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, type DatabaseConnection, type Driver, type TransactionSettings } from 'kysely';

/**
 * Statements run on this thread for at most this long (at least one) a turn of the event loop;
 * later callers wait for the next turn, so that sockets are read and connections accepted between
 * (decision 184).
 */
export const TURN_BUDGET_MS = 10;

/** PGlite's one connection, handed to one caller at a time: a transaction holds it until it ends. */
export class PgliteDriver implements Driver {
  #busy = false;
  readonly #waiting: ((connection: DatabaseConnection) => void)[] = [];
  /** When this turn's first statement started; undefined before it. */
  #turnStart: number | undefined;

  constructor(
    private readonly client: PGlite,
    private readonly connection: DatabaseConnection,
  ) {}

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#handOver();
    });
  }

  async releaseConnection(): Promise<void> {
    this.#busy = false;
    this.#handOver();
  }

  /** The first waiting caller gets the connection while it is free and this turn has budget left. */
  #handOver(): void {
    if (this.#busy || this.#waiting.length === 0 || !this.#inBudget()) return;
    this.#busy = true;
    this.#waiting.shift()?.(this.connection);
  }

  /**
   * True while this turn's statements have run for less than the budget. The first starts the clock
   * and plans the next turn as an immediate, which runs after this turn's I/O.
   */
  #inBudget(): boolean {
    const now = performance.now();
    if (this.#turnStart === undefined) {
      this.#turnStart = now;
      setImmediate(() => {
        this.#turnStart = undefined;
        this.#handOver();
      });
      return true;
    }
    return now - this.#turnStart < TURN_BUDGET_MS;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` ISOLATION LEVEL ${settings.isolationLevel.toUpperCase()}` : '';
    const access = settings.accessMode ? ` ${settings.accessMode.toUpperCase()}` : '';
    await connection.executeQuery(CompiledQuery.raw(`START TRANSACTION${isolation}${access}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async destroy(): Promise<void> {
    await this.client.close();
  }
}
