import { Badge, Button, Group, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCar, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { z } from 'zod';
import { todayIn } from '../../../shared/dates.ts';
import { serviceName } from '../../../shared/due.ts';
import { addToGarageSchema, GARAGE_LIMITS, mileageSchema, nicknameSchema, type AddToGarageInput } from '../../../shared/garage.ts';
import type { Vehicle, VehicleComponent } from '../../../shared/vehicles.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { useUnits, type UnitFormat } from '../../lib/units.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';

/** How many of the vehicle's most frequent services the first-week step asks about. */
const MAIN_SERVICES = 3;

/**
 * The vehicle's main services, what the first-week step asks about: those counted in miles first
 * (what an odometer reading helps with), then the most frequent (at about 1,000 miles a month).
 */
export function mainServices(components: VehicleComponent[]): string[] {
  const intervals = components.flatMap((component) => component.serviceSchedule);
  const months = (i: { months?: number | null; miles?: number | null }) => Math.min(i.months ?? Infinity, i.miles ? i.miles / 1000 : Infinity);
  const sorted = [...intervals].sort((a, b) => Number(!a.miles) - Number(!b.miles) || months(a) - months(b));
  return [...new Set(sorted.map((interval) => serviceName(interval.label)))].slice(0, MAIN_SERVICES);
}

type Known = { service: string; mileage: string; date: string };
type FormValues = { nickname: string; odometer: string; knowledge: 'known' | 'unknown'; known: Known[] };

const firstStepSchema = z.object({ nickname: nicknameSchema, odometer: mileageSchema });

/** What is sent: always the vehicle on screen, never one remembered from an earlier decode. */
function payload(vehicle: Vehicle, values: FormValues, f: UnitFormat): AddToGarageInput {
  const lastKnown =
    values.knowledge === 'known'
      ? values.known
          .filter((known) => known.mileage.trim() !== '' || known.date !== '')
          .map((known) => ({ service: known.service, mileage: known.mileage.trim() === '' ? null : f.distanceFromInput(known.mileage), date: known.date === '' ? null : known.date }))
      : [];
  return { vehicleId: vehicle.id, nickname: values.nickname, odometer: f.distanceFromInput(values.odometer), lastKnown, timeZone: browserTimeZone() };
}

/** Server or schema paths of the payload ('lastKnown.0.date') as the form's ('known.0.date'). */
function formPath(path: string, values: FormValues): string {
  const match = /^lastKnown\.(\d+)\.(\w+)$/.exec(path);
  if (!match) return path;
  const filled = values.known.filter((known) => known.mileage.trim() !== '' || known.date !== '');
  const index = values.known.indexOf(filled[Number(match[1])]!);
  return `known.${index}.${match[2] === 'service' ? 'date' : match[2]}`;
}

function SaveDialog({ vehicle, opened, onClose }: { vehicle: Vehicle; opened: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const components = trpc.vehicles.components.useQuery({ vehicleId: vehicle.id });
  const services = mainServices(components.data ?? []);
  const [step, setStep] = useState<1 | 2>(1);
  const f = useUnits();
  const form = useForm<FormValues>({
    initialValues: {
      nickname: `${vehicle.year} ${vehicle.make} ${vehicle.model}`.slice(0, GARAGE_LIMITS.nickname),
      odometer: '',
      knowledge: 'unknown',
      known: [],
    },
    validate: (values) => zodFormValidator<Record<string, unknown>>(firstStepSchema)({ ...values, odometer: f.distanceFromInput(values.odometer) }),
  });
  const add = trpc.garage.add.useMutation({
    onSuccess: (entry) => {
      notifySuccess('Saved', `${entry.nickname} is in your garage`);
      void utils.garage.invalidate();
      void utils.knowledge.tips.invalidate();
      onClose();
    },
    onError: (error) => {
      const errors = fieldErrors(error);
      form.setErrors(errors);
      if (errors.nickname || errors.odometer) setStep(1);
      notifyError('Error', errorMessage(error, 'Failed to save the vehicle'));
    },
  });

  function next() {
    if (form.validate().hasErrors) return;
    if (form.values.known.length === 0) form.setFieldValue('known', services.map((service) => ({ service, mileage: '', date: '' })));
    setStep(2);
  }

  function save(values: FormValues) {
    const input = payload(vehicle, values, f);
    const parsed = addToGarageSchema.safeParse(input);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[formPath(issue.path.join('.'), values)] ??= issue.message;
      form.setErrors(errors);
      return;
    }
    add.mutate(input);
  }

  const today = todayIn(browserTimeZone());
  return (
    <Modal opened={opened} onClose={onClose} title="Save to My Vehicles">
      {step === 1 ? (
        <form onSubmit={(event) => (event.preventDefault(), next())} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {vehicle.year} {vehicle.make} {vehicle.model}
              {vehicle.vin ? ` · VIN ${vehicle.vin}` : ''}
            </Text>
            <TextInput label="Nickname" withAsterisk maxLength={GARAGE_LIMITS.nickname} {...form.getInputProps('nickname')} />
            <TextInput
              label="Current odometer"
              description="Miles on the dashboard today"
              withAsterisk
              inputMode="numeric"
              rightSection={f.units.distanceUnit}
              {...form.getInputProps('odometer')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">Next</Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={(event) => (event.preventDefault(), save(form.values))} noValidate>
          <Stack gap="sm">
            <Radio.Group
              label="When was it last serviced?"
              description="What is due counts from the last service you know of."
              value={form.values.knowledge}
              onChange={(value) => form.setFieldValue('knowledge', value === 'known' ? 'known' : 'unknown')}
            >
              <Stack gap={6} mt={6}>
                <Radio value="unknown" label="I don't know: start tracking from today" />
                <Radio value="known" label="I know the last services" />
              </Stack>
            </Radio.Group>
            {form.values.knowledge === 'known'
              ? form.values.known.map((known, index) => (
                  <fieldset key={known.service} className="known-service">
                    <legend>Last {known.service.toLowerCase()}</legend>
                    <SimpleGrid cols={2} spacing="xs">
                      <TextInput label="At" aria-label={`Last ${known.service.toLowerCase()} at`} inputMode="numeric" rightSection={f.units.distanceUnit} {...form.getInputProps(`known.${index}.mileage`)} />
                      <TextInput label="On" aria-label={`Last ${known.service.toLowerCase()} on`} type="date" max={today} {...form.getInputProps(`known.${index}.date`)} />
                    </SimpleGrid>
                  </fieldset>
                ))
              : null}
            {form.values.knowledge === 'known' && form.values.known.length === 0 ? (
              <Text size="sm" c="dimmed">
                No service schedule is known for this vehicle: tracking starts today.
              </Text>
            ) : null}
            <Group justify="space-between" gap="sm">
              <Button variant="default" onClick={() => setStep(1)}>
                Back
              </Button>
              <Button type="submit" loading={add.isPending}>
                Save Vehicle
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** 'Save to My Vehicles' on the vehicle page, or where it is saved once it is. */
export function SaveToGarage({ vehicle }: { vehicle: Vehicle }) {
  const garage = trpc.garage.list.useQuery();
  const [opened, setOpened] = useState(false);
  const saved = garage.data?.find((entry) => entry.vehicle.id === vehicle.id);
  if (garage.isPending) return null;
  if (saved) {
    return (
      <Group gap="xs">
        <Badge variant="light" color="teal" leftSection={<IconCheck size={12} />} tt="none">
          In My Garage: {saved.nickname}
        </Badge>
        <Button component={Link} href="/garage" variant="subtle" size="compact-sm">
          Open garage
        </Button>
      </Group>
    );
  }
  return (
    <>
      <Button variant="light" leftSection={<IconCar size={16} />} onClick={() => setOpened(true)}>
        Save to My Vehicles
      </Button>
      {/* A dialog of its own per vehicle: nothing typed for one car is kept for another. */}
      {opened ? <SaveDialog key={vehicle.id} vehicle={vehicle} opened onClose={() => setOpened(false)} /> : null}
    </>
  );
}
