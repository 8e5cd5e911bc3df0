import { browserTimeZone } from '../../lib/time-zone.ts';

/** A vehicle's history as CSV (REST) and as a printable page. */
export function exportLinks(vehicleId: string, customerId: string | null): { csv: string; print: string } {
  const query = new URLSearchParams({ timeZone: browserTimeZone(), ...(customerId ? { customerId } : {}) });
  const print = new URLSearchParams({ vehicle: vehicleId, ...(customerId ? { customer: customerId } : {}) });
  return { csv: `/api/vehicles/${vehicleId}/service-records.csv?${query}`, print: `/records/print?${print}` };
}
