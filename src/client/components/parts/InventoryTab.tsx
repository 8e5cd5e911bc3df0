import { Button, Group, SimpleGrid, Skeleton, Stack, Switch, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconBox, IconCurrencyDollar, IconHistory, IconPackageOff, IconTransfer } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCents } from '../../../shared/money.ts';
import { PARTS_PAGE_SIZE, STOCK_LEVELS, STOCK_STATUS_LABELS, type Part, type StockLevel } from '../../../shared/parts.ts';
import type { InventorySummary } from '../../../shared/stock.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { ShopDialog } from '../shop/parts.tsx';
import { ListFilter, PagedListBody } from '../shop/ShopList.tsx';
import { TableHead } from '../TableHead.tsx';
import { ScrollTable } from '../tools/ScrollTable.tsx';
import { StatCard } from '../tools/StatCard.tsx';
import { MovementHistory } from './MovementHistory.tsx';
import { StockBadge } from './StockBadge.tsx';
import { StockDialog } from './StockDialog.tsx';

type StatusFilter = StockLevel | 'all';
const STATUS_CHOICES: { value: StatusFilter; label: string }[] = [{ value: 'all', label: 'Every status' }, ...STOCK_LEVELS.map((value) => ({ value, label: STOCK_STATUS_LABELS[value] }))];

function Summary({ summary }: { summary: InventorySummary | undefined }) {
  if (!summary) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={96} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard label="Parts" value={summary.parts.toLocaleString('en-US')} hint="In the catalogue" icon={IconBox} />
      <StatCard label="Low Stock" value={summary.lowStock.toLocaleString('en-US')} hint="At or below the reorder point" icon={IconAlertTriangle} color="yellow" />
      <StatCard label="Out of Stock" value={summary.outOfStock.toLocaleString('en-US')} hint="None on hand" icon={IconPackageOff} color="red" />
      <StatCard label="Stock Value" value={formatCents(summary.valueCents)} hint="Units on hand at unit cost" icon={IconCurrencyDollar} color="teal" />
    </SimpleGrid>
  );
}

/** Managers and owners decide whether stock may go below zero; everyone else reads the setting. */
function Backorders({ shopId, allowed, canManage }: { shopId: string; allowed: boolean; canManage: boolean }) {
  const utils = trpc.useUtils();
  const set = trpc.parts.setBackorders.useMutation({
    onSuccess: (result) => {
      notifySuccess('Saved', result.allowBackorders ? 'Stock may now go below zero' : 'Stock can no longer go below zero');
      void utils.parts.inventory.invalidate();
    },
    onError: (error) => notifyError('Error', errorMessage(error, 'Failed to change the setting')),
  });
  if (!canManage) {
    return (
      <Text size="sm" c="dimmed">
        {allowed ? 'Backorders allowed: stock may go below zero' : 'No backorders: stock never goes below zero'}
      </Text>
    );
  }
  return (
    <Switch
      label="Allow backorders (stock below zero)"
      checked={allowed}
      disabled={set.isPending}
      onChange={(event) => set.mutate({ serviceCenterId: shopId, allowBackorders: event.currentTarget.checked })}
    />
  );
}

function StockRows({ items, onMove, onHistory }: { items: Part[]; onMove: (part: Part) => void; onHistory: (part: Part) => void }) {
  return (
    <ScrollTable label="Stock" minWidth={700}>
      <Table verticalSpacing="sm" highlightOnHover>
        <TableHead columns={['Part', { label: 'On hand', align: 'right' }, { label: 'Reorder point', align: 'right' }, 'Status', { label: 'Actions', hidden: true }]} />
        <Table.Tbody>
          {items.map((part) => (
            <Table.Tr key={part.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {part.name}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {part.partNumber}
                </Text>
              </Table.Td>
              <Table.Td ta="right" fw={600}>
                {part.onHand}
              </Table.Td>
              <Table.Td ta="right">{part.reorderPoint}</Table.Td>
              <Table.Td>
                <StockBadge status={part.status} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  <Button size="xs" variant="light" leftSection={<IconTransfer size={14} />} aria-label={`Stock of ${part.partNumber}`} onClick={() => onMove(part)}>
                    Stock
                  </Button>
                  <Button size="xs" variant="subtle" leftSection={<IconHistory size={14} />} aria-label={`History of ${part.partNumber}`} onClick={() => onHistory(part)}>
                    History
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The Inventory tab: the shop's stock figures, each part's stock with its badge, movements and history. */
export function InventoryTab({ shopId, canManage }: { shopId: string; canManage: boolean }) {
  const [status, setStatus] = useState<StatusFilter>('all');
  const [moving, setMoving] = useState<Part | null>(null);
  const [history, setHistory] = useState<Part | null>(null);
  const list = trpc.parts.inventory.useInfiniteQuery(
    { serviceCenterId: shopId, status: status === 'all' ? undefined : status, limit: PARTS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const first = list.data?.pages[0];

  return (
    <Stack gap="md">
      {list.isError ? null : <Summary summary={first?.summary} />}
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <ListFilter label="Stock status" value={status} onChange={setStatus} data={STATUS_CHOICES} />
        {first ? <Backorders shopId={shopId} allowed={first.allowBackorders} canManage={canManage} /> : null}
      </Group>
      <PagedListBody
        list={list}
        skeleton={{ columns: 5, rows: 4 }}
        failure="The stock could not be loaded"
        empty={
          status === 'all'
            ? { title: 'No parts to stock yet', hint: 'Add parts on the Parts tab; then receive, use and adjust their stock here.' }
            : { title: `No parts are ${STOCK_STATUS_LABELS[status].toLowerCase()}`, hint: 'Choose another status to see them.' }
        }
      >
        {(items) => <StockRows items={items} onMove={setMoving} onHistory={setHistory} />}
      </PagedListBody>
      <ShopDialog opened={moving !== null} onClose={() => setMoving(null)} title="Receive, use or adjust stock">
        {moving ? <StockDialog shopId={shopId} part={moving} onDone={() => setMoving(null)} /> : null}
      </ShopDialog>
      <ShopDialog opened={history !== null} onClose={() => setHistory(null)} title={history ? `History of ${history.partNumber}` : 'History'}>
        {history ? <MovementHistory partId={history.id} /> : null}
      </ShopDialog>
    </Stack>
  );
}
