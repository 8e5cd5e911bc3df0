import { Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { SESSION_LIMITS, type DiagnosticSession } from '../../../shared/diagnostics.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/**
 * Notes on a stored session for whoever keeps it (the shop that ran it, or the owner and editors of
 * their own scan): what was done about the codes, what to check next. Printed with the report.
 */
export function SessionNotes({ session }: { session: DiagnosticSession }) {
  const [text, setText] = useState(session.notes ?? '');
  const utils = trpc.useUtils();
  const save = trpc.diagnostics.update.useMutation({
    onSuccess: (saved) => {
      utils.diagnostics.get.setData({ id: saved.id }, saved);
      void utils.diagnostics.list.invalidate();
      notifySuccess('Notes saved');
    },
    onError: (error) => notifyError('Notes not saved', errorMessage(error, 'Please try again.')),
  });
  const changed = text.trim() !== (session.notes ?? '');
  return (
    <Card withBorder padding="md" component="section" aria-label="Session notes" data-no-print>
      <Stack gap="xs">
        <Textarea
          label="Notes"
          description="What was done about the codes, and what to check next. They print with the report."
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={SESSION_LIMITS.notes}
          autosize
          minRows={2}
          maxRows={8}
        />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {text.length} / {SESSION_LIMITS.notes}
          </Text>
          <Button size="xs" leftSection={<IconDeviceFloppy size={14} />} disabled={!changed} loading={save.isPending} onClick={() => save.mutate({ id: session.id, notes: text.trim() || null })}>
            Save notes
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
