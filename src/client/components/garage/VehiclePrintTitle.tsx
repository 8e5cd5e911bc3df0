import { Text, Title } from '@mantine/core';
import { appName } from '../../lib/app-name.ts';
import { useUnits } from '../../lib/units.ts';

interface PrintedVehicle {
  year: number;
  make: string;
  model: string;
  vin: string | null;
}

/**
 * The heading of a vehicle's page laid out for paper: what it is, the vehicle (with its garage
 * nickname and odometer when it is in the viewer's garage), and who printed it when.
 */
export function VehiclePrintTitle({ title, vehicle, garage }: { title: string; vehicle: PrintedVehicle | undefined; garage: { nickname: string; odometer: number } | undefined }) {
  const f = useUnits();
  return (
    <div>
      <Title order={1}>{title}</Title>
      <Text c="dimmed">
        {vehicle ? `${vehicle.year} ${vehicle.make} ${vehicle.model}` : 'Vehicle'}
        {garage ? ` “${garage.nickname}” · odometer ${f.distance(garage.odometer)}` : ''}
        {vehicle?.vin ? ` · VIN ${vehicle.vin}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {appName} · printed {new Date().toLocaleDateString(f.units.locale, { dateStyle: 'long' })}
      </Text>
    </div>
  );
}
