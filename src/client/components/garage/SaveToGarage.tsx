import { Badge, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCar, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { addToGarageSchema, GARAGE_LIMITS } from '../../../shared/garage.ts';
import type { Vehicle } from '../../../shared/vehicles.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';

type FormValues = { vehicleId: string; nickname: string; odometer: string };

/** 'Save to My Vehicles' on the vehicle page, or where it is saved once it is. */
export function SaveToGarage({ vehicle }: { vehicle: Vehicle }) {
  const garage = trpc.garage.list.useQuery();
  const utils = trpc.useUtils();
  const [opened, setOpened] = useState(false);
  const form = useForm<FormValues>({
    initialValues: { vehicleId: vehicle.id, nickname: `${vehicle.year} ${vehicle.make} ${vehicle.model}`.slice(0, GARAGE_LIMITS.nickname), odometer: '' },
    validate: zodFormValidator<FormValues>(addToGarageSchema),
  });
  const add = trpc.garage.add.useMutation({
    onSuccess: (entry) => {
      notifySuccess('Saved', `${entry.nickname} is in your garage`);
      void utils.garage.invalidate();
      void utils.knowledge.tips.invalidate();
      setOpened(false);
    },
    onError: (error) => {
      form.setErrors(fieldErrors(error));
      notifyError('Error', errorMessage(error, 'Failed to save the vehicle'));
    },
  });

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
      <Modal opened={opened} onClose={() => setOpened(false)} title="Save to My Vehicles">
        <form onSubmit={form.onSubmit((values) => add.mutate(values))} noValidate>
          <Stack gap="sm">
            <TextInput label="Nickname" withAsterisk maxLength={GARAGE_LIMITS.nickname} {...form.getInputProps('nickname')} />
            <TextInput
              label="Current odometer"
              description="Miles on the dashboard today; due dates are counted from it"
              withAsterisk
              inputMode="numeric"
              rightSection="mi"
              {...form.getInputProps('odometer')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={add.isPending}>
                Save Vehicle
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
