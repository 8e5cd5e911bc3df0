import { Anchor, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useSaveSummary, type SaveState, type SaveTracker } from './save-tracker.ts';

/** One draft's save state beside its name; a failure offers to send again (its reason shows below). */
export function SaveText({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  if (state.kind === 'idle') return null;
  if (state.kind === 'saving') {
    return (
      <Text size="xs" c="dimmed" aria-live="polite">
        Saving…
      </Text>
    );
  }
  if (state.kind === 'saved') {
    return (
      <Text size="xs" className="vt-status-ok" aria-live="polite">
        Saved
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" role="alert">
      <Text size="xs" c="red" style={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <IconAlertCircle size={14} aria-hidden />
        Not saved
      </Text>
      <Anchor component="button" size="xs" onClick={onRetry}>
        Retry
      </Anchor>
    </Group>
  );
}

/** The whole draft's state: what the technician checks before leaving or signing. */
export function SaveSummary({ tracker }: { tracker: SaveTracker }) {
  const state = useSaveSummary(tracker);
  return (
    <Text size="sm" aria-live="polite" c={state.kind === 'error' ? 'red' : state.kind === 'saved' ? undefined : 'dimmed'} className={state.kind === 'saved' ? 'vt-status-ok' : undefined} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
      {state.kind === 'error' ? (
        <>
          <IconAlertCircle size={16} aria-hidden />
          Some changes are not saved: {state.message}
        </>
      ) : state.kind === 'saving' ? (
        'Saving…'
      ) : state.kind === 'saved' ? (
        <>
          <IconCheck size={16} aria-hidden />
          All changes saved
        </>
      ) : (
        'Changes save as you go'
      )}
    </Text>
  );
}
