import { browserTimeZone } from '../../lib/time-zone.ts';

/** A vehicle's history as CSV (REST) and as a printable page. */
export function exportLinks(vehicleId: string, customerVehicleId: string | null): { csv: string; print: string } {
  const query = new URLSearchParams({ timeZone: browserTimeZone(), ...(customerVehicleId ? { customerVehicleId } : {}) });
  const print = new URLSearchParams({ vehicle: vehicleId, ...(customerVehicleId ? { customerVehicle: customerVehicleId } : {}) });
  return { csv: `/api/vehicles/${vehicleId}/service-records.csv?${query}`, print: `/records/print?${print}` };
}
