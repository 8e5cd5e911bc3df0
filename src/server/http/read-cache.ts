/** Values handed out by a ReadCache: shared between requests, never mutated. */
const sharedValues = new WeakSet<object>();
const encodings = new WeakMap<object, Map<(value: unknown) => string, string>>();

/**
 * `encode(value)`, computed once per shared value and encoder: many requests answer with the same
 * cached list within its second, and serializing it again for each was most of their cost. Any other
 * value is encoded afresh.
 */
export function encodeOnce(value: unknown, encode: (value: unknown) => string): string {
  if (typeof value !== 'object' || value === null || !sharedValues.has(value)) return encode(value);
  let byEncoder = encodings.get(value);
  if (!byEncoder) {
    byEncoder = new Map();
    encodings.set(value, byEncoder);
  }
  let text = byEncoder.get(encode);
  if (text === undefined) {
    text = encode(value);
    byEncoder.set(encode, text);
  }
  return text;
}

/** Who is asking, as far as an answer can differ: the user and their role, or a visitor. */
export function viewerKey(user: { id: string; role: string | null } | null): string {
  return user ? `${user.id}:${user.role ?? ''}` : '-';
}

/** True for a value that a ReadCache handed out. */
export function isShared(value: unknown): boolean {
  return typeof value === 'object' && value !== null && sharedValues.has(value);
}

interface Entry {
  value: Promise<unknown>;
  until: number;
  /** False once a write dropped this read (its scope was cleared). */
  live: boolean;
}

/**
 * A per-process micro-cache for hot list reads. Concurrent identical reads share one query, and
 * its answer serves the same read for `ttlMs`. A write through this process clears its scope at
 * once; a write made by another process is seen here within `ttlMs`. Values are shared between
 * requests and must not be mutated.
 */
export class ReadCache {
  private readonly scopes = new Map<string, Map<string, Entry>>();
  /** The entry behind each value handed out, to tell whether it is still the current answer. */
  private readonly entryOf = new WeakMap<object, Entry>();
  private readonly answers = new Map<string, { values: readonly unknown[]; text: string }>();
  private size = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 5_000,
  ) {}

  async get<T>(scope: string, key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.scopes.get(scope)?.get(key);
    if (hit && hit.until >= now) return hit.value as Promise<T>;
    if (!hit && this.size >= this.maxEntries) this.clear();
    let entries = this.scopes.get(scope);
    if (!entries) {
      entries = new Map();
      this.scopes.set(scope, entries);
    }
    const entry: Entry = { value: Promise.resolve(), until: now + this.ttlMs, live: true };
    const value = load().then((loaded) => {
      if (typeof loaded === 'object' && loaded !== null) {
        sharedValues.add(loaded);
        this.entryOf.set(loaded, entry);
      }
      return loaded;
    });
    entry.value = value;
    const scoped = entries;
    if (!scoped.has(key)) this.size += 1;
    scoped.set(key, entry);
    // A failed read is not remembered.
    value.catch(() => {
      if (scoped.get(key) === entry) {
        scoped.delete(key);
        this.size -= 1;
      }
    });
    return value;
  }

  /**
   * True while `value` is what this cache answers for the read that produced it: not expired, and
   * its scope not cleared by a write since.
   */
  holds(value: unknown): boolean {
    if (typeof value !== 'object' || value === null) return false;
    const entry = this.entryOf.get(value);
    return entry !== undefined && entry.live && entry.until >= Date.now();
  }

  /**
   * An answer remembered under `key` (a viewer and a request), while the value behind it is held.
   * Callers remember only answers that are a held value as a whole: such an answer is a function of
   * the read's key, which covers the request's input and what the viewer may see, so the same
   * viewer asking the same thing gets the same answer until the value is dropped or expires.
   */
  answerFor(key: string): string | undefined {
    const known = this.answers.get(key);
    if (!known) return undefined;
    if (known.values.every((value) => this.holds(value))) return known.text;
    this.answers.delete(key);
    return undefined;
  }

  /** Remembers `text` as the answer under `key` for as long as every one of `values` is held. */
  remember(key: string, values: readonly unknown[], text: string): void {
    if (!values.every((value) => this.holds(value))) return;
    if (this.answers.size >= this.maxEntries * 2) this.answers.clear();
    this.answers.set(key, { values, text });
  }

  /** Forgets every read of a scope (after a write to what it lists). */
  invalidate(scope: string): void {
    const entries = this.scopes.get(scope);
    if (!entries) return;
    for (const entry of entries.values()) entry.live = false;
    this.size -= entries.size;
    this.scopes.delete(scope);
  }

  clear(): void {
    for (const entries of this.scopes.values()) for (const entry of entries.values()) entry.live = false;
    this.scopes.clear();
    this.size = 0;
  }
}
