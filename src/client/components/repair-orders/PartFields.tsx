import { Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { centsToAmount, formatCents } from '../../../shared/money.ts';
import type { Part } from '../../../shared/parts.ts';
import { REPAIR_ORDER_LIMITS } from '../../../shared/repair-orders.ts';
import type { RepairOrderLine } from '../../../shared/repair-order-views.ts';
import { trpc } from '../../lib/trpc.ts';
import { StockBadge } from '../parts/StockBadge.tsx';
import { LINE_TEXT_LIMITS, type LineFormValues } from './line-form.ts';

const partLabel = (part: Pick<Part, 'partNumber' | 'name'>) => `${part.partNumber} · ${part.name}`;

/**
 * A part of the shop's catalogue, searched on the server by number, name or brand; each option
 * says how many are on hand. The chosen part stays listed whatever is searched next.
 */
function PartPicker({ shopId, form, line }: { shopId: string; form: UseFormReturnType<LineFormValues>; line?: RepairOrderLine }) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Part | null>(null);
  const [searched] = useDebouncedValue(picked && search === partLabel(picked) ? '' : search.trim(), 250);
  const found = trpc.parts.list.useQuery({ serviceCenterId: shopId, search: searched || undefined, limit: 20 });
  const options = [...(picked ? [picked] : []), ...(found.data?.items ?? []).filter((p) => p.id !== picked?.id)];
  const data = options.map((p) => ({ value: p.id, label: `${partLabel(p)} (${p.onHand} on hand)` }));
  // A line being edited names its part before any search has found it.
  if (line?.partId && !options.some((p) => p.id === line.partId)) data.unshift({ value: line.partId, label: partLabel({ partNumber: line.partNumber ?? '', name: line.description }) });
  const chosen = options.find((p) => p.id === form.values.partId);
  return (
    <Stack gap={6}>
      <Select
        label="Part"
        withAsterisk
        searchable
        placeholder="Search your parts by number, name or brand"
        nothingFoundMessage={found.isPending ? 'Loading…' : 'No part of your catalogue matches'}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        data={data}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('partId')}
        onChange={(value) => {
          const part = options.find((p) => p.id === value) ?? null;
          setPicked(part);
          form.setFieldValue('partId', value);
          if (part) form.setFieldValue('unitPrice', centsToAmount(part.priceCents));
        }}
      />
      {chosen ? (
        <Group gap="xs">
          <StockBadge status={chosen.status} />
          <Text size="sm" c="dimmed">
            {chosen.onHand} on hand · {formatCents(chosen.priceCents)} each
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}

/** A part line: from stock (the price starts at the part's) or ordered specially (typed). */
export function PartFields({ shopId, form, line }: { shopId: string; form: UseFormReturnType<LineFormValues>; line?: RepairOrderLine }) {
  const special = form.values.source === 'special';
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Where the part comes from"
        data={[
          { value: 'stock', label: 'From stock' },
          { value: 'special', label: 'Special order' },
        ]}
        value={form.values.source}
        onChange={(value) => form.setFieldValue('source', value as LineFormValues['source'])}
      />
      {special ? (
        <>
          <TextInput label="Description" withAsterisk maxLength={LINE_TEXT_LIMITS.description} placeholder="e.g. Rear wiper motor" {...form.getInputProps('description')} />
          <TextInput label="Part number" maxLength={LINE_TEXT_LIMITS.partNumber} {...form.getInputProps('partNumber')} />
        </>
      ) : (
        <PartPicker shopId={shopId} form={form} line={line} />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput label="Quantity" withAsterisk min={1} max={REPAIR_ORDER_LIMITS.quantity} allowDecimal={false} allowNegative={false} {...form.getInputProps('quantity')} />
        <TextInput
          label="Unit price"
          withAsterisk={special}
          description={special ? undefined : 'The part\u2019s price unless changed'}
          inputMode="decimal"
          leftSection="$"
          placeholder="0.00"
          {...form.getInputProps('unitPrice')}
        />
      </SimpleGrid>
    </Stack>
  );
}
