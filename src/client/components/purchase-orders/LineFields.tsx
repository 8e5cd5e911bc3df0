import { Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { centsToAmount, formatCents } from '../../../shared/money.ts';
import { PURCHASE_ORDER_LIMITS } from '../../../shared/purchase-orders.ts';
import { PartSelect } from '../parts/PartSelect.tsx';
import { StockBadge } from '../parts/StockBadge.tsx';
import type { LineDraft, LineErrors } from './line-input.ts';

/**
 * A purchase order line's fields: a part of the shop's catalogue, the quantity, and the unit cost
 * (it starts at the part's unit cost when a part is chosen). `known` names a line's part before a
 * search finds it; `exclude` keeps the parts already on the order out of the choices.
 */
export function LineFields(props: {
  shopId: string;
  line: LineDraft;
  errors: LineErrors;
  onChange: (line: LineDraft) => void;
  known?: { id: string; label: string } | null;
  exclude?: readonly string[];
  actions?: ReactNode;
}) {
  const { line, errors, onChange } = props;
  return (
    <Stack gap="xs">
      <PartSelect
        shopId={props.shopId}
        value={line.partId}
        error={errors.partId}
        known={props.known}
        exclude={props.exclude}
        onChange={(partId, part) => onChange({ ...line, partId, unitCost: part ? centsToAmount(part.unitCostCents) : line.unitCost })}
        details={(part) => (
          <Group gap="xs">
            <StockBadge status={part.status} />
            <Text size="sm" c="dimmed">
              {part.onHand} on hand · {formatCents(part.unitCostCents)} unit cost
            </Text>
          </Group>
        )}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput
          label="Quantity"
          withAsterisk
          min={1}
          max={PURCHASE_ORDER_LIMITS.quantity}
          allowDecimal={false}
          allowNegative={false}
          value={line.quantity}
          onChange={(quantity) => onChange({ ...line, quantity })}
          error={errors.quantity}
        />
        <TextInput
          label="Unit cost"
          description="Blank: the part's unit cost"
          inputMode="decimal"
          leftSection="$"
          placeholder="0.00"
          value={line.unitCost}
          onChange={(event) => onChange({ ...line, unitCost: event.currentTarget.value })}
          error={errors.unitCost}
        />
      </SimpleGrid>
      {props.actions}
    </Stack>
  );
}
