import { Checkbox, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { todayIn } from '../../../shared/dates.ts';
import { FUEL_LIMITS, fuelEntryFieldsSchema, type FuelEntry, type FuelKind, type QuantityUnit } from '../../../shared/fuel.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { useUnits, type UnitFormat } from '../../lib/units.ts';
import { VOLUME_UNIT_SHORT, volumeFromGallons, volumeName } from '../../../shared/units.ts';
import { FormActions } from '../FormActions.tsx';

type FormValues = {
  kind: FuelKind;
  date: string;
  odometer: string;
  quantity: string;
  unit: QuantityUnit;
  totalPrice: string;
  pricePerUnit: string;
  fullFill: boolean;
  missedBefore: boolean;
  station: string;
};


/** What is sent: the odometer as whole miles, the volume with the unit it was typed in (the server stores US gallons). */
function fieldsOf(values: FormValues, timeZone: string, f: UnitFormat) {
  const blankToNull = (value: string) => (value.trim() === '' ? null : f.decimalFromInput(value));
  return {
    kind: values.kind,
    date: values.date,
    odometer: f.distanceFromInput(values.odometer),
    quantity: f.decimalFromInput(values.quantity),
    unit: values.unit,
    totalPrice: blankToNull(values.totalPrice),
    pricePerUnit: blankToNull(values.totalPrice) === null ? blankToNull(values.pricePerUnit) : null,
    fullFill: values.fullFill,
    missedBefore: values.missedBefore,
    station: values.station,
    timeZone,
  };
}

const validateFields = zodFormValidator<ReturnType<typeof fieldsOf>>(fuelEntryFieldsSchema);

/** Log a fill-up or a charge, or change one; the shared schema checks it here and on the server. */
export function FuelForm({ vehicleId, entry, odometer, onDone, onCancel }: { vehicleId: string; entry?: FuelEntry; odometer: number; onDone: () => void; onCancel: () => void }) {
  const timeZone = browserTimeZone();
  const utils = trpc.useUtils();
  const f = useUnits();
  const volumeUnit = f.units.volumeUnit;
  const form = useForm<FormValues>({
    initialValues: {
      kind: entry?.kind ?? 'fuel',
      date: entry?.date ?? todayIn(timeZone),
      odometer: f.distanceInput(entry?.odometer ?? odometer),
      quantity: entry ? String(entry.kind === 'charge' ? entry.quantity : Number(volumeFromGallons(entry.quantity, volumeUnit).toFixed(3))) : '',
      unit: entry?.kind === 'charge' ? 'kWh' : volumeUnit,
      totalPrice: entry?.totalPrice ?? '',
      pricePerUnit: '',
      fullFill: entry?.fullFill ?? true,
      missedBefore: entry?.missedBefore ?? false,
      station: entry?.station ?? '',
    },
    validate: (values) => validateFields(fieldsOf(values, timeZone, f)),
  });
  const done = (message: string) => () => {
    notifySuccess('Success', message);
    void utils.fuel.invalidate();
    void utils.garage.invalidate();
    onDone();
  };
  const fail = (fallback: string) => (error: unknown) => {
    form.setErrors(fieldErrors(error));
    notifyError('Error', errorMessage(error, fallback));
  };
  const create = trpc.fuel.create.useMutation({ onSuccess: done('Fill-up logged'), onError: fail('Failed to log the fill-up') });
  const update = trpc.fuel.update.useMutation({ onSuccess: done('Fill-up updated'), onError: fail('Failed to update the fill-up') });
  const submit = (values: FormValues) => {
    const fields = fieldsOf(values, timeZone, f);
    if (entry) update.mutate({ ...fields, id: entry.id });
    else create.mutate({ ...fields, vehicleId });
  };
  const charge = form.values.kind === 'charge';

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Fuel or charge"
          data={[
            { value: 'fuel', label: 'Fuel' },
            { value: 'charge', label: 'Charge (EV)' },
          ]}
          value={form.values.kind}
          onChange={(value) => {
            form.setFieldValue('kind', value as FuelKind);
            form.setFieldValue('unit', value === 'charge' ? 'kWh' : volumeUnit);
          }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Date" type="date" withAsterisk {...form.getInputProps('date')} />
          <TextInput label="Odometer" inputMode="numeric" rightSection={f.units.distanceUnit} withAsterisk {...form.getInputProps('odometer')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={charge ? 'Energy' : 'Volume'}
            inputMode="decimal"
            withAsterisk
            rightSectionWidth={charge || volumeUnit !== 'impgal' ? 48 : 80}
            rightSection={charge ? 'kWh' : VOLUME_UNIT_SHORT[volumeUnit]}
            {...form.getInputProps('quantity')}
          />
          <TextInput label="Total price" inputMode="decimal" leftSection={f.currencySign} placeholder="0.00" {...form.getInputProps('totalPrice')} />
        </SimpleGrid>
        <TextInput
          label={`Or price per ${charge ? 'kWh' : volumeName(volumeUnit)}`}
          description="Used when the total is left empty"
          inputMode="decimal"
          leftSection={f.currencySign}
          disabled={form.values.totalPrice.trim() !== ''}
          {...form.getInputProps('pricePerUnit')}
        />
        <Checkbox label={charge ? 'Charged to full' : 'Filled the tank (full fill)'} {...form.getInputProps('fullFill', { type: 'checkbox' })} />
        <Checkbox label="I missed logging the fill-up before this one" {...form.getInputProps('missedBefore', { type: 'checkbox' })} />
        <TextInput label="Station" maxLength={FUEL_LIMITS.station} placeholder="Where, optional" {...form.getInputProps('station')} />
        <FormActions onCancel={onCancel} loading={create.isPending || update.isPending}>
          {entry ? 'Save Changes' : charge ? 'Log Charge' : 'Log Fill-up'}
        </FormActions>
      </Stack>
    </form>
  );
}
