interface Entry {
  value: Promise<unknown>;
  until: number;
}

/**
 * A per-process micro-cache for hot list reads. Concurrent identical reads share one query, and
 * its answer serves the same read for `ttlMs`. A write through this process clears its scope at
 * once; a write made by another process is seen here within `ttlMs`. Values are shared between
 * requests and must not be mutated.
 */
export class ReadCache {
  private readonly scopes = new Map<string, Map<string, Entry>>();
  private size = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 5_000,
  ) {}

  async get<T>(scope: string, key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    let entries = this.scopes.get(scope);
    const now = Date.now();
    const hit = entries?.get(key);
    if (hit && hit.until >= now) return hit.value as Promise<T>;
    if (!entries) {
      entries = new Map();
      this.scopes.set(scope, entries);
    }
    if (this.size >= this.maxEntries) this.clear();
    const value = load();
    const scoped = entries;
    scoped.set(key, { value, until: now + this.ttlMs });
    this.size += hit ? 0 : 1;
    // A failed read is not remembered.
    value.catch(() => {
      if (scoped.get(key)?.value === value) {
        scoped.delete(key);
        this.size -= 1;
      }
    });
    return value;
  }

  /** Forgets every read of a scope (after a write to what it lists). */
  invalidate(scope: string): void {
    const entries = this.scopes.get(scope);
    if (!entries) return;
    this.size -= entries.size;
    this.scopes.delete(scope);
  }

  clear(): void {
    this.scopes.clear();
    this.size = 0;
  }
}
