import { useCallback, useEffect, useRef, useState } from 'react';
import type { Inspection, UpdateInspectionInput } from '../../../shared/inspections.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useSaveTracker, type SaveState } from './save-tracker.ts';

/** Long enough to not send every keystroke, short enough that leaving the page loses nothing. */
const DELAY_MS = 800;

export interface Autosave<D> {
  draft: D;
  state: SaveState;
  /** Changes fields of the draft; `now` sends at once (a button press, leaving a field). */
  change(patch: Partial<D>, now?: boolean): void;
  flush(): Promise<void>;
}

/**
 * A draft's fields as the user types them, sent through `inspections.update` after a pause, only
 * the fields that changed. What was typed stays on screen when a save fails; it goes again with the
 * next change or a retry. The server's answer never overwrites the fields.
 */
export function useAutosave<D extends object>(options: {
  key: string;
  initial: () => D;
  toInput: (draft: D, fields: ReadonlySet<keyof D>) => UpdateInspectionInput;
  onSaved: (inspection: Inspection) => void;
}): Autosave<D> {
  const { key } = options;
  const tracker = useSaveTracker();
  const { mutateAsync } = trpc.inspections.update.useMutation();
  const [draft, setDraft] = useState<D>(options.initial);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const latest = useRef(draft);
  const dirty = useRef(new Set<keyof D>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<Promise<void> | null>(null);
  const callbacks = useRef({ toInput: options.toInput, onSaved: options.onSaved, mutateAsync });
  useEffect(() => {
    callbacks.current = { toInput: options.toInput, onSaved: options.onSaved, mutateAsync };
  });

  const report = useCallback(
    (next: SaveState) => {
      setState(next);
      tracker.report(key, next);
    },
    [tracker, key],
  );

  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    // One save at a time per draft, so an older answer never lands after a newer one.
    while (running.current) await running.current;
    if (dirty.current.size === 0) return;
    const fields = new Set(dirty.current);
    dirty.current.clear();
    report({ kind: 'saving' });
    const { toInput, onSaved, mutateAsync: send } = callbacks.current;
    const attempt = send(toInput(latest.current, fields))
      .then(
        (inspection) => {
          onSaved(inspection);
          report(dirty.current.size > 0 ? { kind: 'saving' } : { kind: 'saved' });
        },
        (error: unknown) => {
          for (const field of fields) dirty.current.add(field);
          // The server names the field's path ("items.0.estimatedCost: ..."); the field is on screen.
          report({ kind: 'error', message: errorMessage(error, 'Not saved: check the connection and try again').replace(/^[\w.]+: /, '') });
        },
      )
      .finally(() => {
        running.current = null;
      });
    running.current = attempt;
    await attempt;
  }, [report]);

  const change = useCallback(
    (patch: Partial<D>, now = false) => {
      latest.current = { ...latest.current, ...patch };
      setDraft(latest.current);
      for (const field of Object.keys(patch) as (keyof D)[]) dirty.current.add(field);
      clearTimeout(timer.current);
      if (now) void flush();
      else timer.current = setTimeout(() => void flush(), DELAY_MS);
    },
    [flush],
  );

  useEffect(() => {
    const unregister = tracker.register(key, flush);
    return () => {
      unregister();
      // Leaving the page sends what is still waiting for its pause.
      void flush();
    };
  }, [tracker, key, flush]);

  return { draft, state, change, flush };
}
