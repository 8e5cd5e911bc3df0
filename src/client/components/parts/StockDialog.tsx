import { Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PART_LIMITS, type Part } from '../../../shared/parts.ts';
import { moveStockSchema, type MovementKind } from '../../../shared/stock.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { FormActions } from '../FormActions.tsx';
import { StockBadge } from './StockBadge.tsx';

const KINDS: { value: MovementKind; label: string }[] = [
  { value: 'received', label: 'Receive' },
  { value: 'used', label: 'Use' },
  { value: 'adjusted', label: 'Adjust' },
];

const HINTS: Record<MovementKind, string> = {
  received: 'Units that came in: they are added to the stock.',
  used: 'Units taken from the shelf for a job: they come off the stock.',
  adjusted: 'A correction after a count: a minus sign takes units away. Say why.',
};

/** Receive, use or adjust a part's stock: one movement in its ledger (docs/parts.md#the-ledger). */
export function StockDialog({ shopId, part, onDone }: { shopId: string; part: Part; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [kind, setKind] = useState<MovementKind>('received');
  const [quantity, setQuantity] = useState<number | string>(1);
  const [reason, setReason] = useState('');
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const suppliers = trpc.parts.suppliers.list.useQuery({ serviceCenterId: shopId, status: 'active' }, { enabled: kind === 'received' });
  const move = trpc.parts.move.useMutation({
    onSuccess: (result) => {
      notifySuccess('Stock updated', `${result.part.partNumber}: ${result.part.onHand} on hand`);
      void utils.parts.invalidate();
      onDone();
    },
    onError: (error) => {
      setErrors(fieldErrors(error));
      notifyError('Stock not changed', errorMessage(error, 'Failed to record the movement'));
    },
  });

  const submit = () => {
    const input = { partId: part.id, kind, quantity: quantity === '' ? 0 : Number(quantity), reason, supplierId: kind === 'received' ? supplierId : null };
    const checked = moveStockSchema.safeParse(input);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    move.mutate(input);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            <Text span ff="monospace" fw={600}>
              {part.partNumber}
            </Text>{' '}
            {part.name}
          </Text>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {part.onHand} on hand
            </Text>
            <StockBadge status={part.status} />
          </Group>
        </Group>
        <SegmentedControl aria-label="Movement" fullWidth data={KINDS} value={kind} onChange={(value) => setKind(value as MovementKind)} />
        <Text size="xs" c="dimmed">
          {HINTS[kind]}
        </Text>
        <NumberInput
          label="Quantity"
          withAsterisk
          data-autofocus
          min={kind === 'adjusted' ? -PART_LIMITS.quantity : 1}
          max={PART_LIMITS.quantity}
          allowDecimal={false}
          allowNegative={kind === 'adjusted'}
          value={quantity}
          onChange={setQuantity}
          error={errors.quantity}
        />
        {kind === 'received' ? (
          <Select
            label="Supplier"
            placeholder={suppliers.data?.length ? 'Choose a supplier (optional)' : 'No active suppliers'}
            data={(suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplier.name }))}
            value={supplierId}
            onChange={setSupplierId}
            clearable
            comboboxProps={{ withinPortal: true }}
            error={errors.supplierId}
          />
        ) : null}
        <TextInput
          label={kind === 'adjusted' ? 'Reason' : 'Note'}
          withAsterisk={kind === 'adjusted'}
          placeholder={kind === 'adjusted' ? 'e.g. Counted 2 fewer on the shelf' : 'e.g. Order number'}
          maxLength={PART_LIMITS.reason}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={errors.reason}
        />
        <FormActions onCancel={onDone} loading={move.isPending}>
          Record movement
        </FormActions>
      </Stack>
    </form>
  );
}
