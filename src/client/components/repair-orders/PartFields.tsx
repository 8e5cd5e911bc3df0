import { Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { centsToAmount, formatCents } from '../../../shared/money.ts';
import { REPAIR_ORDER_LIMITS } from '../../../shared/repair-orders.ts';
import type { RepairOrderLine } from '../../../shared/repair-order-views.ts';
import { partLabel, PartSelect } from '../parts/PartSelect.tsx';
import { StockBadge } from '../parts/StockBadge.tsx';
import { LINE_TEXT_LIMITS, type LineFormValues } from './line-form.ts';

/** A part of the shop's catalogue for a line; choosing one starts the unit price at the part's. */
function PartPicker({ shopId, form, line }: { shopId: string; form: UseFormReturnType<LineFormValues>; line?: RepairOrderLine }) {
  return (
    <PartSelect
      shopId={shopId}
      value={form.values.partId}
      error={form.errors.partId}
      // A line being edited names its part before any search has found it.
      known={line?.partId ? { id: line.partId, label: partLabel({ partNumber: line.partNumber ?? '', name: line.description }) } : null}
      onChange={(id, part) => {
        form.setFieldValue('partId', id);
        if (part) form.setFieldValue('unitPrice', centsToAmount(part.priceCents));
      }}
      details={(chosen) => (
        <Group gap="xs">
          <StockBadge status={chosen.status} />
          <Text size="sm" c="dimmed">
            {chosen.onHand} on hand · {formatCents(chosen.priceCents)} each
          </Text>
        </Group>
      )}
    />
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
