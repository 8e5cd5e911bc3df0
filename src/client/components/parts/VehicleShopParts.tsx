import { Anchor, Card, Chip, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment, useState } from 'react';
import { Link } from 'wouter';
import { formatCents } from '../../../shared/money.ts';
import { fitmentLabel, type Part, type PartCategory } from '../../../shared/parts.ts';
import type { Vehicle } from '../../../shared/vehicles.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { EmptyState, TableSkeleton } from '../shop/parts.tsx';
import { ListSearch, useListSearch } from '../shop/ShopList.tsx';
import { TableHead } from '../TableHead.tsx';
import { ScrollTable } from '../tools/ScrollTable.tsx';
import { StockBadge } from './StockBadge.tsx';

type CategoryChoice = PartCategory | 'all';

/** The parts, under a row naming each category when they are not of one category. */
function FittingRows({ items, grouped }: { items: Part[]; grouped: boolean }) {
  return (
    <ScrollTable label="Parts that fit this vehicle" minWidth={640}>
      <Table verticalSpacing="xs" highlightOnHover>
        <TableHead columns={['Part number', 'Name', 'Brand', { label: 'Price', align: 'right' }, 'Stock']} />
        <Table.Tbody>
          {items.map((part, index) => (
            <Fragment key={part.id}>
              {grouped && items[index - 1]?.category !== part.category ? (
                <Table.Tr>
                  <Table.Th colSpan={5} scope="colgroup" bg="var(--mantine-color-default-hover)">
                    {part.category}
                  </Table.Th>
                </Table.Tr>
              ) : null}
              <Table.Tr>
                <Table.Td ff="monospace">{part.partNumber}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {part.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Fits: {fitmentLabel(part)}
                  </Text>
                </Table.Td>
                <Table.Td>{part.brand ?? '-'}</Table.Td>
                <Table.Td ta="right">{formatCents(part.priceCents)}</Table.Td>
                <Table.Td>
                  <StockBadge status={part.status} />
                </Table.Td>
              </Table.Tr>
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/**
 * The current shop's parts that fit the vehicle (docs/parts.md#parts-list-tab), by the diagram's
 * components, with a search box when there are more than the list shows.
 */
export function VehicleShopParts({ shopId, shopName, vehicle, showDatabaseLink }: { shopId: string; shopName: string; vehicle: Vehicle; showDatabaseLink: boolean }) {
  const { search, setSearch, query } = useListSearch();
  const [category, setCategory] = useState<CategoryChoice>('all');
  const parts = trpc.parts.forVehicle.useQuery(
    { serviceCenterId: shopId, vehicleId: vehicle.id, search: query || undefined, category: category === 'all' ? undefined : category },
    { placeholderData: (previous) => previous },
  );
  const data = parts.data;
  const available = data ? (category === 'all' ? data.total : (data.categories.find((c) => c.category === category)?.count ?? 0)) : 0;
  const more = data ? available > data.items.length : false;
  // Once the list has been cut short, the search box stays, so clearing it does not hide it.
  const [searchable, setSearchable] = useState(false);
  if (more && !searchable) setSearchable(true);
  // The chosen category stays offered when a search leaves none of it.
  const chips = data ? [...data.categories] : [];
  if (category !== 'all' && !chips.some((c) => c.category === category)) chips.push({ category, count: 0 });

  let body;
  if (parts.isError) {
    body = <EmptyState title="Parts could not be loaded" hint={errorMessage(parts.error, 'Please try again.')} />;
  } else if (!data) {
    body = (
      <Card withBorder padding={0}>
        <TableSkeleton columns={5} rows={3} />
      </Card>
    );
  } else if (data.items.length === 0) {
    body = query ? (
      <EmptyState title="No fitting parts match" hint="Try another number, name or brand." />
    ) : (
      <EmptyState title="No parts in your shop fit this vehicle" hint={`Parts that name no make, or ${vehicle.make} ${vehicle.model} and a year range including ${vehicle.year}, show here.`} />
    );
  } else {
    body = (
      <Stack gap="xs">
        <FittingRows items={data.items} grouped={category === 'all'} />
        {more ? (
          <Text size="sm" c="dimmed">
            Showing the first {data.items.length} of {available}: search to narrow the list.
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="shop-parts-title">
      <Group justify="space-between" align="baseline" gap="xs" wrap="wrap">
        <Title order={3} size="h4" id="shop-parts-title">
          {shopName}: parts that fit
        </Title>
        {showDatabaseLink ? (
          <Anchor component={Link} href="/database" size="sm">
            Open the Parts Database
          </Anchor>
        ) : null}
      </Group>
      {data && (data.total > 0 || query) ? (
        <Chip.Group multiple={false} value={category} onChange={(value) => setCategory(value as CategoryChoice)}>
          <Group gap="xs" role="group" aria-label="Filter by component">
            <Chip value="all" size="sm">
              All ({data.total})
            </Chip>
            {chips.map((entry) => (
              <Chip key={entry.category} value={entry.category} size="sm">
                {entry.category} ({entry.count})
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      ) : null}
      {searchable || search ? <ListSearch label="Search fitting parts" placeholder="Search by number, name or brand..." value={search} onChange={setSearch} /> : null}
      {body}
    </Stack>
  );
}
