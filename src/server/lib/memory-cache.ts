/**
 * The one in-process memory every cache of the server is built on: bounded by a byte budget and an
 * entry count, never by trust in its callers. An entry that would not fit is not kept; older
 * entries make room for newer ones. With a time to live, expired entries are dropped by a timer
 * (unref'd, running only while something is held), so memory is given back even when nobody asks
 * again; without one, reading an entry makes it the most recently used.
 */
export interface MemoryCacheOptions {
  /** Upper bound of the estimated bytes of everything held (keys included). */
  maxBytes: number;
  maxEntries: number;
  /** How long an entry lives; Infinity for entries that only make room when the budget is full. */
  ttlMs: number;
}

interface Slot<V> {
  value: V;
  bytes: number;
  until: number;
}

/** Estimated bytes of a string in V8's heap (one byte per Latin-1 character, plus a header). */
export function stringBytes(text: string): number {
  return text.length + 16;
}

export class MemoryCache<V> {
  private readonly slots = new Map<string, Slot<V>>();
  private heldBytes = 0;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly options: MemoryCacheOptions) {}

  get size(): number {
    return this.slots.size;
  }

  /** Estimated bytes held now. */
  get bytes(): number {
    return this.heldBytes;
  }

  get(key: string): V | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    if (slot.until < Date.now()) {
      this.drop(key, slot);
      return undefined;
    }
    if (this.options.ttlMs === Infinity) {
      // The Map's order doubles as least-recently-used order.
      this.slots.delete(key);
      this.slots.set(key, slot);
    }
    return slot.value;
  }

  /**
   * Holds `value` under `key`, charged `bytes` (the key's own size is added). Returns false when
   * the entry alone exceeds the budget: it is not kept (and any older value under `key` is gone).
   */
  set(key: string, value: V, bytes: number): boolean {
    const old = this.slots.get(key);
    if (old) this.drop(key, old);
    const charged = bytes + stringBytes(key);
    if (charged > this.options.maxBytes || this.options.maxEntries <= 0) return false;
    while (this.slots.size >= this.options.maxEntries || this.heldBytes + charged > this.options.maxBytes) {
      const oldest = this.slots.entries().next();
      if (oldest.done) break;
      this.drop(oldest.value[0], oldest.value[1]);
    }
    this.slots.set(key, { value, bytes: charged, until: Date.now() + this.options.ttlMs });
    this.heldBytes += charged;
    this.startSweeping();
    return true;
  }

  delete(key: string): void {
    const slot = this.slots.get(key);
    if (slot) this.drop(key, slot);
  }

  /** Drops every entry whose key or value `test` picks. */
  deleteWhere(test: (key: string, value: V) => boolean): void {
    for (const [key, slot] of this.slots) if (test(key, slot.value)) this.drop(key, slot);
  }

  clear(): void {
    this.slots.clear();
    this.heldBytes = 0;
    this.stopSweeping();
  }

  /** Drops what has expired. Entries share one time to live, so they expire in insertion order. */
  sweep(now = Date.now()): void {
    for (const [key, slot] of this.slots) {
      if (slot.until >= now) break;
      this.drop(key, slot);
    }
    if (this.slots.size === 0) this.stopSweeping();
  }

  private drop(key: string, slot: Slot<V>): void {
    this.slots.delete(key);
    this.heldBytes -= slot.bytes;
  }

  private startSweeping(): void {
    if (this.sweeper !== undefined || this.options.ttlMs === Infinity) return;
    this.sweeper = setInterval(() => this.sweep(), Math.max(this.options.ttlMs, 250));
    this.sweeper.unref();
  }

  private stopSweeping(): void {
    if (this.sweeper === undefined) return;
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }
}
