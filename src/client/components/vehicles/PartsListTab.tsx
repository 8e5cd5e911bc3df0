import { Skeleton, Stack } from '@mantine/core';
import type { Role } from '../../../shared/constants.ts';
import type { Vehicle } from '../../../shared/vehicles.ts';
import { useCurrentShop } from '../../lib/current-shop.ts';
import { trpc } from '../../lib/trpc.ts';
import { VehicleShopParts } from '../parts/VehicleShopParts.tsx';
import { EmptyState } from '../shop/parts.tsx';
import { PartsUsed } from './PartsUsed.tsx';

/**
 * The vehicle page's Parts List (docs/parts.md#parts-list-tab). What it shows follows what the user
 * is, never their mode: staff of a shop see the current shop's parts that fit the vehicle; everyone
 * whose garage holds it (shared with them too) sees the parts shops fitted to it; someone who is
 * both sees both, their mode's side first.
 */
export function PartsListTab({ vehicle, role }: { vehicle: Vehicle; role: Role }) {
  const shop = useCurrentShop();
  const garage = trpc.garage.list.useQuery();

  if (shop.isPending || garage.isPending) return <Skeleton h={160} radius="md" />;
  if (shop.isError || garage.isError) {
    return <EmptyState title="The Parts List could not be loaded" hint="Check your connection and reload the page." />;
  }

  const inGarage = garage.data.some((entry) => entry.vehicle.id === vehicle.id);
  const staff = shop.shop ? (
    <VehicleShopParts key={shop.shop.serviceCenterId} shopId={shop.shop.serviceCenterId} shopName={shop.shop.name} vehicle={vehicle} showDatabaseLink={role === 'tech'} />
  ) : null;
  const owner = inGarage ? <PartsUsed vehicleId={vehicle.id} /> : null;

  if (!staff && !owner) {
    return (
      <EmptyState
        title="No parts list for this vehicle"
        hint="The Parts List shows the parts shops fitted to a car in your garage, and, for a shop's staff, the shop's parts that fit it. Save this vehicle to My Garage to see the parts fitted to it."
      />
    );
  }
  return (
    <Stack gap="xl">
      {role === 'simple' ? owner : staff}
      {role === 'simple' ? staff : owner}
    </Stack>
  );
}
