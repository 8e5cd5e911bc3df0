import { Button, Group } from '@mantine/core';
import { IconCash, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { TRANSITION_LABELS, type RepairOrderStatus } from '../../../shared/repair-orders.ts';
import type { RepairOrder } from '../../../shared/repair-order-views.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { ConfirmDialog } from '../shop/parts.tsx';
import { isInvoice, printPath } from './format.ts';
import { PaymentDialog } from './PaymentDialog.tsx';

/** Steps back or aside are quieter than the step forward. */
const QUIET: readonly RepairOrderStatus[] = ['estimate', 'approved'];

const DONE: Partial<Record<RepairOrderStatus, string>> = {
  sent: 'Estimate sent to the customer',
  estimate: 'The estimate can be changed again',
  approved: 'Approval recorded',
  in_progress: 'Work started',
  completed: 'Work completed: stock used and the owner\u2019s history written',
  invoiced: 'Invoice created',
  cancelled: 'Order cancelled',
};

/** The staff's buttons: the order's next states, recording a payment on an invoice, and printing. */
export function OrderActions({ order, onSaved }: { order: RepairOrder; onSaved: (order: RepairOrder) => void }) {
  const [cancelling, setCancelling] = useState(false);
  const [paying, setPaying] = useState(false);
  const transition = trpc.repairOrders.transition.useMutation({
    onSuccess: (saved, input) => {
      onSaved(saved);
      setCancelling(false);
      notifySuccess(DONE[input.to] ?? 'Saved', `Repair order #${saved.number}`);
    },
    onError: (error) => notifyError('Not changed', errorMessage(error, 'The order could not be changed')),
  });
  const move = (to: RepairOrderStatus) => transition.mutate({ id: order.id, to });
  const busy = (to: RepairOrderStatus) => transition.isPending && transition.variables?.to === to;
  const steps = order.transitions.filter((to) => to !== 'cancelled');

  return (
    <Group gap="xs" wrap="wrap">
      {steps.map((to) => (
        <Button key={to} variant={QUIET.includes(to) ? 'default' : 'filled'} loading={busy(to)} disabled={transition.isPending && !busy(to)} onClick={() => move(to)}>
          {TRANSITION_LABELS[to] ?? to}
        </Button>
      ))}
      {order.status === 'invoiced' && order.balanceCents > 0 ? (
        <Button leftSection={<IconCash size={16} />} onClick={() => setPaying(true)}>
          Record payment
        </Button>
      ) : null}
      <Button component={Link} href={printPath(order.id)} variant="default" leftSection={<IconPrinter size={16} />}>
        {isInvoice(order.status) ? 'Print invoice' : 'Print estimate'}
      </Button>
      {order.transitions.includes('cancelled') ? (
        <Button variant="light" color="red" onClick={() => setCancelling(true)}>
          {TRANSITION_LABELS.cancelled}
        </Button>
      ) : null}

      <ConfirmDialog
        target={cancelling ? order : null}
        title="Cancel this repair order?"
        message={({ number, customerName }) => `Repair order #${number} for ${customerName} is closed without work; parts held for it go back to stock. This cannot be undone.`}
        confirmLabel="Cancel order"
        loading={busy('cancelled')}
        onClose={() => setCancelling(false)}
        onConfirm={() => move('cancelled')}
      />
      <PaymentDialog order={order} opened={paying} onSaved={onSaved} onClose={() => setPaying(false)} />
    </Group>
  );
}
