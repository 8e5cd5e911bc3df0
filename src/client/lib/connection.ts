import { useSyncExternalStore } from 'react';

/**
 * Whether the server can be reached (docs/screens.md#offline): the browser's own flag, every API
 * call's outcome (a request that never got an answer means offline; any answer means online), and
 * a cheap `GET /api/health` while in doubt: every 30 seconds when online, every 5 when offline,
 * and at once when the browser says the network is back.
 */
export type ConnectionState = 'online' | 'offline';

const ONLINE_EVERY_MS = 30_000;
const OFFLINE_EVERY_MS = 5_000;
const CHECK_TIMEOUT_MS = 4_000;

let state: ConnectionState = typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'online';
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;
let started = false;

function set(next: ConnectionState): void {
  // An answer that arrives after the browser said it went offline (a request already under way)
  // does not bring it back online: the browser's own 'online' event and the next check do.
  if (next === 'online' && typeof navigator !== 'undefined' && navigator.onLine === false) next = 'offline';
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
  schedule();
}

function schedule(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = setTimeout(() => void check(), state === 'online' ? ONLINE_EVERY_MS : OFFLINE_EVERY_MS);
}

/** Asks the server once; the answer (or its absence) sets the state. */
export async function check(): Promise<ConnectionState> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    set('offline');
    schedule();
    return state;
  }
  try {
    const res = await fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    set(res.ok ? 'online' : 'offline');
  } catch {
    set('offline');
  }
  schedule();
  return state;
}

function start(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('offline', () => set('offline'));
  window.addEventListener('online', () => void check());
  schedule();
}

/**
 * A fetch for the API client that reports what it saw: a network failure (no answer at all) turns
 * the state offline; any answer, errors included, means the server is there.
 */
export const observedFetch: typeof fetch = async (input, init) => {
  try {
    const res = await fetch(input, init);
    set('online');
    return res;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) set('offline');
    throw error;
  }
};

export function connectionState(): ConnectionState {
  return state;
}

export function useConnection(): ConnectionState {
  start();
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => 'online',
  );
}

/** What a call that never reached the server says, a write's form staying open (decision 109). */
export const OFFLINE_MESSAGE = 'You are offline: nothing was sent, so nothing was saved. Try again when the connection is back.';
