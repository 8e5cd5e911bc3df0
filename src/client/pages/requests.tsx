import { Alert, Box, Button, Card, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconBuildingStore } from '@tabler/icons-react';
import { useSearchParams } from 'wouter';
import { formatDuration } from '../../shared/format.ts';
import { INQUIRY_TYPE_LABELS, type CustomerInquiry } from '../../shared/inquiries.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { MyRepairOrders } from '../components/repair-orders/MyRepairOrders.tsx';
import { FindShop } from '../components/requests/FindShop.tsx';
import { RequestDetail } from '../components/requests/RequestDetail.tsx';
import { AppointmentStatusBadge, InquiryStatusBadge } from '../components/shop/badges.tsx';
import { EmptyState, formatDate, formatDateTime } from '../components/shop/parts.tsx';
import { listItems, LoadMore } from '../components/shop/ShopList.tsx';
import { trpc } from '../lib/trpc.ts';

/**
 * "My Requests" (docs/inquiries.md#my-requests): what I asked of shops and the appointments I
 * have, a request's thread (`?inquiry=<id>`), and "Find a shop" (`?find`).
 */
export default function RequestsPage() {
  const [params, setParams] = useSearchParams();
  const inquiryId = params.get('inquiry');
  const finding = params.has('find');

  if (inquiryId) return <RequestDetail id={inquiryId} />;
  if (finding) {
    return (
      <Stack gap="lg">
        <Button variant="subtle" w="fit-content" px={0} leftSection={<IconArrowLeft size={14} />} onClick={() => setParams({})}>
          My Requests
        </Button>
        <PageHeader title="Find a shop" description="Search the directory, then ask a shop about one of your vehicles or request an appointment" />
        <FindShop code={params.get('code')} onSent={(inquiry) => setParams({ inquiry: inquiry.id })} onRequested={() => setParams({})} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageHeader
        title="My Requests"
        description="Your questions to shops, their replies, your repair orders and appointments"
        actions={
          <Button leftSection={<IconBuildingStore size={16} />} onClick={() => setParams({ find: '' })}>
            Find a shop
          </Button>
        }
      />
      <MyInquiries open={(id) => setParams({ inquiry: id })} onFind={() => setParams({ find: '' })} />
      <MyRepairOrders />
      <MyAppointments />
    </Stack>
  );
}

function MyInquiries({ open, onFind }: { open: (id: string) => void; onFind: () => void }) {
  const list = trpc.inquiries.list.useInfiniteQuery({ mine: true, limit: 20 }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  const items = listItems(list);
  return (
    <Stack gap="sm" component="section" aria-label="Requests">
      <Title order={2} size="h4">
        Requests
      </Title>
      {list.isPending ? (
        <Skeleton h={90} />
      ) : list.isError ? (
        <Alert color="red">Your requests could not be loaded</Alert>
      ) : items.length === 0 ? (
        <EmptyState
          title="No requests yet"
          hint="Find a shop near you and ask about one of your vehicles"
          action={
            <Button variant="light" onClick={onFind}>
              Find a shop
            </Button>
          }
        />
      ) : (
        <Stack gap="xs">
          {items.map((inquiry) => (
            <RequestCard key={inquiry.id} inquiry={inquiry} onOpen={() => open(inquiry.id)} />
          ))}
          <LoadMore list={list} />
        </Stack>
      )}
    </Stack>
  );
}

function RequestCard({ inquiry, onOpen }: { inquiry: CustomerInquiry; onOpen: () => void }) {
  return (
    <UnstyledButton onClick={onOpen} w="100%">
      <Card withBorder padding="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} truncate="end">
              {inquiry.subject}
            </Text>
            <Text size="sm" c="dimmed" truncate="end">
              {inquiry.serviceCenterName ?? 'No shop'} · {INQUIRY_TYPE_LABELS[inquiry.inquiryType]}
              {inquiry.vehicleLabel ? ` · ${inquiry.vehicleLabel}` : ''}
            </Text>
            <Text size="xs" c="dimmed">
              Sent {formatDate(inquiry.createdAt)}
            </Text>
          </Stack>
          <Box style={{ flexShrink: 0 }}>
            <InquiryStatusBadge status={inquiry.status} />
          </Box>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

/** My own appointments (`appointments.list {mine: true}`: the server answers only mine), newest first. */
function MyAppointments() {
  const list = trpc.appointments.list.useInfiniteQuery({ mine: true, limit: 20 }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  const items = listItems(list);
  return (
    <Stack gap="sm" component="section" aria-label="Appointments">
      <Title order={2} size="h4">
        Appointments
      </Title>
      {list.isPending ? (
        <Skeleton h={60} />
      ) : list.isError ? (
        <Alert color="red">Your appointments could not be loaded</Alert>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No appointments yet. When a shop books one for your request, it appears here.
        </Text>
      ) : (
        <Stack gap="xs">
          {items.map((a) => (
            <Card key={a.id} withBorder padding="sm" aria-label={`Appointment: ${a.serviceType}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate="end">
                    {a.serviceType}
                  </Text>
                  <Text size="sm">
                    {formatDateTime(a.appointmentDate)} · {formatDuration(a.duration)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {a.serviceCenterName ?? 'No shop'}
                    {a.vehicleLabel ? ` · ${a.vehicleLabel}` : ''}
                  </Text>
                </Stack>
                <Box style={{ flexShrink: 0 }}>
                  <AppointmentStatusBadge status={a.status} />
                </Box>
              </Group>
            </Card>
          ))}
          <LoadMore list={list} />
        </Stack>
      )}
    </Stack>
  );
}
