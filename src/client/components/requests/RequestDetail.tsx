import { Alert, Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { shortId } from '../../../shared/format.ts';
import { INQUIRY_TYPE_LABELS } from '../../../shared/inquiries.ts';
import { formatCost } from '../../../shared/money.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { AppointmentStatusBadge, InquiryStatusBadge } from '../shop/badges.tsx';
import { InquiryThread } from '../shop/InquiryThread.tsx';
import { Field, formatDate, formatDateTime, ShopDialog } from '../shop/parts.tsx';

/** One of my requests: its status, the shop's replies, the appointment made from it, and cancel. */
export function RequestDetail({ id }: { id: string }) {
  const utils = trpc.useUtils();
  const inquiry = trpc.inquiries.get.useQuery({ id }, { retry: false });
  // My own appointments (server scope `mine`), newest first: the one made from this request among them.
  const appointments = trpc.appointments.list.useQuery({ mine: true, limit: 100 });
  const [confirming, setConfirming] = useState(false);
  const cancel = trpc.inquiries.cancel.useMutation({
    onSuccess: () => {
      notifySuccess('Request cancelled', 'The shop sees that you no longer need it');
      setConfirming(false);
      void utils.inquiries.invalidate();
    },
    onError: (error) => notifyError('Error', errorMessage(error, 'The request could not be cancelled')),
  });
  const back = (
    <Anchor component={Link} href="/requests" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden /> My Requests
      </Group>
    </Anchor>
  );

  if (inquiry.isPending) return <Stack>{back}<Skeleton h={220} /></Stack>;
  if (inquiry.isError || !inquiry.data) {
    return (
      <Stack>
        {back}
        <Alert color="red" title="Request not found">
          {errorMessage(inquiry.error, 'This request could not be loaded')}
        </Alert>
      </Stack>
    );
  }
  const request = inquiry.data;
  const appointment = appointments.data?.items.find((a) => a.inquiryId === request.id) ?? null;
  const cost = formatCost(request.estimatedCost);
  const cancellable = request.status === 'open' || request.status === 'in_progress';

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {request.subject}
          </Title>
          <Text c="dimmed" size="sm">
            Request #{shortId(request.id)} · {INQUIRY_TYPE_LABELS[request.inquiryType]} · to {request.serviceCenterName ?? 'a shop'}
          </Text>
        </Stack>
        <InquiryStatusBadge status={request.status} />
      </Group>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Field label="Description">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {request.description}
            </Text>
          </Field>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Field label="Vehicle">
              <Text size="sm">{request.vehicleLabel ?? 'Not named'}</Text>
            </Field>
            <Field label="Sent">
              <Text size="sm">{formatDateTime(request.createdAt)}</Text>
            </Field>
            {cost ? (
              <Field label="Estimated cost">
                <Text size="sm">{cost}</Text>
              </Field>
            ) : null}
            {request.scheduledDate ? (
              <Field label="Scheduled">
                <Text size="sm">{formatDate(request.scheduledDate)}</Text>
              </Field>
            ) : null}
          </SimpleGrid>
        </Stack>
      </Card>
      {appointment ? (
        <Card withBorder padding="md" aria-label="Appointment">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Text fw={600}>Appointment</Text>
              <Text size="sm">
                {appointment.serviceType} · {formatDateTime(appointment.appointmentDate)} · {appointment.duration} min
              </Text>
            </Stack>
            <AppointmentStatusBadge status={appointment.status} />
          </Group>
        </Card>
      ) : null}
      <Card withBorder padding="md">
        <InquiryThread inquiryId={request.id} shopSide={false} />
      </Card>
      {cancellable ? (
        <Group justify="flex-end">
          <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
            Cancel request
          </Button>
        </Group>
      ) : null}
      <ShopDialog opened={confirming} onClose={() => setConfirming(false)} title="Cancel this request?" size="md">
        <Stack gap="md">
          <Text size="sm">{request.serviceCenterName ?? 'The shop'} will see the request as closed. You can send a new one at any time.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep request
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate({ id: request.id })}>
              Cancel request
            </Button>
          </Group>
        </Stack>
      </ShopDialog>
    </Stack>
  );
}
