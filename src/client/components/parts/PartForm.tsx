import { NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { amountToCents, centsToAmount } from '../../../shared/money.ts';
import { PART_CATEGORIES, PART_LIMITS, partFormSchema, type Part, type PartCategory } from '../../../shared/parts.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { FormActions } from '../FormActions.tsx';

interface PartFormValues {
  partNumber: string;
  name: string;
  brand: string;
  category: PartCategory;
  make: string;
  model: string;
  yearFrom: number | string;
  yearTo: number | string;
  engine: string;
  unitCost: string;
  price: string;
  reorderPoint: number | string;
  notes: string;
}

/** The form's money fields are typed amounts; the server takes whole cents. */
const FIELD_OF: Record<string, keyof PartFormValues> = { unitCostCents: 'unitCost', priceCents: 'price' };
const AMOUNT_ERROR = 'Enter an amount like 12.50';

const wholeOrNull = (value: number | string) => (value === '' ? null : Number(value));
const centsOf = (amount: string) => (amount.trim() === '' ? 0 : amountToCents(amount));

/** What is sent: the fields as the shared schema takes them. */
function payloadOf(values: PartFormValues) {
  return {
    partNumber: values.partNumber,
    name: values.name,
    brand: values.brand,
    category: values.category,
    make: values.make,
    model: values.model,
    yearFrom: wholeOrNull(values.yearFrom),
    yearTo: wholeOrNull(values.yearTo),
    engine: values.engine,
    unitCostCents: centsOf(values.unitCost) ?? 0,
    priceCents: centsOf(values.price) ?? 0,
    reorderPoint: values.reorderPoint === '' ? 0 : Number(values.reorderPoint),
    notes: values.notes,
  };
}

/** Field errors by the form's names (the server's unitCostCents is the form's unitCost). */
function byFormField(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [FIELD_OF[key] ?? key, message]));
}

function validate(values: PartFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (centsOf(values.unitCost) === null) errors.unitCost = AMOUNT_ERROR;
  if (centsOf(values.price) === null) errors.price = AMOUNT_ERROR;
  const result = partFormSchema.safeParse(payloadOf(values));
  for (const issue of result.success ? [] : result.error.issues) {
    const key = FIELD_OF[String(issue.path[0])] ?? String(issue.path[0]);
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** "Add part" and "Edit part" (any staff role). Stock is not a field: it moves on the Inventory tab. */
export function PartForm({ shopId, part, onDone }: { shopId: string; part?: Part; onDone: (saved: Part | null) => void }) {
  const utils = trpc.useUtils();
  const form = useForm<PartFormValues>({
    initialValues: {
      partNumber: part?.partNumber ?? '',
      name: part?.name ?? '',
      brand: part?.brand ?? '',
      category: part?.category ?? 'Other',
      make: part?.make ?? '',
      model: part?.model ?? '',
      yearFrom: part?.yearFrom ?? '',
      yearTo: part?.yearTo ?? '',
      engine: part?.engine ?? '',
      unitCost: part ? centsToAmount(part.unitCostCents) : '',
      price: part ? centsToAmount(part.priceCents) : '',
      reorderPoint: part?.reorderPoint ?? 0,
      notes: part?.notes ?? '',
    },
    validate,
  });
  const onError = (error: unknown) => {
    form.setErrors(byFormField(fieldErrors(error)));
    notifyError('Error', errorMessage(error, 'Failed to save the part'));
  };
  const onSuccess = (saved: Part) => {
    notifySuccess('Success', part ? `${saved.partNumber} updated` : `${saved.partNumber} added`);
    void utils.parts.invalidate();
    onDone(saved);
  };
  const create = trpc.parts.create.useMutation({ onSuccess, onError });
  const update = trpc.parts.update.useMutation({ onSuccess, onError });
  const year = (label: string, field: 'yearFrom' | 'yearTo') => (
    <NumberInput label={label} min={PART_LIMITS.yearMin} max={PART_LIMITS.yearMax} allowDecimal={false} allowNegative={false} {...form.getInputProps(field)} />
  );

  return (
    <form
      onSubmit={form.onSubmit((values) => (part ? update.mutate({ id: part.id, ...payloadOf(values) }) : create.mutate({ serviceCenterId: shopId, ...payloadOf(values) })))}
      noValidate
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Part number" withAsterisk maxLength={PART_LIMITS.partNumber} data-autofocus {...form.getInputProps('partNumber')} />
          <TextInput label="Brand" maxLength={PART_LIMITS.text} {...form.getInputProps('brand')} />
        </SimpleGrid>
        <TextInput label="Name" withAsterisk maxLength={PART_LIMITS.name} placeholder="e.g. Front brake pad set" {...form.getInputProps('name')} />
        <Select label="Category" description="The vehicle component it serves" data={[...PART_CATEGORIES]} allowDeselect={false} comboboxProps={{ withinPortal: true }} {...form.getInputProps('category')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Fits make" placeholder="Any make" maxLength={PART_LIMITS.text} {...form.getInputProps('make')} />
          <TextInput label="Fits model" placeholder="Any model" maxLength={PART_LIMITS.text} {...form.getInputProps('model')} />
          {year('Year from', 'yearFrom')}
          {year('Year to', 'yearTo')}
        </SimpleGrid>
        <TextInput label="Engine" placeholder="Any engine, e.g. 2.0L I4" maxLength={PART_LIMITS.text} {...form.getInputProps('engine')} />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="Unit cost" leftSection="$" inputMode="decimal" placeholder="0.00" {...form.getInputProps('unitCost')} />
          <TextInput label="Price" leftSection="$" inputMode="decimal" placeholder="0.00" {...form.getInputProps('price')} />
          <NumberInput label="Reorder point" description="Low Stock at or below" min={0} max={PART_LIMITS.reorderPoint} allowDecimal={false} allowNegative={false} {...form.getInputProps('reorderPoint')} />
        </SimpleGrid>
        <Textarea label="Notes" autosize minRows={2} maxRows={6} maxLength={PART_LIMITS.notes} {...form.getInputProps('notes')} />
        <FormActions onCancel={() => onDone(null)} loading={create.isPending || update.isPending}>
          {part ? 'Save changes' : 'Add part'}
        </FormActions>
      </Stack>
    </form>
  );
}
