import { Anchor, Select, Text, type SelectProps } from '@mantine/core';
import { Link } from 'wouter';
import { trpc } from '../../lib/trpc.ts';

/**
 * "Vehicle": one of my garage vehicles, optional, for a request to a shop; with an empty garage, a
 * way to add one. The form's input props (value, onChange, error) come in as they are.
 */
export function GarageVehicleSelect(props: Pick<SelectProps, 'value' | 'onChange' | 'error' | 'onBlur' | 'onFocus'>) {
  const garage = trpc.garage.list.useQuery();
  // Only the owner brings a vehicle to a shop (docs/garage.md#sharing): shared ones are not offered.
  const vehicles = (garage.data ?? []).filter((v) => v.access === 'owner');
  return (
    <>
      <Select
        label="Vehicle"
        placeholder={garage.isPending ? 'Loading your garage…' : vehicles.length ? 'Choose one of your vehicles' : 'No vehicles in your garage yet'}
        clearable
        data={vehicles.map((v) => ({ value: v.id, label: `${v.nickname} (${v.vehicle.year} ${v.vehicle.make} ${v.vehicle.model})` }))}
        {...props}
      />
      {!garage.isPending && vehicles.length === 0 ? (
        <Text size="xs" c="dimmed">
          <Anchor component={Link} href="/garage">
            Add a vehicle to My Garage
          </Anchor>{' '}
          to name it in your request.
        </Text>
      ) : null}
    </>
  );
}
