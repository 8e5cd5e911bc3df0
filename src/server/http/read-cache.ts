import { MemoryCache } from '../lib/memory-cache.ts';

/** Values handed out by a ReadCache: shared between requests, never mutated. */
const sharedValues = new WeakSet<object>();
const encodings = new WeakMap<object, Map<(value: unknown) => unknown, unknown>>();

/**
 * The REST encoder: a cached value's JSON as the UTF-8 bytes sent, computed once, when it is stored;
 * every answer then writes those bytes as they are (decision 177).
 */
export const toJson = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

/**
 * `encode(value)`, computed once per shared value and encoder: many requests answer with the same
 * cached list within its second, and serializing it again for each was most of their cost. The
 * texts live as long as the value (a WeakMap), so the cache's budget bounds them too. Any other
 * value is encoded afresh.
 */
export function encodeOnce<T>(value: unknown, encode: (value: unknown) => T): T {
  if (typeof value !== 'object' || value === null || !sharedValues.has(value)) return encode(value);
  let byEncoder = encodings.get(value);
  if (!byEncoder) {
    byEncoder = new Map();
    encodings.set(value, byEncoder);
  }
  if (byEncoder.has(encode)) return byEncoder.get(encode) as T;
  const encoded = encode(value);
  byEncoder.set(encode, encoded);
  return encoded;
}

/** Who is asking, as far as an answer can differ: the user, their role and how they signed in, or a visitor. */
export function viewerKey(user: { id: string; role: string | null } | null, viaToken = false): string {
  return user ? `${user.id}:${user.role ?? ''}${viaToken ? ':token' : ''}` : '-';
}

/** A viewer's call as the read cache knows it (see `ReadCache.call`). */
export interface HeldCall {
  /** The call's key; undefined for an input too large to remember. */
  key: string | undefined;
  /** The held value that answered the same call before, while the cache still holds it. */
  known: unknown;
  /** Notes the value that answered the call now, when it is a value the cache holds. */
  remember(value: unknown): void;
}

/** Object keys sorted, so inputs that differ only in key order share one key. */
const sortedKeys = (_key: string, value: unknown): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : value;

const MAX_CALL_KEY = 1_024;

/**
 * The key of a viewer's call to a procedure with an input as parsed from the request (superjson's
 * envelope is gone, and with it anything else the request carried); undefined for inputs too large
 * to be worth remembering.
 */
function callKey(viewer: string, path: string, input: unknown): string | undefined {
  const key = `${viewer}\u0000${path}\u0000${input === undefined ? '' : JSON.stringify(input, sortedKeys)}`;
  return key.length <= MAX_CALL_KEY ? key : undefined;
}

/** True for a value that a ReadCache handed out. */
export function isShared(value: unknown): boolean {
  return typeof value === 'object' && value !== null && sharedValues.has(value);
}

/** A value in the heap, its JSON text and one other encoding (superjson for tRPC): about three times its JSON. */
const BYTES_PER_JSON_CHARACTER = 3;

export interface ReadCacheLimits {
  maxBytes: number;
  maxEntries: number;
}

export const DEFAULT_READ_CACHE_LIMITS: ReadCacheLimits = { maxBytes: 32 * 1024 * 1024, maxEntries: 2_000 };

/**
 * A per-process micro-cache for hot list reads. Concurrent identical reads share one query, and
 * its answer serves the same read for `ttlMs`. A write through this process clears its scope at
 * once; a write made by another process is seen here within `ttlMs`. Keys are built by the
 * procedures from their parsed, validated input, so inputs that mean the same share one entry.
 * Held values are bounded by bytes and count; expired ones are dropped by themselves. Values are
 * shared between requests and must not be mutated.
 */
export class ReadCache {
  private readonly entries: MemoryCache<Promise<unknown>>;
  /** The entry behind each value handed out, to tell whether it is still the current answer. */
  private readonly slotOf = new WeakMap<object, { slot: string; value: Promise<unknown> }>();
  /** Which held value answered a viewer's call (see `recall`); holds no value alive by itself. */
  private readonly calls: MemoryCache<WeakRef<object>>;
  /** Answers joined from held values' encodings (see `joined`), with the parts they were joined from. */
  private readonly joins: MemoryCache<{ parts: readonly Buffer[]; whole: Buffer }>;

  constructor(
    readonly ttlMs: number,
    limits: ReadCacheLimits = DEFAULT_READ_CACHE_LIMITS,
  ) {
    this.entries = new MemoryCache({ ...limits, ttlMs });
    this.calls = new MemoryCache({ maxBytes: 4 * 1024 * 1024, maxEntries: 20_000, ttlMs });
    // A quarter of the budget again for joined answers: each is a copy of values held above.
    this.joins = new MemoryCache({ maxBytes: Math.floor(limits.maxBytes / 4), maxEntries: limits.maxEntries, ttlMs });
  }

  /** Estimated bytes held, joined answers included (for tests and the memory bench). */
  get bytes(): number {
    return this.entries.bytes + this.joins.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get<T>(scope: string, key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const slot = `${scope}\u0000${key}`;
    const hit = this.entries.get(slot);
    if (hit) return hit as Promise<T>;
    const value = load().then((loaded) => {
      if (typeof loaded !== 'object' || loaded === null) return loaded;
      sharedValues.add(loaded);
      this.slotOf.set(loaded, { slot, value });
      const json = toJson(loaded);
      encodings.set(loaded, new Map([[toJson, json]]));
      // Charged its size once known; dropped when it does not fit, or when a write cleared the
      // scope while it was loading.
      if (this.entries.get(slot) === value) this.entries.set(slot, value, json.length * BYTES_PER_JSON_CHARACTER);
      return loaded;
    });
    // Until it answers, a read is held at the size of its key, so concurrent readers share it.
    this.entries.set(slot, value, 0);
    // A failed read is not remembered.
    value.catch(() => {
      if (this.entries.get(slot) === value) this.entries.delete(slot);
    });
    return value;
  }

  /**
   * True while `value` is what this cache answers for the read that produced it: not expired, not
   * dropped for room, and its scope not cleared by a write since.
   */
  holds(value: unknown): boolean {
    if (typeof value !== 'object' || value === null) return false;
    const origin = this.slotOf.get(value);
    return origin !== undefined && this.entries.get(origin.slot) === origin.value;
  }

  /**
   * The value that answered `call` (a viewer, a procedure and its canonical input; see `callKey`)
   * while this cache still holds it. The same viewer repeating the same call then skips the
   * procedure's machinery: its answer would be that value again.
   */
  private recall(call: string): unknown {
    const value = this.calls.get(call)?.deref();
    return value !== undefined && this.holds(value) ? value : undefined;
  }

  /**
   * A viewer's call to a procedure with an input as parsed from the request: the value that answered
   * it while still held, and how to remember the next one. Both adapters' read paths take it.
   */
  call(viewer: string, path: string, input: unknown): HeldCall {
    const key = callKey(viewer, path, input);
    return {
      key,
      known: key === undefined ? undefined : this.recall(key),
      remember: (value) => {
        if (key !== undefined) this.remember(key, value);
      },
    };
  }

  /** Notes that `value` answered `call`, when it is a value this cache holds. */
  private remember(call: string, value: unknown): void {
    if (this.holds(value)) this.calls.set(call, new WeakRef(value as object), 64);
  }

  /**
   * `join(parts)`, built once while the same parts come together again under `key` (e.g. a tRPC
   * batch of held values' encodings, whose joined copy was most of what such a request allocated).
   * A part that is not the very buffer it was (a value read again, a call that failed) makes a new
   * whole. Held within the cache's time to live and a byte budget of its own.
   */
  joined(key: string, parts: readonly Buffer[], join: (parts: readonly Buffer[]) => Buffer): Buffer {
    const known = this.joins.get(key);
    if (known !== undefined && known.parts.length === parts.length && known.parts.every((part, i) => part === parts[i])) return known.whole;
    const whole = join(parts);
    if (this.ttlMs > 0) this.joins.set(key, { parts, whole }, whole.length);
    return whole;
  }

  /** Forgets every read of a scope (after a write to what it lists). */
  invalidate(scope: string): void {
    const prefix = `${scope}\u0000`;
    this.entries.deleteWhere((key) => key.startsWith(prefix));
  }

  clear(): void {
    this.entries.clear();
    this.calls.clear();
    this.joins.clear();
  }
}
