import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { formatCents } from '../../../shared/money.ts';
import { orderTotals } from '../../../shared/repair-order-totals.ts';
import type { RepairOrder, RepairOrderLine } from '../../../shared/repair-order-views.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';

export type Decisions = Record<string, 'approved' | 'declined'>;

/** Every line approved unless the customer already declined it. */
export const initialDecisions = (lines: RepairOrderLine[]): Decisions => Object.fromEntries(lines.map((line) => [line.id, line.decision ?? 'approved']));

/** The total the shop would charge for the lines as the customer has chosen them, priced as the server prices. */
function chosenTotal(order: RepairOrder, decisions: Decisions): number {
  const priced = order.lines.map((line) => ({ ...line, amountCents: Math.abs(line.amountCents), decision: decisions[line.id] ?? 'approved' }));
  return orderTotals(priced, order.taxRateBp).totalCents;
}

/** "Submit decision": the customer's approvals and refusals of a sent estimate, all at once. */
export function CustomerDecision({ order, decisions, onSaved }: { order: RepairOrder; decisions: Decisions; onSaved: (order: RepairOrder) => void }) {
  const decide = trpc.repairOrders.decide.useMutation({
    onSuccess: (saved) => {
      onSaved(saved);
      notifySuccess('Decision sent', saved.status === 'approved' ? `${saved.shop.name} will start the work you approved` : saved.status === 'declined' ? `${saved.shop.name} knows you declined the work` : 'Thank you');
    },
    onError: (error) => notifyError('Not sent', errorMessage(error, 'Your decision could not be sent')),
  });
  const approved = order.lines.filter((line) => decisions[line.id] !== 'declined').length;
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Text size="sm">
          You approve {approved} of {order.lines.length} {order.lines.length === 1 ? 'line' : 'lines'}.{' '}
          {approved > 0 ? (
            <>
              Total with your choices: <strong>{formatCents(chosenTotal(order, decisions))}</strong>
            </>
          ) : (
            'Declining every line declines the estimate.'
          )}
        </Text>
        <Group justify="flex-end">
          <Button loading={decide.isPending} onClick={() => decide.mutate({ orderId: order.id, decisions: order.lines.map((line) => ({ lineId: line.id, decision: decisions[line.id] ?? 'approved' })) })}>
            Submit decision
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
