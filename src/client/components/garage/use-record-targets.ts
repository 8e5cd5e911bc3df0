import { useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';
import type { RecordTarget } from './RecordForm.tsx';

export function ownKey(vehicleId: string): string {
  return `own:${vehicleId}`;
}

export function customerKey(customerId: string, vehicleId: string): string {
  return `customer:${customerId}:${vehicleId}`;
}

/** The vehicles the user may keep records for: their garage, and customers' vehicles for technicians. */
export function useRecordTargets(): { targets: RecordTarget[]; isPending: boolean } {
  const { role } = useSession();
  const garage = trpc.garage.list.useQuery();
  const customers = trpc.garage.records.customerVehicles.useQuery({}, { enabled: role === 'tech' });
  const own: RecordTarget[] = (garage.data ?? []).map((entry) => ({
    key: ownKey(entry.vehicle.id),
    label: `${entry.nickname} (${entry.vehicle.year} ${entry.vehicle.make} ${entry.vehicle.model})`,
    vehicleId: entry.vehicle.id,
    customerId: null,
  }));
  const theirs: RecordTarget[] =
    role === 'tech'
      ? (customers.data ?? []).map((entry) => ({
          key: customerKey(entry.customerId, entry.vehicle.id),
          label: `${entry.customerName}: ${entry.vehicle.year} ${entry.vehicle.make} ${entry.vehicle.model}`,
          vehicleId: entry.vehicle.id,
          customerId: entry.customerId,
        }))
      : [];
  return { targets: [...own, ...theirs], isPending: garage.isPending || (role === 'tech' && customers.isPending) };
}
