import { useEffect } from 'react';
import type { IdentifiedVehicle } from '../../../shared/vehicles.ts';
import { useCurrentShop } from '../../lib/current-shop.ts';
import { useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';
import type { SessionTarget } from './session-draft.ts';

export const vehicleLabel = (v: { year: number; make: string; model: string }) => `${v.year} ${v.make} ${v.model}`;

/** The catalogue vehicle a VIN read from the car (or typed) decodes to; null until it does. */
export function useVinVehicle(vin: string | null): { vehicle: IdentifiedVehicle | null; failed: boolean } {
  const decode = trpc.vehicles.decodeVin.useMutation();
  const { mutate, reset } = decode;
  useEffect(() => {
    if (vin) mutate({ vin });
    else reset();
  }, [mutate, reset, vin]);
  return { vehicle: vin && decode.variables?.vin === vin ? (decode.data ?? null) : null, failed: decode.isError };
}

/**
 * Whose history a session may join (docs/diagnostics.md#sessions): the user's own garage vehicles
 * that they keep (owners and editors), of this catalogue vehicle when it is known, and in Tech Mode
 * the current shop's customers' vehicles of it. Without a known vehicle a shop has nothing to
 * match, so only the garage is offered.
 */
export function useSessionTargets(vehicle: { id: string; year: number; make: string; model: string } | null) {
  const { role } = useSession();
  const { shop, shopId } = useCurrentShop();
  const staffShopId = role === 'tech' ? shopId : null;
  const garage = trpc.garage.list.useQuery(undefined, { retry: false });
  const targets = trpc.diagnostics.targets.useQuery({ vehicleId: vehicle?.id ?? '', serviceCenterId: staffShopId ?? '' }, { enabled: vehicle !== null && staffShopId !== null, retry: false });

  const own: SessionTarget[] = (garage.data ?? [])
    .filter((entry) => entry.access !== 'viewer' && (vehicle === null || entry.vehicle.id === vehicle.id))
    .map((entry) => ({
      value: `garage:${entry.id}`,
      label: `My ${entry.nickname}`,
      description: vehicleLabel(entry.vehicle),
      historyName: `${entry.nickname}\u2019s history`,
      input: { vehicleId: entry.vehicle.id },
      mileage: entry.odometer,
    }));
  const customers: SessionTarget[] =
    vehicle && staffShopId
      ? (targets.data ?? []).map((target) => ({
          value: `customer:${target.customerVehicleId}`,
          label: `${target.customerName}\u2019s ${vehicle.make} ${vehicle.model}`,
          description: `${shop?.name ?? 'Your shop'} customer · ${target.plate ? `plate ${target.plate}` : 'no plate on record'}`,
          historyName: `the history of ${target.customerName}\u2019s ${vehicleLabel(vehicle)}`,
          input: { vehicleId: vehicle.id, serviceCenterId: staffShopId, customerVehicleId: target.customerVehicleId },
          mileage: null,
        }))
      : [];
  return {
    options: [...own, ...customers],
    loading: garage.isPending || (vehicle !== null && staffShopId !== null && targets.isPending),
    /** Tech Mode in a shop: a vehicle is needed to find the shop's customers with it. */
    shopName: staffShopId ? (shop?.name ?? null) : null,
  };
}
