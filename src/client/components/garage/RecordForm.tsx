import { Autocomplete, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { todayIn } from '../../../shared/dates.ts';
import { GARAGE_LIMITS } from '../../../shared/garage.ts';
import { RECORD_STATUS_LABELS, RECORD_STATUSES, serviceRecordFieldsSchema, type RecordStatus, type ServiceRecord } from '../../../shared/service-records.ts';
import { serviceName } from '../../../shared/due.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { useUnits, type UnitFormat } from '../../lib/units.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { FormActions } from '../FormActions.tsx';
import { recordDay } from './UrgencyBadge.tsx';

/** A vehicle a record can be written for: one of the user's, or (technicians) a customer's. */
export interface RecordTarget {
  key: string;
  label: string;
  vehicleId: string;
  /** Staff: the shop writing the record and its customer's vehicle (docs/garage.md#records-written-by-shops). */
  serviceCenterId: string | null;
  customerVehicleId: string | null;
  /** False for a vehicle shared with the user to view only: listed to filter by, never to add to. */
  writable: boolean;
}

type FormValues = {
  target: string;
  componentId: string | null;
  serviceType: string;
  date: string;
  mileage: string;
  cost: string;
  status: RecordStatus;
  description: string;
  notes: string;
};

function fieldsOf(values: FormValues, timeZone: string, f: UnitFormat) {
  return {
    componentId: values.componentId,
    serviceType: values.serviceType,
    date: values.date,
    mileage: values.mileage.trim() === '' ? null : f.distanceFromInput(values.mileage),
    cost: values.cost.trim() === '' ? null : f.decimalFromInput(values.cost),
    status: values.status,
    description: values.description,
    notes: values.notes,
    timeZone,
  };
}

const validateFields = zodFormValidator<ReturnType<typeof fieldsOf>>(serviceRecordFieldsSchema);

/** Add a record (no record given) or edit one; the shared schema checks it here and on the server. */
export function RecordForm({
  targets: allTargets,
  record,
  initial,
  onDone,
  onCancel,
}: {
  targets: RecordTarget[];
  record?: ServiceRecord;
  initial?: { targetKey?: string; componentId?: string | null; serviceType?: string };
  onDone: () => void;
  onCancel: () => void;
}) {
  // A vehicle shared to view only takes no records.
  const targets = allTargets.filter((t) => t.writable);
  const timeZone = browserTimeZone();
  const utils = trpc.useUtils();
  const f = useUnits();
  const form = useForm<FormValues>({
    initialValues: {
      target: record ? '' : (initial?.targetKey ?? targets[0]?.key ?? ''),
      componentId: record?.componentId ?? initial?.componentId ?? null,
      serviceType: record?.serviceType ?? initial?.serviceType ?? '',
      date: record ? recordDay(record.date) : todayIn(timeZone),
      mileage: record?.mileageValue != null ? f.distanceInput(record.mileageValue) : '',
      cost: record?.cost ?? '',
      status: record?.status ?? 'completed',
      description: record?.description ?? '',
      notes: record?.notes ?? '',
    },
    validate: (values) => ({
      ...validateFields(fieldsOf(values, timeZone, f)),
      ...(!record && !targets.some((t) => t.key === values.target) ? { target: 'Choose a vehicle' } : {}),
    }),
  });
  const target = targets.find((t) => t.key === form.values.target);
  const vehicleId = record?.vehicleId ?? target?.vehicleId ?? null;
  const components = trpc.vehicles.components.useQuery({ vehicleId: vehicleId ?? '' }, { enabled: vehicleId !== null });
  const component = components.data?.find((c) => c.id === form.values.componentId);
  const suggestions = [...new Set((component ? [component] : (components.data ?? [])).flatMap((c) => c.serviceSchedule.map((s) => serviceName(s.label))))];

  const done = (message: string) => () => {
    notifySuccess('Success', message);
    void utils.garage.invalidate();
    void utils.vehicles.serviceRecords.invalidate();
    void utils.knowledge.tips.invalidate();
    onDone();
  };
  const fail = (fallback: string) => (error: unknown) => {
    form.setErrors(fieldErrors(error));
    notifyError('Error', errorMessage(error, fallback));
  };
  const create = trpc.garage.records.create.useMutation({ onSuccess: done('Service record added'), onError: fail('Failed to add the service record') });
  const update = trpc.garage.records.update.useMutation({ onSuccess: done('Service record updated'), onError: fail('Failed to update the service record') });

  const submit = (values: FormValues) => {
    const fields = fieldsOf(values, timeZone, f);
    if (record) update.mutate({ ...fields, id: record.id });
    else if (target) create.mutate({ ...fields, vehicleId: target.vehicleId, serviceCenterId: target.serviceCenterId, customerVehicleId: target.customerVehicleId });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        {record ? null : (
          <Select
            label="Vehicle"
            withAsterisk
            allowDeselect={false}
            data={targets.map((t) => ({ value: t.key, label: t.label }))}
            nothingFoundMessage="Save a vehicle to your garage first"
            {...form.getInputProps('target')}
            onChange={(value) => {
              form.setFieldValue('target', value ?? '');
              form.setFieldValue('componentId', null);
            }}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Component"
            placeholder="Whole vehicle"
            clearable
            disabled={vehicleId === null}
            data={(components.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            {...form.getInputProps('componentId')}
          />
          <Autocomplete
            label="Service type"
            withAsterisk
            placeholder="e.g. Oil change"
            maxLength={GARAGE_LIMITS.serviceType}
            data={suggestions}
            {...form.getInputProps('serviceType')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Date" type="date" withAsterisk {...form.getInputProps('date')} />
          <Select
            label="Status"
            allowDeselect={false}
            data={RECORD_STATUSES.map((value) => ({ value, label: RECORD_STATUS_LABELS[value] }))}
            {...form.getInputProps('status')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Mileage" inputMode="numeric" rightSection={f.units.distanceUnit} placeholder="Odometer at the service" {...form.getInputProps('mileage')} />
          <TextInput label="Cost" inputMode="decimal" leftSection={f.currencySign} placeholder="0.00" {...form.getInputProps('cost')} />
        </SimpleGrid>
        <Textarea label="Description" autosize minRows={2} maxRows={6} maxLength={GARAGE_LIMITS.description} {...form.getInputProps('description')} />
        <Textarea label="Notes" autosize minRows={1} maxRows={6} maxLength={GARAGE_LIMITS.notes} {...form.getInputProps('notes')} />
        <FormActions onCancel={onCancel} loading={create.isPending || update.isPending}>
          {record ? 'Save Changes' : 'Add Record'}
        </FormActions>
      </Stack>
    </form>
  );
}
