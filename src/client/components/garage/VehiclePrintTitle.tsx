import { Text, Title } from '@mantine/core';
import type { GarageVehicle } from '../../../shared/garage.ts';
import type { Vehicle } from '../../../shared/vehicles.ts';
import { appName } from '../../lib/app-name.ts';
import { useUnits } from '../../lib/units.ts';

/**
 * The heading of a vehicle's page laid out for paper: what it is, the vehicle (with its garage
 * nickname and odometer when it is in the viewer's garage), and who printed it when.
 */
export function VehiclePrintTitle({
  title,
  vehicle,
  garage,
}: {
  title: string;
  vehicle: Pick<Vehicle, 'year' | 'make' | 'model' | 'vin'> | undefined;
  garage: Pick<GarageVehicle, 'nickname' | 'odometer'> | undefined;
}) {
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
