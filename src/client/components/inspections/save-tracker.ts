import { createContext, useContext, useSyncExternalStore } from 'react';

export type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

/**
 * Every field of a draft saves on its own; the tracker sums up their states for the page's one
 * "Saved" line and lets signing wait for whatever is still being typed or sent.
 */
export class SaveTracker {
  private states = new Map<string, SaveState>();
  private flushers = new Map<string, () => Promise<void>>();
  private listeners = new Set<() => void>();
  private summary: SaveState = { kind: 'idle' };

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSummary = (): SaveState => this.summary;

  report(key: string, state: SaveState): void {
    // A draft that left (an item removed, the page closed) no longer counts.
    if (!this.flushers.has(key)) return;
    this.states.set(key, state);
    this.update();
  }

  private update(): void {
    const all = [...this.states.values()];
    const error = all.find((s): s is Extract<SaveState, { kind: 'error' }> => s.kind === 'error');
    const next: SaveState = error ?? (all.some((s) => s.kind === 'saving') ? { kind: 'saving' } : all.some((s) => s.kind === 'saved') ? { kind: 'saved' } : { kind: 'idle' });
    const same = next.kind === this.summary.kind && (next.kind !== 'error' || (this.summary.kind === 'error' && this.summary.message === next.message));
    if (same) return;
    this.summary = next;
    for (const listener of this.listeners) listener();
  }

  register(key: string, flush: () => Promise<void>): () => void {
    this.flushers.set(key, flush);
    return () => {
      this.flushers.delete(key);
      this.states.delete(key);
      this.update();
    };
  }

  /** Sends every pending change; true when nothing is left unsaved. */
  async flushAll(): Promise<boolean> {
    await Promise.all([...this.flushers.values()].map((flush) => flush()));
    return this.summary.kind !== 'error';
  }
}

export const SaveTrackerContext = createContext<SaveTracker | null>(null);

export function useSaveTracker(): SaveTracker {
  const tracker = useContext(SaveTrackerContext);
  if (!tracker) throw new Error('useSaveTracker needs a SaveTrackerContext');
  return tracker;
}

export function useSaveSummary(tracker: SaveTracker): SaveState {
  return useSyncExternalStore(tracker.subscribe, tracker.getSummary);
}
