import { Alert, Button, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { useState } from 'react';
import { CUSTOMER_LIMITS, type CustomerVehicle } from '../../../shared/customers.ts';
import { MAX_ODOMETER } from '../../../shared/garage.ts';
import type { Vehicle } from '../../../shared/vehicles.ts';
import { normalizeVin, VIN_LENGTH } from '../../../shared/vin.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { useUnits, type UnitFormat } from '../../lib/units.ts';
import { distanceFromMiles, distanceName } from '../../../shared/units.ts';
import { ManualSelection, type Selection } from '../vehicles/ManualSelection.tsx';

export function vehicleName(vehicle: Pick<Vehicle, 'year' | 'make' | 'model' | 'trim'>): string {
  return [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(' ');
}

function PlateAndOdometer(props: {
  plate: string;
  odometer: number | string;
  onPlate: (value: string) => void;
  onOdometer: (value: number | string) => void;
  errors: Record<string, string>;
}) {
  const { units } = useUnits();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <TextInput label="Plate" maxLength={CUSTOMER_LIMITS.plate} value={props.plate} onChange={(e) => props.onPlate(e.currentTarget.value)} error={props.errors.plate} />
      <NumberInput
        label={`Odometer (${distanceName(units.distanceUnit, true)})`}
        min={0}
        max={Math.round(distanceFromMiles(MAX_ODOMETER, units.distanceUnit))}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        value={props.odometer}
        onChange={props.onOdometer}
        error={props.errors.odometer}
      />
    </SimpleGrid>
  );
}

/** The typed reading (in the user's unit) as the whole miles stored. */
const odometerValue = (value: number | string, f: UnitFormat) => (value === '' ? null : Number(f.distanceFromInput(String(value))));

/** Identify the vehicle (VIN decode, or year, make and model), then add it with plate and odometer. */
export function AddVehicleForm({ customerId, onDone }: { customerId: string; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [how, setHow] = useState<'vin' | 'manual'>('vin');
  const [vin, setVin] = useState('');
  const [selection, setSelection] = useState<Selection>({ year: null, make: null, model: null });
  const [vehicle, setVehicle] = useState<Vehicle | null>(null);
  const [plate, setPlate] = useState('');
  const [odometer, setOdometer] = useState<number | string>('');
  const f = useUnits();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const decode = trpc.vehicles.decodeVin.useMutation({
    onSuccess: (found) => setVehicle(found),
    onError: (error) => notifyError('VIN Decode Failed', errorMessage(error, 'Unable to decode VIN number')),
  });
  const add = trpc.customers.vehicles.add.useMutation({
    onSuccess: () => {
      notifySuccess('Success', 'Vehicle added');
      void utils.customers.invalidate();
      onDone();
    },
    onError: (error) => {
      setErrors(fieldErrors(error));
      notifyError('Error', errorMessage(error, 'Failed to add the vehicle'));
    },
  });

  return (
    <Stack gap="sm">
      <SegmentedControl
        value={how}
        onChange={(value) => setHow(value as 'vin' | 'manual')}
        data={[
          { value: 'vin', label: 'By VIN' },
          { value: 'manual', label: 'Year, make, model' },
        ]}
      />
      {how === 'vin' ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="VIN"
            placeholder="17 characters"
            value={vin}
            maxLength={VIN_LENGTH}
            onChange={(e) => setVin(normalizeVin(e.currentTarget.value))}
            style={{ flex: 1, minWidth: 200 }}
            ff="monospace"
          />
          <Button variant="light" loading={decode.isPending} disabled={vin.length !== VIN_LENGTH} onClick={() => decode.mutate({ vin })}>
            Decode
          </Button>
        </Group>
      ) : (
        <ManualSelection value={selection} onChange={setSelection} onSelected={setVehicle} hint={null} />
      )}
      {vehicle ? (
        <Alert icon={<IconCar size={18} />} color="blue" variant="light" title="Vehicle">
          <Text size="sm" data-testid="chosen-vehicle">
            {vehicleName(vehicle)}
            {vehicle.vin ? ` · VIN ${vehicle.vin}` : ''}
          </Text>
        </Alert>
      ) : null}
      <PlateAndOdometer plate={plate} odometer={odometer} onPlate={setPlate} onOdometer={setOdometer} errors={errors} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button
          disabled={!vehicle}
          loading={add.isPending}
          onClick={() => vehicle && add.mutate({ customerId, vehicleId: vehicle.id, plate, odometer: odometerValue(odometer, f) })}
        >
          Add vehicle
        </Button>
      </Group>
    </Stack>
  );
}

export function EditVehicleForm({ vehicle, onDone }: { vehicle: CustomerVehicle; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [plate, setPlate] = useState(vehicle.plate ?? '');
  const f = useUnits();
  const [odometer, setOdometer] = useState<number | string>(vehicle.odometer === null ? '' : Number(f.distanceInput(vehicle.odometer)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = trpc.customers.vehicles.update.useMutation({
    onSuccess: () => {
      notifySuccess('Success', 'Vehicle updated');
      void utils.customers.invalidate();
      onDone();
    },
    onError: (error) => {
      setErrors(fieldErrors(error));
      notifyError('Error', errorMessage(error, 'Failed to update the vehicle'));
    },
  });
  return (
    <Stack gap="sm">
      <Text fw={600}>{vehicleName(vehicle.vehicle)}</Text>
      <PlateAndOdometer plate={plate} odometer={odometer} onPlate={setPlate} onOdometer={setOdometer} errors={errors} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button loading={update.isPending} onClick={() => update.mutate({ id: vehicle.id, plate, odometer: odometerValue(odometer, f) })}>
          Save changes
        </Button>
      </Group>
    </Stack>
  );
}
