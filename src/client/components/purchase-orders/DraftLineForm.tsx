import { Button, Card, Group } from '@mantine/core';
import { useState } from 'react';
import type { PurchaseOrder, PurchaseOrderLine } from '../../../shared/purchase-orders.ts';
import { notifyError } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { partLabel } from '../parts/PartSelect.tsx';
import { lineDraft, lineInput, type LineErrors } from './line-input.ts';
import { LineFields } from './LineFields.tsx';

/** Adds a part to a draft, or (with `line`) changes one of its lines; the order is answered again. */
export function DraftLineForm({ shopId, order, line, onDone }: { shopId: string; order: PurchaseOrder; line?: PurchaseOrderLine; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState(() => lineDraft(line));
  const [errors, setErrors] = useState<LineErrors>({});
  const onSuccess = (saved: PurchaseOrder) => {
    utils.purchaseOrders.get.setData({ id: saved.id }, saved);
    void utils.purchaseOrders.list.invalidate();
    onDone();
  };
  const onError = (error: unknown) => notifyError(line ? 'Line not saved' : 'Part not added', errorMessage(error, 'Please try again.'));
  const add = trpc.purchaseOrders.addLine.useMutation({ onSuccess, onError });
  const update = trpc.purchaseOrders.updateLine.useMutation({ onSuccess, onError });

  const save = () => {
    const checked = lineInput(draft);
    setErrors(checked.errors ?? {});
    if (!checked.input) return;
    if (line) update.mutate({ orderId: order.id, lineId: line.id, line: checked.input });
    else add.mutate({ orderId: order.id, line: checked.input });
  };

  return (
    <Card withBorder padding="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
        noValidate
        aria-label={line ? `Change ${line.partNumber}` : 'Add a part'}
      >
        <LineFields
          shopId={shopId}
          line={draft}
          errors={errors}
          onChange={setDraft}
          known={line ? { id: line.partId, label: partLabel({ partNumber: line.partNumber, name: line.partName }) } : null}
          exclude={order.lines.filter((other) => other.id !== line?.id).map((other) => other.partId)}
          actions={
            <Group justify="flex-end" gap="sm">
              {line ? (
                <Button variant="default" size="xs" onClick={onDone}>
                  Cancel
                </Button>
              ) : null}
              <Button type="submit" size="xs" loading={add.isPending || update.isPending}>
                {line ? 'Save line' : 'Add to order'}
              </Button>
            </Group>
          }
        />
      </form>
    </Card>
  );
}
