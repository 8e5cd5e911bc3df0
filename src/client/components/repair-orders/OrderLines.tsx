import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { RepairOrder, RepairOrderLine } from '../../../shared/repair-order-views.ts';
import { notifyError } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { ConfirmDialog, EmptyState } from '../shop/parts.tsx';
import { CustomerDecision, initialDecisions, type Decisions } from './CustomerDecision.tsx';
import { ClockControl, DecisionToggle, EditControls } from './LineControls.tsx';
import { LineDialog } from './LineDialog.tsx';
import { LineItems } from './LineItems.tsx';

/**
 * The lines of an order with what the reader may do to them: staff change an estimate's lines and
 * clock their time while the work is in progress; the customer decides on a sent estimate.
 */
export function OrderLines({ order, onSaved }: { order: RepairOrder; onSaved: (order: RepairOrder) => void }) {
  const [editing, setEditing] = useState<RepairOrderLine | 'new' | null>(null);
  const [removing, setRemoving] = useState<RepairOrderLine | null>(null);
  const [decisions, setDecisions] = useState<Decisions>(() => initialDecisions(order.lines));
  const deciding = order.viewer === 'customer' && order.status === 'sent';
  const clocking = order.viewer === 'staff' && order.status === 'in_progress';

  const remove = trpc.repairOrders.removeLine.useMutation({
    onSuccess: (saved) => {
      onSaved(saved);
      setRemoving(null);
    },
    onError: (error) => notifyError('Not removed', errorMessage(error, 'The line could not be removed')),
  });
  const onClockError = (error: unknown) => notifyError('Clock not changed', errorMessage(error, 'Your clock could not be changed'));
  const clockIn = trpc.repairOrders.clockIn.useMutation({ onSuccess: onSaved, onError: onClockError });
  const clockOut = trpc.repairOrders.clockOut.useMutation({ onSuccess: onSaved, onError: onClockError });
  const clockBusy = (line: RepairOrderLine) => (clockIn.isPending && clockIn.variables?.lineId === line.id) || (clockOut.isPending && clockOut.variables?.lineId === line.id);

  let actions: ((line: RepairOrderLine) => ReactNode) | undefined;
  if (order.canEdit) actions = (line) => <EditControls line={line} onEdit={() => setEditing(line)} onRemove={() => setRemoving(line)} />;
  else if (clocking && order.lines.some((line) => line.kind === 'labor')) {
    actions = (line) => <ClockControl line={line} busy={clockBusy(line)} onClock={(direction) => (direction === 'in' ? clockIn : clockOut).mutate({ orderId: order.id, lineId: line.id })} />;
  } else if (deciding) {
    actions = (line) => <DecisionToggle line={line} decision={decisions[line.id] ?? 'approved'} onChange={(decision) => setDecisions((all) => ({ ...all, [line.id]: decision }))} />;
  }

  return (
    <Stack gap="sm" component="section" aria-label="Lines">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4">
          Lines
        </Title>
        {order.canEdit ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add line
          </Button>
        ) : null}
      </Group>
      {order.lines.length === 0 ? (
        <EmptyState title="No lines yet" hint={order.canEdit ? 'Add the labour, parts, fees and discounts of the job with \u201cAdd line\u201d.' : 'Nothing has been priced on this order.'} />
      ) : (
        <LineItems order={order} actions={actions} />
      )}
      {deciding && order.lines.length > 0 ? <CustomerDecision order={order} decisions={decisions} onSaved={onSaved} /> : null}

      {order.canEdit ? <LineDialog order={order} editing={editing} onSaved={onSaved} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        target={removing}
        title="Remove this line?"
        message={(line) => `\u201c${line.description}\u201d leaves the estimate and the total is priced again.`}
        confirmLabel="Remove line"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(line) => remove.mutate({ orderId: order.id, lineId: line.id })}
      />
    </Stack>
  );
}
