import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { todayIn } from '../../../shared/dates.ts';
import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_LABELS, FUEL_LIMITS, expenseFieldsSchema, type Expense, type ExpenseCategory } from '../../../shared/fuel.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { useUnits, type UnitFormat } from '../../lib/units.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { FormActions } from '../FormActions.tsx';

type FormValues = { date: string; category: ExpenseCategory; amount: string; note: string };
const fieldsOf = (values: FormValues, f: UnitFormat) => ({ ...values, amount: f.decimalFromInput(values.amount) });
const validateFields = zodFormValidator<ReturnType<typeof fieldsOf>>(expenseFieldsSchema);

/** Add an expense (registration, insurance, tax, parking, repair, other) or change one. */
export function ExpenseForm({ vehicleId, expense, onDone, onCancel }: { vehicleId: string; expense?: Expense; onDone: () => void; onCancel: () => void }) {
  const utils = trpc.useUtils();
  const f = useUnits();
  const { currencySign } = f;
  const form = useForm<FormValues>({
    initialValues: {
      date: expense?.date ?? todayIn(browserTimeZone()),
      category: expense?.category ?? 'registration',
      amount: expense?.amount ?? '',
      note: expense?.note ?? '',
    },
    validate: (values) => validateFields(fieldsOf(values, f)),
  });
  const done = (message: string) => () => {
    notifySuccess('Success', message);
    void utils.fuel.invalidate();
    onDone();
  };
  const fail = (fallback: string) => (error: unknown) => {
    form.setErrors(fieldErrors(error));
    notifyError('Error', errorMessage(error, fallback));
  };
  const create = trpc.fuel.expenses.create.useMutation({ onSuccess: done('Expense added'), onError: fail('Failed to add the expense') });
  const update = trpc.fuel.expenses.update.useMutation({ onSuccess: done('Expense updated'), onError: fail('Failed to update the expense') });
  const submit = (values: FormValues) => (expense ? update.mutate({ ...fieldsOf(values, f), id: expense.id }) : create.mutate({ ...fieldsOf(values, f), vehicleId }));

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Category"
            withAsterisk
            allowDeselect={false}
            data={EXPENSE_CATEGORIES.map((value) => ({ value, label: EXPENSE_CATEGORY_LABELS[value] }))}
            {...form.getInputProps('category')}
          />
          <TextInput label="Amount" withAsterisk inputMode="decimal" leftSection={currencySign} placeholder="0.00" {...form.getInputProps('amount')} />
        </SimpleGrid>
        <TextInput label="Date" type="date" withAsterisk {...form.getInputProps('date')} />
        <TextInput label="Note" maxLength={FUEL_LIMITS.note} placeholder="Optional" {...form.getInputProps('note')} />
        <FormActions onCancel={onCancel} loading={create.isPending || update.isPending}>
          {expense ? 'Save Changes' : 'Add Expense'}
        </FormActions>
      </Stack>
    </form>
  );
}
