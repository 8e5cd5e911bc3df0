import { ActionIcon, Button, Group, NumberInput, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileImport, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCents } from '../../../shared/money.ts';
import { fitmentLabel, PART_LIMITS, PARTS_PAGE_SIZE, type Part } from '../../../shared/parts.ts';
import { trpc } from '../../lib/trpc.ts';
import { ShopDialog } from '../shop/parts.tsx';
import { ListSearch, PagedListBody, useListSearch } from '../shop/ShopList.tsx';
import { TableHead } from '../TableHead.tsx';
import { ScrollTable } from '../tools/ScrollTable.tsx';
import { ImportParts } from './ImportParts.tsx';
import { PartForm } from './PartForm.tsx';
import { StockBadge } from './StockBadge.tsx';

interface Fits {
  make: string;
  model: string;
  year: number | string;
}

/** Make, model and year of a vehicle: the list keeps the parts that fit it. */
function FitsFilter({ fits, onChange }: { fits: Fits; onChange: (fits: Fits) => void }) {
  return (
    <Group gap="xs" wrap="wrap" align="flex-end">
      <TextInput aria-label="Fits make" placeholder="Make" maxLength={PART_LIMITS.text} w={130} value={fits.make} onChange={(e) => onChange({ ...fits, make: e.currentTarget.value })} />
      <TextInput aria-label="Fits model" placeholder="Model" maxLength={PART_LIMITS.text} w={130} value={fits.model} onChange={(e) => onChange({ ...fits, model: e.currentTarget.value })} />
      <NumberInput
        aria-label="Fits year"
        placeholder="Year"
        w={100}
        min={PART_LIMITS.yearMin}
        max={PART_LIMITS.yearMax}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        value={fits.year}
        onChange={(year) => onChange({ ...fits, year })}
      />
    </Group>
  );
}

function PartRows({ items, onEdit }: { items: Part[]; onEdit: (part: Part) => void }) {
  return (
    <ScrollTable label="Parts catalogue" minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover>
        <TableHead columns={['Part number', 'Name', 'Brand', 'Category', 'Fits', { label: 'Price', align: 'right' }, 'Stock', { label: 'Actions', hidden: true }]} />
        <Table.Tbody>
          {items.map((part) => (
            <Table.Tr key={part.id}>
              <Table.Td ff="monospace">{part.partNumber}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {part.name}
                </Text>
                {part.notes ? (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {part.notes}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{part.brand ?? '-'}</Table.Td>
              <Table.Td>{part.category}</Table.Td>
              <Table.Td>{fitmentLabel(part)}</Table.Td>
              <Table.Td ta="right">{formatCents(part.priceCents)}</Table.Td>
              <Table.Td>
                <StockBadge status={part.status} />
              </Table.Td>
              <Table.Td>
                <Tooltip label="Edit part">
                  <ActionIcon variant="subtle" aria-label={`Edit ${part.partNumber}`} onClick={() => onEdit(part)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The Parts tab: the shop's catalogue, searched by number, name or brand and by the vehicle it fits. */
export function PartsTab({ shopId }: { shopId: string }) {
  const { search, setSearch, query } = useListSearch();
  const [fits, setFits] = useState<Fits>({ make: '', model: '', year: '' });
  const [fitsQuery] = useDebouncedValue(fits, 250);
  const [editing, setEditing] = useState<Part | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const year = typeof fitsQuery.year === 'number' && fitsQuery.year >= PART_LIMITS.yearMin && fitsQuery.year <= PART_LIMITS.yearMax ? fitsQuery.year : undefined;
  const list = trpc.parts.list.useInfiniteQuery(
    { serviceCenterId: shopId, search: query || undefined, make: fitsQuery.make.trim() || undefined, model: fitsQuery.model.trim() || undefined, year, limit: PARTS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const filtering = Boolean(query || fitsQuery.make.trim() || fitsQuery.model.trim() || year);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <ListSearch label="Search parts" placeholder="Search by number, name or brand..." value={search} onChange={setSearch} />
        <FitsFilter fits={fits} onChange={setFits} />
        <Group gap="sm" wrap="nowrap">
          <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
            Import CSV
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add part
          </Button>
        </Group>
      </Group>
      <PagedListBody
        list={list}
        skeleton={{ columns: 6, rows: 4 }}
        failure="Parts could not be loaded"
        empty={
          filtering
            ? { title: 'No parts match', hint: 'Try another number, name or vehicle' }
            : { title: 'No parts yet', hint: 'Add the parts your shop keeps with "Add part", or a whole catalogue with "Import CSV"; their stock is kept on the Inventory tab.' }
        }
      >
        {(items) => <PartRows items={items} onEdit={setEditing} />}
      </PagedListBody>
      <ShopDialog opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Add part' : `Edit ${editing?.partNumber ?? 'part'}`}>
        {editing !== null ? <PartForm shopId={shopId} part={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} /> : null}
      </ShopDialog>
      <ShopDialog opened={importing} onClose={() => setImporting(false)} title="Import parts from CSV" size="56rem">
        {importing ? <ImportParts shopId={shopId} onDone={() => setImporting(false)} /> : null}
      </ShopDialog>
    </Stack>
  );
}
