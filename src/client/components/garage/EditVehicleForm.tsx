import { Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  GARAGE_LIMITS,
  mileageSchema,
  ODOMETER_CORRECTION_LABELS,
  ODOMETER_CORRECTIONS,
  updateGarageVehicleSchema,
  type GarageVehicle,
  type OdometerCorrection,
} from '../../../shared/garage.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { useUnits } from '../../lib/units.ts';
import { FormActions } from '../FormActions.tsx';

/** Rename a garage vehicle or set its odometer (a lower reading asks why: docs/garage.md). */
export function EditVehicleForm({ entry, onDone }: { entry: GarageVehicle; onDone: () => void }) {
  const utils = trpc.useUtils();
  const f = useUnits();
  type Values = { nickname: string; odometer: string; odometerCorrection: OdometerCorrection | '' };
  const form = useForm<Values>({
    initialValues: { nickname: entry.nickname, odometer: f.distanceInput(entry.odometer), odometerCorrection: '' },
    validate: (values) => {
      const errors = zodFormValidator<Record<string, unknown>>(updateGarageVehicleSchema)({ ...values, odometer: f.distanceFromInput(values.odometer), odometerCorrection: values.odometerCorrection || undefined });
      if (lower(values.odometer) && !values.odometerCorrection) errors.odometerCorrection = 'Say why the odometer reads less';
      return errors;
    },
  });
  // The odometer never goes back silently: below the highest recorded mileage, the owner says why.
  const lower = (odometer: string) => {
    const parsed = mileageSchema.safeParse(f.distanceFromInput(odometer));
    return parsed.success && parsed.data < entry.highestMileage;
  };
  const update = trpc.garage.update.useMutation({
    onSuccess: () => {
      notifySuccess('Success', 'Vehicle updated');
      void utils.garage.invalidate();
      onDone();
    },
    onError: (error) => {
      form.setErrors(fieldErrors(error));
      notifyError('Error', errorMessage(error, 'Failed to update the vehicle'));
    },
  });
  return (
    <form
      onSubmit={form.onSubmit(({ odometerCorrection, ...values }) =>
        update.mutate({ ...values, odometer: f.distanceFromInput(values.odometer), id: entry.id, ...(lower(values.odometer) && odometerCorrection ? { odometerCorrection } : {}) }),
      )}
      noValidate
    >
      <Stack gap="sm">
        <TextInput label="Nickname" withAsterisk maxLength={GARAGE_LIMITS.nickname} {...form.getInputProps('nickname')} />
        <TextInput label="Current odometer" withAsterisk inputMode="numeric" rightSection={f.units.distanceUnit} {...form.getInputProps('odometer')} />
        {lower(form.values.odometer) ? (
          <Radio.Group
            label={`This is below the highest recorded mileage, ${f.distance(entry.highestMileage)}. Why?`}
            withAsterisk
            {...form.getInputProps('odometerCorrection')}
          >
            <Stack gap={6} mt={6}>
              {ODOMETER_CORRECTIONS.map((reason) => (
                <Radio key={reason} value={reason} label={ODOMETER_CORRECTION_LABELS[reason]} />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        <FormActions onCancel={onDone} loading={update.isPending}>
          Save Changes
        </FormActions>
      </Stack>
    </form>
  );
}
