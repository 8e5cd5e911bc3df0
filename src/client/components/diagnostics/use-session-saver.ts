import { useCallback, useState } from 'react';
import type { DiagnosticSession, Reading } from '../../../shared/diagnostics.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { sessionInput, type ScanDraft, type SessionTarget } from './session-draft.ts';
import { useSessionTargets } from './session-targets.ts';

export interface SavedSession {
  session: DiagnosticSession;
  historyName: string;
}

/**
 * Saving what was read as a diagnostic session (docs/diagnostics.md#sessions): the vehicle it
 * joins (the first offered until the user picks another), the save, and marking the session cleared
 * when the codes are cleared from the car. `onSaved` hears of every stored change, so the page
 * shows the session as it is now.
 */
export function useSessionSaver(vehicle: Parameters<typeof useSessionTargets>[0], onSaved?: (session: DiagnosticSession) => void) {
  const targets = useSessionTargets(vehicle);
  const [choice, setChoice] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedSession | null>(null);
  const [error, setError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const create = trpc.diagnostics.create.useMutation();
  const update = trpc.diagnostics.update.useMutation();
  const target: SessionTarget | null = targets.options.find((o) => o.value === choice) ?? targets.options[0] ?? null;

  const stored = useCallback(
    (session: DiagnosticSession, historyName: string) => {
      setSaved({ session, historyName });
      utils.diagnostics.get.setData({ id: session.id }, session);
      void utils.diagnostics.list.invalidate();
      onSaved?.(session);
      return session;
    },
    [onSaved, utils],
  );

  /** Stores the draft with the latest live values; null when it could not (the error says why). */
  const save = useCallback(
    async (draft: ScanDraft, live: Reading[]): Promise<DiagnosticSession | null> => {
      if (!target) return null;
      setError(null);
      try {
        return stored(await create.mutateAsync(sessionInput(draft, live, target)), target.historyName);
      } catch (cause) {
        setError(errorMessage(cause, 'The session could not be saved. Try again.'));
        return null;
      }
    },
    [create, stored, target],
  );

  const markCleared = useCallback(
    async (session: DiagnosticSession, historyName: string): Promise<void> => {
      try {
        stored(await update.mutateAsync({ id: session.id, cleared: true }), historyName);
      } catch (cause) {
        setError(errorMessage(cause, 'The codes were cleared, but the saved session could not be marked so.'));
      }
    },
    [stored, update],
  );

  const reset = useCallback(() => {
    setSaved(null);
    setError(null);
  }, []);

  return { ...targets, target, choose: setChoice, saved, error, saving: create.isPending || update.isPending, save, markCleared, reset };
}

export type SessionSaver = ReturnType<typeof useSessionSaver>;
