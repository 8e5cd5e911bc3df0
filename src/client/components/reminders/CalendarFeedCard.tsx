import { Alert, Button, Card, Code, CopyButton, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCheck, IconCopy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { CreatedCalendarFeed } from '../../../shared/reminders.ts';
import { notifyError, notifySuccess, toasts } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';

function formatDate(date: Date | null): string {
  return date ? date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';
}

/** The full address a calendar app subscribes to, with the browser's time zone for "today". */
function feedUrl(feed: CreatedCalendarFeed): string {
  return `${window.location.origin}${feed.path}?${new URLSearchParams({ timeZone: browserTimeZone() })}`;
}

/** Settings: the private calendar feed of due services, reminders and appointments. */
export function CalendarFeedCard() {
  const utils = trpc.useUtils();
  const status = trpc.calendar.status.useQuery();
  const [created, setCreated] = useState<CreatedCalendarFeed | null>(null);
  const create = trpc.calendar.create.useMutation(toasts({ failed: 'Could not make the calendar link.', then: (feed) => {
    setCreated(feed);
    void utils.calendar.status.invalidate();
  } }));
  const revoke = trpc.calendar.revoke.useMutation({
    onSuccess: () => {
      setCreated(null);
      notifySuccess('Calendar link revoked', 'Calendars subscribed to it stop updating.');
      void utils.calendar.status.invalidate();
    },
    onError: (error) => notifyError('Error', errorMessage(error, 'Could not revoke the calendar link.')),
  });
  const active = status.data?.active ?? false;

  return (
    <Card withBorder padding="lg" component="section" aria-label="Calendar">
      <Stack gap="md">
        <Group gap="xs">
          <IconCalendarEvent size={20} aria-hidden />
          <Title order={2} size="h4">
            Calendar
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Subscribe to a private link in your phone's or computer's calendar to see due services, your reminders and your appointments there. Anyone with the link can read it: revoke it if it is shared by mistake.
        </Text>
        {status.isPending ? (
          <Skeleton h={36} />
        ) : status.isError ? (
          <Alert color="red" title="The calendar link could not be loaded">
            {errorMessage(status.error, 'Please try again.')}
          </Alert>
        ) : (
          <>
            {created ? (
              <Alert color="green" title="Your calendar link">
                <Stack gap="xs">
                  <Text size="sm">Copy it now: for your safety it is shown only once.</Text>
                  <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="calendar-url">
                    {feedUrl(created)}
                  </Code>
                  <CopyButton value={feedUrl(created)}>
                    {({ copied, copy }) => (
                      <Button size="xs" variant="light" leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} onClick={copy} style={{ alignSelf: 'flex-start' }}>
                        {copied ? 'Copied' : 'Copy link'}
                      </Button>
                    )}
                  </CopyButton>
                </Stack>
              </Alert>
            ) : active ? (
              <Text size="sm">
                A calendar link is active (made {formatDate(status.data.createdAt)}, last read {formatDate(status.data.lastUsedAt)}). Make a new one to see an address again; the old one then stops working.
              </Text>
            ) : (
              <Text size="sm">You have no calendar link.</Text>
            )}
            <Group gap="sm">
              <Button leftSection={<IconCalendarEvent size={16} />} loading={create.isPending} onClick={() => create.mutate()}>
                {active ? 'Make a new link' : 'Make calendar link'}
              </Button>
              {active ? (
                <Button variant="light" color="red" leftSection={<IconTrash size={16} />} loading={revoke.isPending} onClick={() => revoke.mutate()}>
                  Revoke link
                </Button>
              ) : null}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
