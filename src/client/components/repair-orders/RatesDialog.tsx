import { Alert, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { amountToCents, centsToAmount } from '../../../shared/money.ts';
import { formatRateBp, hoursToHundredths } from '../../../shared/repair-order-totals.ts';
import { REPAIR_ORDER_LIMITS, type ShopRates } from '../../../shared/repair-orders.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { ShopDialog } from '../shop/parts.tsx';
import { FormActions } from '../FormActions.tsx';

interface Values {
  taxRate: string;
  laborRate: string;
}

const MAX_TAX = formatRateBp(REPAIR_ORDER_LIMITS.taxRateBp);

/** The shop's tax rate (a percentage, kept in basis points) and labour rate (dollars an hour, kept in cents). */
function RatesForm({ shopId, rates, onClose }: { shopId: string; rates: ShopRates; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<Values>({
    initialValues: { taxRate: formatRateBp(rates.taxRateBp), laborRate: centsToAmount(rates.laborRateCents) },
    validate: {
      taxRate: (value) => {
        const bp = hoursToHundredths(value);
        return bp === null || bp > REPAIR_ORDER_LIMITS.taxRateBp ? `Enter a percentage from 0 to ${MAX_TAX}, like 8.25` : null;
      },
      laborRate: (value) => {
        const cents = amountToCents(value);
        return cents === null || cents > REPAIR_ORDER_LIMITS.rateCents ? 'Enter an amount like 120.00' : null;
      },
    },
  });
  const save = trpc.repairOrders.setRates.useMutation({
    onSuccess: (saved) => {
      utils.repairOrders.rates.setData({ serviceCenterId: shopId }, saved);
      notifySuccess('Rates saved', 'New repair orders use them.');
      onClose();
    },
    onError: (error) => {
      const errors = fieldErrors(error);
      form.setErrors({ taxRate: errors.taxRateBp, laborRate: errors.laborRateCents });
      notifyError('Not saved', errorMessage(error, 'The rates could not be saved'));
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate({ serviceCenterId: shopId, taxRateBp: hoursToHundredths(values.taxRate)!, laborRateCents: amountToCents(values.laborRate)! }))} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          New repair orders start with these rates. An estimate keeps the tax rate it was opened with.
        </Text>
        <TextInput label="Tax rate" description="Charged on taxable lines" inputMode="decimal" rightSection="%" data-autofocus {...form.getInputProps('taxRate')} />
        <TextInput label="Labour rate" description="Per hour, the starting rate of a labour line" inputMode="decimal" leftSection="$" {...form.getInputProps('laborRate')} />
        <FormActions onCancel={onClose} loading={save.isPending}>
          Save rates
        </FormActions>
      </Stack>
    </form>
  );
}

export function RatesDialog({ shopId, opened, onClose }: { shopId: string; opened: boolean; onClose: () => void }) {
  const rates = trpc.repairOrders.rates.useQuery({ serviceCenterId: shopId }, { enabled: opened });
  return (
    <ShopDialog opened={opened} onClose={onClose} title="Shop rates" size="28rem">
      {rates.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the rates">
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      ) : rates.isError ? (
        <Alert color="red" title="The rates could not be loaded">
          {errorMessage(rates.error, 'Please try again.')}
        </Alert>
      ) : (
        <RatesForm shopId={shopId} rates={rates.data} onClose={onClose} />
      )}
    </ShopDialog>
  );
}
