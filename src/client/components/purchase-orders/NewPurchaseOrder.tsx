import { Button, Card, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { PURCHASE_ORDER_LIMITS, purchaseOrderFormSchema, type PurchaseOrderLineInput } from '../../../shared/purchase-orders.ts';
import { SUPPLIER_STATUS_LABELS } from '../../../shared/suppliers.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { FormActions } from '../FormActions.tsx';
import { lineDraft, lineInput, type LineDraft, type LineErrors } from './line-input.ts';
import { LineFields } from './LineFields.tsx';

/**
 * "New purchase order": one of the shop's suppliers, optional notes and the parts to order, each
 * with its quantity and unit cost. The order is saved as a draft and opens (`onCreated`).
 */
export function NewPurchaseOrder({ shopId, onCreated, onCancel }: { shopId: string; onCreated: (orderId: string) => void; onCancel: () => void }) {
  const utils = trpc.useUtils();
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [lines, setLines] = useState<LineDraft[]>(() => [lineDraft()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [lineErrors, setLineErrors] = useState<Record<string, LineErrors>>({});
  const suppliers = trpc.parts.suppliers.list.useQuery({ serviceCenterId: shopId });
  const create = trpc.purchaseOrders.create.useMutation({
    onSuccess: (order) => {
      void utils.purchaseOrders.list.invalidate();
      notifySuccess('Purchase order created', `PO #${order.number} for ${order.supplierName} is a draft: mark it ordered when it is sent`);
      onCreated(order.id);
    },
    onError: (error) => {
      setErrors(fieldErrors(error));
      notifyError('Not created', errorMessage(error, 'The purchase order could not be created'));
    },
  });

  const submit = () => {
    const checkedLines: PurchaseOrderLineInput[] = [];
    const foundLineErrors: Record<string, LineErrors> = {};
    for (const line of lines) {
      const checked = lineInput(line);
      if (checked.errors) foundLineErrors[line.key] = checked.errors;
      else checkedLines.push(checked.input);
    }
    const input = { supplierId: supplierId ?? '', notes, lines: checkedLines };
    const checked = purchaseOrderFormSchema.safeParse(input);
    const found: Record<string, string> = {};
    if (!supplierId) found.supplierId = 'Choose a supplier';
    for (const issue of checked.success ? [] : checked.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (new Set(checkedLines.map((line) => line.partId)).size !== checkedLines.length) found.lines = 'A part is on two lines: keep one line with the whole quantity';
    setErrors(found);
    setLineErrors(foundLineErrors);
    if (Object.keys(found).length || Object.keys(foundLineErrors).length) return;
    create.mutate({ serviceCenterId: shopId, ...input });
  };

  const supplierOptions = (suppliers.data ?? []).map((s) => ({ value: s.id, label: s.status === 'active' ? s.name : `${s.name} (${SUPPLIER_STATUS_LABELS[s.status].toLowerCase()})` }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Select
          label="Supplier"
          withAsterisk
          data-autofocus
          placeholder={suppliers.isPending ? 'Loading suppliers…' : supplierOptions.length ? 'Choose a supplier' : 'No suppliers yet'}
          description={suppliers.data?.length === 0 ? 'Your shop\u2019s managers and owners add suppliers on the Suppliers tab.' : undefined}
          data={supplierOptions}
          value={supplierId}
          onChange={setSupplierId}
          comboboxProps={{ withinPortal: true }}
          error={errors.supplierId ?? (suppliers.isError ? errorMessage(suppliers.error, 'Suppliers could not be loaded') : undefined)}
        />
        <Stack gap="sm">
          <Text size="sm" fw={500}>
            Parts to order
          </Text>
          {lines.map((line, index) => (
            <Card key={line.key} withBorder padding="sm">
              <LineFields
                shopId={shopId}
                line={line}
                errors={lineErrors[line.key] ?? {}}
                exclude={lines.filter((other) => other.key !== line.key && other.partId).map((other) => other.partId!)}
                onChange={(changed) => setLines((all) => all.map((l) => (l.key === line.key ? changed : l)))}
                actions={
                  lines.length > 1 ? (
                    <Group justify="flex-end">
                      <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}>
                        Remove line {index + 1}
                      </Button>
                    </Group>
                  ) : null
                }
              />
            </Card>
          ))}
          {errors.lines ? (
            <Text size="sm" c="red" role="alert">
              {errors.lines}
            </Text>
          ) : null}
          <Group>
            <Button variant="light" leftSection={<IconPlus size={16} />} disabled={lines.length >= PURCHASE_ORDER_LIMITS.lines} onClick={() => setLines((all) => [...all, lineDraft()])}>
              Add another part
            </Button>
          </Group>
        </Stack>
        <Textarea label="Notes" autosize minRows={2} maxRows={5} maxLength={PURCHASE_ORDER_LIMITS.notes} placeholder="e.g. Account number, delivery day" value={notes} onChange={(event) => setNotes(event.currentTarget.value)} error={errors.notes} />
        <FormActions onCancel={onCancel} loading={create.isPending}>
          Create purchase order
        </FormActions>
      </Stack>
    </form>
  );
}
