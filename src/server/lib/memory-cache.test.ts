import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryCache, stringBytes } from './memory-cache.ts';

describe('MemoryCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps its estimated bytes under the budget by dropping the oldest entries', () => {
    const cache = new MemoryCache<string>({ maxBytes: 1_000, maxEntries: 100, ttlMs: Infinity });
    for (let i = 0; i < 50; i++) cache.set(`k${i}`, 'v', 100);
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k49')).toBe('v');
    expect(cache.bytes).toBe(cache.size * (100 + stringBytes('k49')));
  });

  it('refuses an entry larger than the whole budget and keeps the rest', () => {
    const cache = new MemoryCache<string>({ maxBytes: 1_000, maxEntries: 100, ttlMs: Infinity });
    cache.set('small', 's', 10);
    expect(cache.set('huge', 'h', 5_000)).toBe(false);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('small')).toBe('s');
  });

  it('bounds the number of entries, least recently used first when entries do not expire', () => {
    const cache = new MemoryCache<number>({ maxBytes: 1e9, maxEntries: 3, ttlMs: Infinity });
    cache.set('a', 1, 1);
    cache.set('b', 2, 1);
    cache.set('c', 3, 1);
    expect(cache.get('a')).toBe(1);
    cache.set('d', 4, 1);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
  });

  it('drops expired entries by itself, without being asked again', () => {
    vi.useFakeTimers();
    const cache = new MemoryCache<string>({ maxBytes: 1e6, maxEntries: 100, ttlMs: 1_000 });
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, 'v', 100);
    expect(cache.size).toBe(10);
    vi.advanceTimersByTime(2_100);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('replaces a key without charging it twice, and deletes by key or test', () => {
    const cache = new MemoryCache<string>({ maxBytes: 1e6, maxEntries: 100, ttlMs: Infinity });
    cache.set('a', 'x', 100);
    cache.set('a', 'y', 200);
    expect(cache.bytes).toBe(200 + stringBytes('a'));
    cache.set('b:1', 'z', 1);
    cache.set('b:2', 'z', 1);
    cache.deleteWhere((key) => key.startsWith('b:'));
    expect(cache.size).toBe(1);
    cache.delete('a');
    expect(cache.bytes).toBe(0);
  });
});
