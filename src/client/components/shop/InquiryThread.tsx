import { Alert, Button, Card, Group, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { MESSAGE_MAX } from '../../../shared/inquiries.ts';
import { toasts } from '../../lib/notify.ts';
import { trpc } from '../../lib/trpc.ts';
import { formatDateTime } from './parts.tsx';

/**
 * An inquiry's messages, newest last, with a box to write (docs/inquiries.md#messages). The same
 * thread serves the customer (My Requests) and the shop's staff; `shopSide` only changes wording.
 */
export function InquiryThread({ inquiryId, shopSide, canWrite = true }: { inquiryId: string; shopSide: boolean; canWrite?: boolean }) {
  const utils = trpc.useUtils();
  const thread = trpc.inquiries.messages.list.useQuery({ inquiryId }, { refetchInterval: 30_000 });
  const [body, setBody] = useState('');
  const send = trpc.inquiries.messages.send.useMutation(
    toasts({
      failed: 'The message could not be sent',
      then: () => {
        setBody('');
        void utils.inquiries.messages.list.invalidate({ inquiryId });
      },
    }),
  );
  const text = body.trim();

  return (
    <Stack gap="sm">
      <Text fw={600}>Messages</Text>
      {thread.isPending ? (
        <Skeleton h={60} />
      ) : thread.isError ? (
        <Alert color="red">Messages could not be loaded</Alert>
      ) : thread.data.messages.length === 0 ? (
        <Text size="sm" c="dimmed">
          {shopSide ? 'No messages yet. Write to the customer below.' : 'No messages yet. The shop\u2019s replies appear here.'}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" aria-label="Messages" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {thread.data.hasEarlier ? (
            <Text size="xs" c="dimmed" ta="center">
              Earlier messages are not shown
            </Text>
          ) : null}
          {thread.data.messages.map((m) => (
            <Card
              key={m.id}
              component="li"
              withBorder
              padding="xs"
              maw="85%"
              ml={m.mine ? 'auto' : undefined}
              bg={m.mine ? 'var(--mantine-color-blue-light)' : undefined}
              data-from={m.fromStaff ? 'shop' : 'customer'}
            >
              <Text size="xs" c="dimmed">
                {m.fromStaff ? (shopSide ? (m.mine ? 'You' : (m.authorName ?? 'Staff')) : `The shop${m.authorName ? ` (${m.authorName})` : ''}`) : m.mine ? 'You' : 'Customer'} ·{' '}
                {formatDateTime(m.createdAt)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.body}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
      {canWrite ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (text) send.mutate({ inquiryId, body: text });
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={shopSide ? 'Reply to the customer' : 'Write to the shop'}
              placeholder="Type your message"
              autosize
              minRows={2}
              maxRows={8}
              maxLength={MESSAGE_MAX}
              value={body}
              onChange={(event) => setBody(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending} disabled={!text}>
                {shopSide ? 'Send reply' : 'Send message'}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
