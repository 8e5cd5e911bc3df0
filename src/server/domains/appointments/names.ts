import type { ServiceAppointment } from '../../../shared/appointments.ts';
import type { Executor } from '../../db/index.ts';

export type Names = Pick<ServiceAppointment, 'customerName' | 'vehicleLabel' | 'technicianName' | 'serviceCenterName'>;
export const NO_NAMES: Names = { customerName: null, vehicleLabel: null, technicianName: null, serviceCenterName: null };

export function personName(first: string | null, last: string | null, email: string | null): string | null {
  return [first, last].filter(Boolean).join(' ') || email;
}

/** The names a screen shows beside an appointment (customer, vehicle, technician, shop), in one query. */
export async function namesOf(db: Executor, ids: string[]): Promise<Map<string, Names>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('service_appointments as a')
    .leftJoin('shop_customers as sc', 'sc.id', 'a.shop_customer_id')
    .leftJoin('users as cu', 'cu.id', 'a.customer_id')
    .leftJoin('vehicles as v', 'v.id', 'a.vehicle_id')
    .leftJoin('users as t', 't.id', 'a.technician_id')
    .leftJoin('service_centers as c', 'c.id', 'a.service_center_id')
    .select([
      'a.id',
      'sc.name as customer_name',
      'cu.first_name as cu_first',
      'cu.last_name as cu_last',
      'cu.email as cu_email',
      'v.year',
      'v.make',
      'v.model',
      't.first_name as t_first',
      't.last_name as t_last',
      't.email as t_email',
      'c.name as center_name',
    ])
    .where('a.id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        customerName: row.customer_name ?? personName(row.cu_first, row.cu_last, row.cu_email),
        vehicleLabel: row.make ? `${row.year} ${row.make} ${row.model}` : null,
        technicianName: personName(row.t_first, row.t_last, row.t_email),
        serviceCenterName: row.center_name,
      },
    ]),
  );
}

