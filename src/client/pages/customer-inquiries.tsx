import { ActionIcon, Button, Card, Center, Group, Menu, Select, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconDots,
  IconEye,
  IconInbox,
  IconLock,
  IconMessageCircle,
  IconPlayerPlay,
  IconPlus,
  IconSearch,
  IconUrgent,
} from '@tabler/icons-react';
import { useState } from 'react';
import {
  customerLabel,
  INQUIRY_PRIORITIES,
  INQUIRY_PRIORITY_LABELS,
  INQUIRY_STATUSES,
  INQUIRY_STATUS_LABELS,
  INQUIRY_TYPE_LABELS,
  LIST_PAGE_SIZE,
  type CustomerInquiry,
  type InquiryPriority,
  type InquiryStatus,
} from '../../shared/inquiries.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { InquiryStatusBadge, PriorityBadge } from '../components/shop/badges.tsx';
import { InquiryDetail, InquiryForm } from '../components/shop/InquiryDialogs.tsx';
import { EmptyState, formatDate, ShopDialog, StatCards, TableSkeleton } from '../components/shop/parts.tsx';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { useSession } from '../lib/session.tsx';
import { errorMessage, trpc } from '../lib/trpc.ts';

const STATUS_ACTIONS: { status: InquiryStatus; label: string; icon: typeof IconPlayerPlay }[] = [
  { status: 'in_progress', label: 'Mark In Progress', icon: IconPlayerPlay },
  { status: 'resolved', label: 'Mark Resolved', icon: IconCircleCheck },
  { status: 'closed', label: 'Mark Closed', icon: IconLock },
];

export default function CustomerInquiriesPage() {
  const { role } = useSession();
  const canChangeStatus = role === 'tech';
  const utils = trpc.useUtils();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const [status, setStatus] = useState<InquiryStatus | 'all'>('all');
  const [priority, setPriority] = useState<InquiryPriority | 'all'>('all');
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<CustomerInquiry | null>(null);

  const stats = trpc.inquiries.stats.useQuery();
  const list = trpc.inquiries.list.useInfiniteQuery(
    {
      search: query || undefined,
      status: status === 'all' ? undefined : status,
      priority: priority === 'all' ? undefined : priority,
      limit: LIST_PAGE_SIZE,
    },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const inquiries = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtering = query !== '' || status !== 'all' || priority !== 'all';

  const setInquiryStatus = trpc.inquiries.setStatus.useMutation({
    onSuccess: () => {
      notifySuccess('Success', 'Customer inquiry updated successfully');
      void utils.inquiries.invalidate();
    },
    onError: (error) => notifyError('Error', errorMessage(error, 'Failed to update customer inquiry')),
  });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Customer Inquiries"
        description="Questions, quotes and complaints from customers"
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New Inquiry
          </Button>
        }
      />
      <StatCards
        loading={stats.isPending}
        stats={[
          { label: 'Total Inquiries', caption: 'All time', value: stats.data?.total, icon: IconMessageCircle, color: 'blue' },
          { label: 'Open', caption: 'Awaiting response', value: stats.data?.open, icon: IconInbox, color: 'red' },
          { label: 'In Progress', caption: 'Being handled', value: stats.data?.inProgress, icon: IconPlayerPlay, color: 'yellow' },
          { label: 'Urgent', caption: 'High priority', value: stats.data?.urgent, icon: IconUrgent, color: 'orange' },
        ]}
      />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          aria-label="Search inquiries"
          placeholder="Search inquiries..."
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Select
          aria-label="Filter by status"
          w={170}
          allowDeselect={false}
          value={status}
          onChange={(value) => setStatus((value ?? 'all') as InquiryStatus | 'all')}
          data={[{ value: 'all', label: 'All Statuses' }, ...INQUIRY_STATUSES.map((value) => ({ value, label: INQUIRY_STATUS_LABELS[value] }))]}
        />
        <Select
          aria-label="Filter by priority"
          w={170}
          allowDeselect={false}
          value={priority}
          onChange={(value) => setPriority((value ?? 'all') as InquiryPriority | 'all')}
          data={[
            { value: 'all', label: 'All Priorities' },
            ...[...INQUIRY_PRIORITIES].reverse().map((value) => ({ value, label: INQUIRY_PRIORITY_LABELS[value] })),
          ]}
        />
      </Group>

      {list.isPending ? (
        <Card withBorder padding={0}>
          <TableSkeleton columns={7} rows={5} />
        </Card>
      ) : list.isError ? (
        <EmptyState title="Inquiries could not be loaded" hint={errorMessage(list.error, 'Please try again.')} />
      ) : inquiries.length === 0 ? (
        <EmptyState
          title="No inquiries found"
          hint={filtering ? 'Try adjusting your search criteria' : 'Get started by creating your first customer inquiry'}
        />
      ) : (
        <Stack gap="md">
          <Card withBorder padding={0}>
            <Table.ScrollContainer minWidth={860}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Subject</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Priority</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Customer</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {inquiries.map((inquiry) => (
                    <Table.Tr key={inquiry.id}>
                      <Table.Td maw={280}>
                        <Group gap={6} wrap="nowrap">
                          {inquiry.priority === 'high' || inquiry.priority === 'urgent' ? (
                            <IconAlertTriangle size={16} color="var(--mantine-color-red-7)" aria-label="Needs attention" role="img" style={{ flexShrink: 0 }} />
                          ) : null}
                          <Text size="sm" fw={500} truncate="end">
                            {inquiry.subject}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td>{INQUIRY_TYPE_LABELS[inquiry.inquiryType]}</Table.Td>
                      <Table.Td>
                        <PriorityBadge priority={inquiry.priority} />
                      </Table.Td>
                      <Table.Td>
                        <InquiryStatusBadge status={inquiry.status} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {customerLabel(inquiry.customerId)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{formatDate(inquiry.createdAt)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label="View details">
                            <ActionIcon variant="subtle" onClick={() => setViewing(inquiry)} aria-label={`View details of ${inquiry.subject}`}>
                              <IconEye size={16} />
                            </ActionIcon>
                          </Tooltip>
                          {canChangeStatus ? (
                            <Menu position="bottom-end" withinPortal>
                              <Menu.Target>
                                <ActionIcon variant="subtle" aria-label={`Change status of ${inquiry.subject}`} loading={setInquiryStatus.isPending && setInquiryStatus.variables?.id === inquiry.id}>
                                  <IconDots size={16} />
                                </ActionIcon>
                              </Menu.Target>
                              <Menu.Dropdown>
                                {STATUS_ACTIONS.map((action) => (
                                  <Menu.Item
                                    key={action.status}
                                    leftSection={<action.icon size={14} />}
                                    disabled={inquiry.status === action.status}
                                    onClick={() => setInquiryStatus.mutate({ id: inquiry.id, status: action.status })}
                                  >
                                    {action.label}
                                  </Menu.Item>
                                ))}
                              </Menu.Dropdown>
                            </Menu>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
          {list.hasNextPage ? (
            <Center>
              <Button variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Load more
              </Button>
            </Center>
          ) : null}
        </Stack>
      )}

      <ShopDialog opened={creating} onClose={() => setCreating(false)} title="Create New Customer Inquiry">
        <InquiryForm onDone={() => setCreating(false)} />
      </ShopDialog>
      <ShopDialog opened={viewing !== null} onClose={() => setViewing(null)} title="Inquiry Details">
        {viewing ? <InquiryDetail inquiry={inquiries.find((i) => i.id === viewing.id) ?? viewing} /> : null}
      </ShopDialog>
    </Stack>
  );
}
