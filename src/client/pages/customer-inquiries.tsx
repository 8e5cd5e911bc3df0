import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'wouter';
import { IconAlertTriangle, IconCircleCheck, IconInbox, IconLock, IconMessageCircle, IconPlayerPlay, IconPlus, IconUrgent } from '@tabler/icons-react';
import { useState } from 'react';
import { customerLabel } from '../../shared/format.ts';
import { INQUIRY_PRIORITIES, INQUIRY_PRIORITY_LABELS, INQUIRY_STATUSES, INQUIRY_STATUS_LABELS, INQUIRY_TYPE_LABELS, LIST_PAGE_SIZE, type CustomerInquiry, type InquiryPriority, type InquiryStatus } from '../../shared/inquiries.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { InquiryStatusBadge, PriorityBadge } from '../components/shop/badges.tsx';
import { InquiryForm } from '../components/shop/InquiryDialogs.tsx';
import { StaffInquiryPanel } from '../components/shop/StaffInquiryPanel.tsx';
import { EmptyState, formatDate, ShopDialog, StatCards } from '../components/shop/parts.tsx';
import { ListFilter, ListSearch, ShopList, useListSearch, type ListColumn, type StatusAction } from '../components/shop/ShopList.tsx';
import { toasts } from '../lib/notify.ts';
import { useCurrentShop } from '../lib/current-shop.ts';
import { errorMessage, trpc } from '../lib/trpc.ts';

const STATUS_ACTIONS: StatusAction<InquiryStatus>[] = [
  { status: 'in_progress', label: 'Mark In Progress', icon: IconPlayerPlay },
  { status: 'resolved', label: 'Mark Resolved', icon: IconCircleCheck },
  { status: 'closed', label: 'Mark Closed', icon: IconLock },
];

const COLUMNS: ListColumn<CustomerInquiry>[] = [
  {
    header: 'Subject',
    maw: 280,
    cell: (inquiry) => (
      <Group gap={6} wrap="nowrap">
        {inquiry.priority === 'high' || inquiry.priority === 'urgent' ? (
          <IconAlertTriangle size={16} color="var(--mantine-color-red-7)" aria-label="Needs attention" role="img" style={{ flexShrink: 0 }} />
        ) : null}
        <Text size="sm" fw={500} truncate="end">
          {inquiry.subject}
        </Text>
      </Group>
    ),
  },
  { header: 'Type', cell: (inquiry) => INQUIRY_TYPE_LABELS[inquiry.inquiryType] },
  { header: 'Priority', cell: (inquiry) => <PriorityBadge priority={inquiry.priority} /> },
  { header: 'Status', cell: (inquiry) => <InquiryStatusBadge status={inquiry.status} /> },
  {
    header: 'Customer',
    maw: 200,
    cell: (inquiry) =>
      inquiry.customerName ? (
        <Text size="sm" truncate="end">
          {inquiry.customerName}
        </Text>
      ) : (
        <Text size="sm" ff="monospace">
          {customerLabel(inquiry.customerId)}
        </Text>
      ),
  },
  {
    header: 'Vehicle',
    maw: 180,
    cell: (inquiry) => (
      <Text size="sm" truncate="end" c={inquiry.vehicleLabel ? undefined : 'dimmed'}>
        {inquiry.vehicleLabel ?? '-'}
      </Text>
    ),
  },
  {
    header: 'Assigned',
    maw: 160,
    cell: (inquiry) => (
      <Text size="sm" truncate="end" c={inquiry.assignedToName ? undefined : 'dimmed'}>
        {inquiry.assignedToName ?? 'Nobody'}
      </Text>
    ),
  },
  { header: 'Created', cell: (inquiry) => formatDate(inquiry.createdAt) },
];

/** The shop's inquiries (docs/inquiries.md#the-page-customer-inquiries-tech-mode): the current shop's only. */
export default function CustomerInquiriesPage() {
  const shop = useCurrentShop();
  if (shop.isPending) return <Skeleton h={240} />;
  if (!shop.shopId) {
    return (
      <Stack gap="lg">
        <PageHeader title="Customer Inquiries" description="Questions, quotes and complaints from customers" />
        <EmptyState
          title="You are not staff of a shop"
          hint="Customer inquiries belong to a shop. Register your shop, or ask its owner for an invitation."
          action={
            <Button component={Link} href="/shop" variant="light">
              Register or join a shop
            </Button>
          }
        />
      </Stack>
    );
  }
  return <ShopInquiries shopId={shop.shopId} shopName={shop.shop?.name ?? ''} />;
}

function ShopInquiries({ shopId, shopName }: { shopId: string; shopName: string }) {
  const utils = trpc.useUtils();
  const [params, setParams] = useSearchParams();
  const { search, setSearch, query } = useListSearch();
  const [status, setStatus] = useState<InquiryStatus | 'all'>('all');
  const [priority, setPriority] = useState<InquiryPriority | 'all'>('all');
  const [creating, setCreating] = useState(false);
  const viewingId = params.get('inquiry');

  const stats = trpc.inquiries.stats.useQuery({ serviceCenterId: shopId });
  const list = trpc.inquiries.list.useInfiniteQuery(
    {
      serviceCenterId: shopId,
      search: query || undefined,
      status: status === 'all' ? undefined : status,
      priority: priority === 'all' ? undefined : priority,
      limit: LIST_PAGE_SIZE,
    },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const viewing = trpc.inquiries.get.useQuery({ id: viewingId ?? '' }, { enabled: viewingId !== null, retry: false });
  const view = (inquiry: CustomerInquiry | null) => setParams(inquiry ? { inquiry: inquiry.id } : {});

  const setInquiryStatus = trpc.inquiries.setStatus.useMutation(toasts({ done: 'Customer inquiry updated successfully', failed: 'Failed to update customer inquiry', then: () => void utils.inquiries.invalidate() }));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Customer Inquiries"
        description={shopName ? `Questions, quotes and complaints from the customers of ${shopName}` : 'Questions, quotes and complaints from customers'}
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
        <ListSearch label="Search inquiries" placeholder="Search inquiries..." value={search} onChange={setSearch} />
        <ListFilter
          label="Filter by status"
          value={status}
          onChange={setStatus}
          data={[{ value: 'all', label: 'All Statuses' }, ...INQUIRY_STATUSES.map((value) => ({ value, label: INQUIRY_STATUS_LABELS[value] }))]}
        />
        <ListFilter
          label="Filter by priority"
          value={priority}
          onChange={setPriority}
          data={[
            { value: 'all', label: 'All Priorities' },
            ...[...INQUIRY_PRIORITIES].reverse().map((value) => ({ value, label: INQUIRY_PRIORITY_LABELS[value] })),
          ]}
        />
      </Group>

      <ShopList
        list={list}
        noun="inquiries"
        filtering={query !== '' || status !== 'all' || priority !== 'all'}
        emptyHint="Get started by creating your first customer inquiry"
        minWidth={1100}
        columns={COLUMNS}
        rowName={(inquiry) => inquiry.subject}
        onView={view}
        statusMenu={{
          actions: STATUS_ACTIONS,
          busyId: setInquiryStatus.isPending ? (setInquiryStatus.variables?.id ?? null) : null,
          onChoose: (inquiry, next) => setInquiryStatus.mutate({ id: inquiry.id, status: next }),
        }}
      />

      <ShopDialog opened={creating} onClose={() => setCreating(false)} title="Create New Customer Inquiry">
        <InquiryForm shopId={shopId} onDone={() => setCreating(false)} />
      </ShopDialog>
      <ShopDialog opened={viewingId !== null} onClose={() => view(null)} title="Inquiry Details">
        {viewing.data ? (
          <StaffInquiryPanel inquiry={viewing.data} shopId={shopId} />
        ) : viewing.isError ? (
          <Text c="red">{errorMessage(viewing.error, 'The inquiry could not be loaded')}</Text>
        ) : (
          <Skeleton h={200} />
        )}
      </ShopDialog>
    </Stack>
  );
}
