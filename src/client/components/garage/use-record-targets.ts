import { useCurrentShop } from '../../lib/current-shop.ts';
import { trpc } from '../../lib/trpc.ts';
import type { RecordTarget } from './RecordForm.tsx';

export function ownKey(vehicleId: string): string {
  return `own:${vehicleId}`;
}

export function customerKey(customerVehicleId: string): string {
  return `customer:${customerVehicleId}`;
}

/**
 * The vehicles the user may keep records for: their garage (vehicles shared to view only are listed
 * but not writable), and, for staff, the vehicles of the current shop's customers
 * (docs/garage.md#records-written-by-shops).
 */
export function useRecordTargets(): { targets: RecordTarget[]; isPending: boolean } {
  const { shopId } = useCurrentShop();
  const garage = trpc.garage.list.useQuery();
  const customers = trpc.garage.records.customerVehicles.useQuery({ serviceCenterId: shopId ?? '' }, { enabled: shopId !== null });
  const own: RecordTarget[] = (garage.data ?? []).map((entry) => ({
    key: ownKey(entry.vehicle.id),
    label: `${entry.nickname} (${entry.vehicle.year} ${entry.vehicle.make} ${entry.vehicle.model})${entry.sharedBy ? `, shared by ${entry.sharedBy}` : ''}`,
    vehicleId: entry.vehicle.id,
    serviceCenterId: null,
    customerVehicleId: null,
    writable: entry.access !== 'viewer',
  }));
  const theirs: RecordTarget[] = shopId
    ? (customers.data ?? []).map((entry) => ({
        key: customerKey(entry.customerVehicleId),
        label: `${entry.customerName}: ${entry.vehicle.year} ${entry.vehicle.make} ${entry.vehicle.model}${entry.plate ? ` (${entry.plate})` : ''}`,
        vehicleId: entry.vehicle.id,
        serviceCenterId: shopId,
        customerVehicleId: entry.customerVehicleId,
        writable: true,
      }))
    : [];
  return { targets: [...own, ...theirs], isPending: garage.isPending || (shopId !== null && customers.isPending) };
}
