import { Badge, Button, Group, Progress, SimpleGrid, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBox,
  IconBuildingWarehouse,
  IconCurrencyDollar,
  IconPackageOff,
  IconPhone,
  IconPlus,
  IconSearch,
  IconTruckDelivery,
  IconUser,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ComingSoon, PageHeader } from '../components/PageHeader.tsx';
import { ScrollTable } from '../components/tools/ScrollTable.tsx';
import { SectionCard } from '../components/tools/SectionCard.tsx';
import { StatusTile } from '../components/tools/StatusTile.tsx';
import { StatCard } from '../components/tools/StatCard.tsx';
import { INVENTORY, PARTS_SUMMARY, SAMPLE_PARTS, SUPPLIERS, type StockStatus, type SupplierStatus } from '../sample-data/database.ts';

const stockColor: Record<StockStatus, string> = { 'In Stock': 'green', 'Low Stock': 'yellow', 'Out of Stock': 'red' };
const supplierColor: Record<SupplierStatus, string> = { Active: 'green', Pending: 'gray' };

const number = new Intl.NumberFormat('en-US');
const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

function StockBadge({ status }: { status: StockStatus }) {
  return (
    <Badge variant="light" color={stockColor[status]}>
      {status}
    </Badge>
  );
}

export default function DatabasePage() {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const parts = needle
    ? SAMPLE_PARTS.filter((part) =>
        [part.name, part.partNumber, part.compatibility, part.category].some((text) => text.toLowerCase().includes(needle)),
      )
    : SAMPLE_PARTS;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Parts Database"
        description="Parts, stock levels and suppliers for the workshop."
        actions={
          <Button leftSection={<IconPlus size={16} />} disabled>
            Add Part
          </Button>
        }
      />

      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <StatCard label="Total Parts" value={number.format(PARTS_SUMMARY.totalParts)} hint="Across 8 categories" icon={IconBox} />
        <StatCard label="Low Stock" value={PARTS_SUMMARY.lowStock} hint="At or below reorder point" icon={IconAlertTriangle} color="yellow" />
        <StatCard label="Out of Stock" value={PARTS_SUMMARY.outOfStock} hint="Orders open with suppliers" icon={IconPackageOff} color="red" />
        <StatCard
          label="Inventory Value"
          value={wholeDollars.format(PARTS_SUMMARY.inventoryValue)}
          hint="At purchase price"
          icon={IconCurrencyDollar}
          color="teal"
        />
      </SimpleGrid>

      <Tabs defaultValue="parts">
        <Tabs.List>
          <Tabs.Tab value="parts" leftSection={<IconBox size={16} />}>
            Parts
          </Tabs.Tab>
          <Tabs.Tab value="inventory" leftSection={<IconBuildingWarehouse size={16} />}>
            Inventory
          </Tabs.Tab>
          <Tabs.Tab value="suppliers" leftSection={<IconTruckDelivery size={16} />}>
            Suppliers
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="parts" pt="md">
          <SectionCard
            title="Parts Catalog"
            description={`${parts.length} of ${SAMPLE_PARTS.length} sample parts`}
            actions={
              <TextInput
                aria-label="Search parts"
                placeholder="Search by name, number or vehicle..."
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                w={{ base: '100%', sm: 300 }}
              />
            }
          >
            {parts.length === 0 ? (
              <Text c="dimmed" ta="center" py="lg">
                No parts match “{search.trim()}”
              </Text>
            ) : (
              <ScrollTable label="Parts catalog" minWidth={760}>
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Part</Table.Th>
                      <Table.Th>Part Number</Table.Th>
                      <Table.Th>Compatibility</Table.Th>
                      <Table.Th ta="right">Price</Table.Th>
                      <Table.Th ta="right">Stock</Table.Th>
                      <Table.Th>Status</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {parts.map((part) => (
                      <Table.Tr key={part.partNumber}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {part.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {part.category}
                          </Text>
                        </Table.Td>
                        <Table.Td ff="monospace">{part.partNumber}</Table.Td>
                        <Table.Td>{part.compatibility}</Table.Td>
                        <Table.Td ta="right">{currency.format(part.price)}</Table.Td>
                        <Table.Td ta="right">{part.stock}</Table.Td>
                        <Table.Td>
                          <StockBadge status={part.status} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
          </SectionCard>
        </Tabs.Panel>

        <Tabs.Panel value="inventory" pt="md">
          <SectionCard title="Stock Locations" description="Counted quantities per bin against their reorder points.">
            <ScrollTable label="Stock locations" minWidth={760}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Location</Table.Th>
                    <Table.Th>Part</Table.Th>
                    <Table.Th>On Hand</Table.Th>
                    <Table.Th ta="right">Reorder At</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Last Counted</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {INVENTORY.map((row) => (
                    <Table.Tr key={row.bin}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {row.location}
                        </Text>
                        <Text size="xs" c="dimmed" ff="monospace">
                          Bin {row.bin}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{row.part}</Text>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {row.partNumber}
                        </Text>
                      </Table.Td>
                      <Table.Td miw={150}>
                        <Text size="sm">
                          {row.onHand} of {row.capacity}
                        </Text>
                        <Progress
                          value={(row.onHand / row.capacity) * 100}
                          color={stockColor[row.status]}
                          size="sm"
                          mt={4}
                          aria-label={`${row.part} at ${row.bin}: ${row.onHand} of ${row.capacity}`}
                        />
                      </Table.Td>
                      <Table.Td ta="right">{row.reorderPoint}</Table.Td>
                      <Table.Td>
                        <StockBadge status={row.status} />
                      </Table.Td>
                      <Table.Td>{row.lastCounted}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </SectionCard>
        </Tabs.Panel>

        <Tabs.Panel value="suppliers" pt="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {SUPPLIERS.map((supplier) => (
              <StatusTile key={supplier.name} title={supplier.name} status={supplier.status} color={supplierColor[supplier.status]}>
                <Group gap="lg" wrap="wrap">
                  <Group gap={6} wrap="nowrap">
                    <IconUser size={16} aria-hidden />
                    <Text size="sm">{supplier.contact}</Text>
                  </Group>
                  <Group gap={6} wrap="nowrap">
                    <IconPhone size={16} aria-hidden />
                    <Text size="sm">{supplier.phone}</Text>
                  </Group>
                </Group>
                <Group gap={6} wrap="wrap">
                  {supplier.categories.map((category) => (
                    <Badge key={category} variant="outline" color="gray" size="sm">
                      {category}
                    </Badge>
                  ))}
                </Group>
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    Lead time {supplier.leadTime}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {supplier.openOrders} open {supplier.openOrders === 1 ? 'order' : 'orders'}
                  </Text>
                </Group>
              </StatusTile>
            ))}
          </SimpleGrid>
        </Tabs.Panel>
      </Tabs>

      <ComingSoon>Parts database features coming soon...</ComingSoon>
    </Stack>
  );
}
