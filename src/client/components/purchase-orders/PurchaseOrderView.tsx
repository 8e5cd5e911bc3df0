import { ActionIcon, Button, Group, NumberInput, SimpleGrid, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPackageImport, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCents } from '../../../shared/money.ts';
import { PURCHASE_ORDER_MOVE_LABELS, type PurchaseOrder, type PurchaseOrderLine, type PurchaseOrderMove } from '../../../shared/purchase-orders.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { ConfirmBody, EmptyState, Field, formatDate } from '../shop/parts.tsx';
import { TableHead } from '../TableHead.tsx';
import { ScrollTable } from '../tools/ScrollTable.tsx';
import { DraftLineForm } from './DraftLineForm.tsx';
import { PurchaseOrderBadge } from './PurchaseOrderBadge.tsx';

/** A request key per receipt, so a retried request receives once; none where the browser has no randomUUID (plain http). */
function newRequestKey(): string | undefined {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : undefined;
}

function useOrderChange(onSaved?: (order: PurchaseOrder) => void) {
  const utils = trpc.useUtils();
  return (saved: PurchaseOrder) => {
    utils.purchaseOrders.get.setData({ id: saved.id }, saved);
    void utils.purchaseOrders.list.invalidate();
    onSaved?.(saved);
  };
}

function LineRows(props: { order: PurchaseOrder; receiving: Record<string, number | string>; onReceiving: (lineId: string, value: number | string) => void; onEdit: (line: PurchaseOrderLine) => void }) {
  const { order } = props;
  const saved = useOrderChange();
  const remove = trpc.purchaseOrders.removeLine.useMutation({ onSuccess: saved, onError: (error) => notifyError('Line not removed', errorMessage(error, 'Please try again.')) });
  return (
    <ScrollTable label={`Lines of PO #${order.number}`} minWidth={order.canReceive ? 760 : 640}>
      <Table verticalSpacing="xs" highlightOnHover>
        <TableHead
          columns={[
            'Part',
            { label: 'Ordered', align: 'right' },
            { label: 'Received', align: 'right' },
            { label: 'Unit cost', align: 'right' },
            { label: 'Amount', align: 'right' },
            { label: 'On hand', align: 'right' },
            order.canReceive && 'Receive now',
            order.canEditLines && { label: 'Actions', hidden: true },
          ]}
        />
        <Table.Tbody>
          {order.lines.map((line) => {
            const left = line.quantityOrdered - line.quantityReceived;
            return (
              <Table.Tr key={line.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {line.partName}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {line.partNumber}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{line.quantityOrdered}</Table.Td>
                <Table.Td ta="right">{line.quantityReceived}</Table.Td>
                <Table.Td ta="right">{formatCents(line.unitCostCents)}</Table.Td>
                <Table.Td ta="right">{formatCents(line.amountCents)}</Table.Td>
                <Table.Td ta="right">{line.onHand}</Table.Td>
                {order.canReceive ? (
                  <Table.Td miw={110}>
                    {left > 0 ? (
                      <NumberInput
                        aria-label={`Receive now of ${line.partNumber} (${left} still to come)`}
                        size="xs"
                        min={0}
                        max={left}
                        allowDecimal={false}
                        allowNegative={false}
                        value={props.receiving[line.id] ?? left}
                        onChange={(value) => props.onReceiving(line.id, value)}
                      />
                    ) : (
                      <Text size="sm" c="dimmed">
                        All in
                      </Text>
                    )}
                  </Table.Td>
                ) : null}
                {order.canEditLines ? (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Tooltip label="Change line">
                        <ActionIcon variant="subtle" aria-label={`Change ${line.partNumber}`} onClick={() => props.onEdit(line)}>
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Remove line">
                        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${line.partNumber}`} loading={remove.isPending && remove.variables?.lineId === line.id} onClick={() => remove.mutate({ orderId: order.id, lineId: line.id })}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** Mark as ordered, Cancel order (asked first) and Receive stock, as the order allows. */
function OrderActions({ order, receiving, onReceived }: { order: PurchaseOrder; receiving: Record<string, number | string>; onReceived: () => void }) {
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const saved = useOrderChange();
  const move = trpc.purchaseOrders.transition.useMutation({
    onSuccess: (result) => {
      saved(result);
      setConfirming(false);
      notifySuccess(result.status === 'cancelled' ? 'Order cancelled' : 'Marked as ordered', `PO #${result.number} from ${result.supplierName}`);
    },
    onError: (error) => notifyError('Not changed', errorMessage(error, 'Please try again.')),
  });
  const receive = trpc.purchaseOrders.receive.useMutation({
    onSuccess: (result) => {
      saved(result);
      // The stock figures of the Parts and Inventory tabs change with a receipt.
      void utils.parts.invalidate();
      setRequestKey(newRequestKey());
      onReceived();
      notifySuccess('Stock received', result.status === 'received' ? `PO #${result.number} is fully received` : `PO #${result.number} is partially received`);
    },
    onError: (error) => notifyError('Nothing received', errorMessage(error, 'Please try again.')),
  });
  const lines = order.lines.flatMap((line) => {
    const quantity = Number(receiving[line.id] ?? line.quantityOrdered - line.quantityReceived);
    return quantity > 0 ? [{ lineId: line.id, quantity }] : [];
  });
  if (confirming) {
    return <ConfirmBody message={`Cancel PO #${order.number} from ${order.supplierName}? It can no longer be ordered or received.`} confirmLabel="Cancel order" loading={move.isPending} onCancel={() => setConfirming(false)} onConfirm={() => move.mutate({ id: order.id, to: 'cancelled' })} />;
  }
  const act = (to: PurchaseOrderMove) => (to === 'cancelled' ? setConfirming(true) : move.mutate({ id: order.id, to }));
  return (
    <Group justify="flex-end" gap="sm" wrap="wrap">
      {order.transitions.map((to) => (
        <Button key={to} variant={to === 'cancelled' ? 'default' : 'filled'} color={to === 'cancelled' ? 'red' : undefined} loading={move.isPending && move.variables?.to === to} onClick={() => act(to)}>
          {PURCHASE_ORDER_MOVE_LABELS[to]}
        </Button>
      ))}
      {order.canReceive ? (
        <Button leftSection={<IconPackageImport size={16} />} disabled={lines.length === 0} loading={receive.isPending} onClick={() => receive.mutate({ id: order.id, lines, requestKey })}>
          Receive stock
        </Button>
      ) : null}
    </Group>
  );
}

/** One purchase order: its supplier, state, lines, totals, and what its staff may do next. */
export function PurchaseOrderView({ shopId, orderId }: { shopId: string; orderId: string }) {
  const query = trpc.purchaseOrders.get.useQuery({ id: orderId });
  const [editing, setEditing] = useState<PurchaseOrderLine | null>(null);
  const [receiving, setReceiving] = useState<Record<string, number | string>>({});
  if (query.isPending) return <Skeleton h={240} radius="md" aria-label="Loading the purchase order" />;
  if (query.isError) return <EmptyState title="The purchase order could not be loaded" hint={errorMessage(query.error, 'Please try again.')} />;
  const order = query.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Title order={3} size="h4">
            PO #{order.number} · {order.supplierName}
          </Title>
          <Text size="sm" c="dimmed">
            Opened {formatDate(order.createdAt)}
            {order.createdByName ? ` by ${order.createdByName}` : ''}
          </Text>
        </Stack>
        <PurchaseOrderBadge status={order.status} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Field label="Ordered">{formatCents(order.totals.orderedCents)}</Field>
        <Field label="Received">{formatCents(order.totals.receivedCents)}</Field>
        <Field label="Units">{`${order.totals.unitsReceived} of ${order.totals.unitsOrdered} in`}</Field>
        <Field label={order.receivedAt ? 'Received on' : order.cancelledAt ? 'Cancelled on' : 'Ordered on'}>{formatDate(order.receivedAt ?? order.cancelledAt ?? order.orderedAt)}</Field>
      </SimpleGrid>
      {order.notes ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {order.notes}
        </Text>
      ) : null}
      {order.lines.length ? (
        <LineRows order={order} receiving={receiving} onReceiving={(lineId, value) => setReceiving((all) => ({ ...all, [lineId]: value }))} onEdit={setEditing} />
      ) : (
        <EmptyState title="No parts on this order yet" hint={order.canEditLines ? 'Add the parts to order below.' : 'Nothing was ordered.'} />
      )}
      {order.canEditLines ? <DraftLineForm key={editing?.id ?? `new-${order.lines.length}`} shopId={shopId} order={order} line={editing ?? undefined} onDone={() => setEditing(null)} /> : null}
      {order.canReceive ? (
        <Text size="sm" c="dimmed">
          Each line starts at what is still to come; set what arrived and choose Receive stock. It is added to the stock as received from {order.supplierName}.
        </Text>
      ) : null}
      <OrderActions order={order} receiving={receiving} onReceived={() => setReceiving({})} />
    </Stack>
  );
}
