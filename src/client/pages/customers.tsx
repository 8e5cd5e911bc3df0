import { Anchor, Badge, Button, Card, CloseButton, Group, Stack, Table, Text } from '@mantine/core';
import { IconLink, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { CUSTOMER_PAGE_SIZE, type CustomerListItem } from '../../shared/customers.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { CustomerForm } from '../components/customers/CustomerForm.tsx';
import { CustomerTags } from '../components/customers/CustomerTags.tsx';
import { NoShop, PageLoading } from '../components/customers/NoShop.tsx';
import { CardsOrTable } from '../components/shop/ListTable.tsx';
import { ShopDialog } from '../components/shop/parts.tsx';
import { ListSearch, PagedListBody, useListSearch } from '../components/shop/ShopList.tsx';
import { useCurrentShop } from '../lib/current-shop.ts';
import { trpc } from '../lib/trpc.ts';

function Counts({ customer }: { customer: CustomerListItem }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant="default">{customer.vehicleCount} vehicles</Badge>
      <Badge variant="light" color={customer.openInquiryCount ? 'red' : 'gray'}>
        {customer.openInquiryCount} open inquiries
      </Badge>
      <Badge variant="light" color={customer.upcomingAppointmentCount ? 'blue' : 'gray'}>
        {customer.upcomingAppointmentCount} upcoming
      </Badge>
    </Group>
  );
}

function NameLink({ customer }: { customer: CustomerListItem }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Anchor component={Link} href={`/customers/${customer.id}`} fw={600}>
        {customer.name}
      </Anchor>
      {customer.linked ? <IconLink size={14} aria-label="Linked to a VinTech account" role="img" /> : null}
    </Group>
  );
}

function Contact({ customer }: { customer: CustomerListItem }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{customer.email ?? '-'}</Text>
      <Text size="sm" c="dimmed">
        {customer.phone ?? ''}
      </Text>
    </Stack>
  );
}

/** Phones get a card per customer, wider screens a table. */
function CustomerRows({ items, onTag }: { items: CustomerListItem[]; onTag: (tag: string) => void }) {
  return (
    <CardsOrTable
      minWidth={760}
      cardsTestId="customer-cards"
      cards={items.map((customer) => (
        <Card key={customer.id} withBorder padding="md">
          <Stack gap={6}>
            <NameLink customer={customer} />
            <Contact customer={customer} />
            <CustomerTags tags={customer.tags} onPick={onTag} />
            <Counts customer={customer} />
          </Stack>
        </Card>
      ))}
      columns={['Name', 'Contact', 'Tags', 'Activity']}
    >
      {items.map((customer) => (
        <Table.Tr key={customer.id}>
          <Table.Td>
            <NameLink customer={customer} />
          </Table.Td>
          <Table.Td>
            <Contact customer={customer} />
          </Table.Td>
          <Table.Td maw={220}>
            <CustomerTags tags={customer.tags} onPick={onTag} />
          </Table.Td>
          <Table.Td>
            <Counts customer={customer} />
          </Table.Td>
        </Table.Tr>
      ))}
    </CardsOrTable>
  );
}

function CustomerList({ shopId, canManage }: { shopId: string; canManage: boolean }) {
  const [, navigate] = useLocation();
  const { search, setSearch, query } = useListSearch();
  const [tag, setTag] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const list = trpc.customers.list.useInfiniteQuery(
    { serviceCenterId: shopId, search: query || undefined, tag: tag ?? undefined, limit: CUSTOMER_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  return (
    <Stack gap="lg">
      <PageHeader
        title="Customers"
        description="Your shop's customers, their vehicles and history"
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New customer
            </Button>
          ) : null
        }
      />
      <Group gap="sm" wrap="wrap" align="center">
        <ListSearch label="Search customers" placeholder="Search by name, email or phone..." value={search} onChange={setSearch} />
        {tag ? (
          <Badge size="lg" variant="light" color="grape" rightSection={<CloseButton size="xs" aria-label={`Stop filtering by ${tag}`} onClick={() => setTag(null)} />}>
            Tag: {tag}
          </Badge>
        ) : null}
      </Group>
      <PagedListBody
        list={list}
        skeleton={{ columns: 4, rows: 5, cardHeight: 120 }}
        failure="Customers could not be loaded"
        empty={{
          title: 'No customers found',
          hint: query || tag ? 'Try adjusting your search criteria' : canManage ? 'Add your first customer with "New customer"' : 'Your shop has no customers yet',
        }}
      >
        {(items) => <CustomerRows items={items} onTag={setTag} />}
      </PagedListBody>
      <ShopDialog opened={creating} onClose={() => setCreating(false)} title="New customer">
        <CustomerForm
          shopId={shopId}
          onDone={(saved) => {
            setCreating(false);
            if (saved) navigate(`/customers/${saved.id}`);
          }}
        />
      </ShopDialog>
    </Stack>
  );
}

export default function CustomersPage() {
  const shop = useCurrentShop();
  if (shop.isPending) return <PageLoading label="Loading customers" />;
  if (!shop.shopId) {
    return (
      <Stack gap="lg">
        <PageHeader title="Customers" description="Your shop's customers, their vehicles and history" />
        <NoShop />
      </Stack>
    );
  }
  return <CustomerList key={shop.shopId} shopId={shop.shopId} canManage={shop.canManage} />;
}
