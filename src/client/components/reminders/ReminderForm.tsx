import { SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { REMINDER_LIMITS, reminderValuesSchema, type Reminder } from '../../../shared/reminders.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { useUnits, type UnitFormat } from '../../lib/units.ts';
import { distanceName } from '../../../shared/units.ts';
import { FormActions } from '../FormActions.tsx';

type FormValues = { title: string; notes: string; dueDate: string; dueMileage: string; everyMonths: string; everyMiles: string };

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());
const wholeNumber = (value: string) => (value.trim() === '' ? null : Number(value.replace(/[,\s]/g, '')));

/** Mileages typed in the user's unit, sent as whole miles. */
function valuesOf(form: FormValues, f: UnitFormat) {
  return {
    title: form.title,
    notes: form.notes,
    dueDate: blankToNull(form.dueDate),
    dueMileage: form.dueMileage.trim() === '' ? null : f.distanceFromInput(form.dueMileage),
    everyMonths: wholeNumber(form.everyMonths),
    everyMiles: form.everyMiles.trim() === '' ? null : Number(f.distanceFromInput(form.everyMiles)),
  };
}

const validate = zodFormValidator<ReturnType<typeof valuesOf>>(reminderValuesSchema);

/** Add a reminder to a garage vehicle (no reminder given) or change one; the shared schema checks it here and on the server. */
export function ReminderForm({ vehicleId, reminder, onDone, onCancel }: { vehicleId: string; reminder?: Reminder; onDone: () => void; onCancel: () => void }) {
  const utils = trpc.useUtils();
  const f = useUnits();
  const form = useForm<FormValues>({
    initialValues: {
      title: reminder?.title ?? '',
      notes: reminder?.notes ?? '',
      dueDate: reminder?.dueDate ?? '',
      dueMileage: reminder?.dueMileage != null ? f.distanceInput(reminder.dueMileage) : '',
      everyMonths: reminder?.everyMonths?.toString() ?? '',
      everyMiles: reminder?.everyMiles != null ? f.distanceInput(reminder.everyMiles) : '',
    },
    validate: (values) => validate(valuesOf(values, f)),
  });
  const done = (message: string) => () => {
    notifySuccess('Success', message);
    void utils.garage.reminders.invalidate();
    onDone();
  };
  const fail = (fallback: string) => (error: unknown) => {
    form.setErrors(fieldErrors(error));
    notifyError('Error', errorMessage(error, fallback));
  };
  const create = trpc.garage.reminders.create.useMutation({ onSuccess: done('Reminder added'), onError: fail('Failed to add the reminder') });
  const update = trpc.garage.reminders.update.useMutation({ onSuccess: done('Reminder updated'), onError: fail('Failed to update the reminder') });

  const submit = (values: FormValues) => {
    const fields = valuesOf(values, f);
    if (reminder) update.mutate({ ...fields, id: reminder.id, timeZone: browserTimeZone() });
    else create.mutate({ ...fields, vehicleId });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TextInput label="Reminder" withAsterisk placeholder="e.g. Renew registration" maxLength={REMINDER_LIMITS.title} {...form.getInputProps('title')} />
        <Text size="sm" c="dimmed">
          Due on a day, at a mileage, or whichever comes first.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Due on" type="date" {...form.getInputProps('dueDate')} />
          <TextInput label="Due at mileage" inputMode="numeric" rightSection={f.units.distanceUnit} placeholder="e.g. 36,000" {...form.getInputProps('dueMileage')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Repeat every (months)" inputMode="numeric" placeholder="Once" description="e.g. 12 for yearly" {...form.getInputProps('everyMonths')} />
          <TextInput label={`Repeat every (${distanceName(f.units.distanceUnit, true)})`} inputMode="numeric" placeholder="Once" description="e.g. 6,000 for tyre rotation" {...form.getInputProps('everyMiles')} />
        </SimpleGrid>
        <Textarea label="Notes" autosize minRows={1} maxRows={6} maxLength={REMINDER_LIMITS.notes} {...form.getInputProps('notes')} />
        <FormActions onCancel={onCancel} loading={create.isPending || update.isPending}>
          {reminder ? 'Save Changes' : 'Add Reminder'}
        </FormActions>
      </Stack>
    </form>
  );
}
