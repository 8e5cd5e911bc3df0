import { centerLabel, reportFileName } from '../../../shared/format.ts';
import { RATE_DEFINITION, REPAIR_ORDER_DEFINITION, RESOLUTION_DEFINITION, type AnalyticsInput, type AnalyticsRepairOrders, type AnalyticsReport } from '../../../shared/analytics.ts';
import type { Executor } from '../../db/index.ts';
import { refusingUnknownTimeZone } from '../../lib/time-zone.ts';
import { repairOrderFigures } from './repair-orders.ts';
import { overviewFigures, performanceFigures, servicesFigures } from './repository.ts';
import { textCell, toCsv, type CsvCell, type CsvFile } from '../../http/csv.ts';

export async function buildReport(db: Executor, range: AnalyticsInput): Promise<AnalyticsReport> {
  return refusingUnknownTimeZone(range.timeZone, async () => {
    const [overview, services, performance] = await Promise.all([
      overviewFigures(db, range),
      servicesFigures(db, range),
      performanceFigures(db, range),
    ]);
    return { overview, services, performance };
  });
}

type Cell = CsvCell;

function ratio(value: number | null): Cell {
  return value === null ? null : value.toFixed(4);
}

/** Whole cents as dollars with two decimals, as the other money of the file. */
const dollars = (cents: number | null): Cell => (cents === null ? null : (cents / 100).toFixed(2));
/** Hundredths of an hour as hours with two decimals. */
const hours = (hundredths: number): Cell => (hundredths / 100).toFixed(2);

/**
 * One tidy table (section, item, metric, value) so every figure of the page has exactly one row and
 * the file loads into any spreadsheet or script without knowing its layout.
 */
export function reportToCsv(report: AnalyticsReport, orders: AnalyticsRepairOrders): string {
  const { overview, services, performance } = report;
  const rows: Cell[][] = [['section', 'item', 'metric', 'value']];
  const add = (section: string, item: string, metric: string, value: Cell) => rows.push([section, textCell(item), metric, value]);

  add('period', '', 'from', overview.range.from);
  add('period', '', 'to', overview.range.to);
  add('period', '', 'time_zone', overview.range.timeZone);

  add('overview', '', 'inquiries_opened', overview.inquiriesOpened);
  add('overview', '', 'inquiries_resolved', overview.inquiriesResolved);
  add('overview', '', 'appointments', overview.appointments);
  add('overview', '', 'appointments_completed', overview.completed);
  add('overview', '', 'appointments_no_show', overview.noShows);
  add('overview', '', 'appointments_cancelled', overview.cancelled);
  add('overview', '', 'completion_rate', ratio(overview.completionRate));
  add('overview', '', 'no_show_rate', ratio(overview.noShowRate));
  for (const week of overview.inquiriesPerWeek) {
    add('inquiries_per_week', week.weekStart, 'opened', week.opened);
    add('inquiries_per_week', week.weekStart, 'resolved', week.resolved);
  }
  for (const day of overview.appointmentsPerDay) {
    add('appointments_per_day', day.date, 'appointments', day.appointments);
    add('appointments_per_day', day.date, 'completed', day.completed);
  }

  add('services', '', 'service_types', services.serviceTypes);
  add('services', '', 'total_revenue', services.totalRevenue.toFixed(2));
  add('services', '', 'average_duration_minutes', services.averageDurationMinutes);
  for (const [section, list] of [
    ['top_services_by_count', services.byCount],
    ['top_services_by_revenue', services.byRevenue],
  ] as const) {
    for (const type of list) {
      add(section, type.serviceType, 'appointments', type.appointments);
      add(section, type.serviceType, 'completed', type.completed);
      add(section, type.serviceType, 'revenue', type.revenue.toFixed(2));
      add(section, type.serviceType, 'average_duration_minutes', type.averageDurationMinutes);
    }
  }

  add('performance', '', 'inquiries_resolved', performance.resolved);
  add('performance', '', 'average_resolution_hours', performance.averageResolutionHours);
  add('performance', '', 'median_resolution_hours', performance.medianResolutionHours);
  for (const priority of performance.resolutionByPriority) {
    add('resolution_by_priority', priority.priority, 'resolved', priority.resolved);
    add('resolution_by_priority', priority.priority, 'average_hours', priority.averageHours);
  }
  for (const center of performance.centers) {
    const name = centerLabel(center);
    add('service_centers', name, 'appointments', center.appointments);
    add('service_centers', name, 'completed', center.completed);
    add('service_centers', name, 'no_show', center.noShows);
    add('service_centers', name, 'revenue', center.revenue.toFixed(2));
  }

  add('repair_orders', '', 'orders', orders.orders);
  add('repair_orders', '', 'revenue', dollars(orders.revenueCents));
  add('repair_orders', '', 'average_order', dollars(orders.averageOrderCents));
  add('repair_orders', '', 'payments', orders.payments);
  add('repair_orders', '', 'payments_received', dollars(orders.paymentsCents));
  add('repair_orders', '', 'parts_price', dollars(orders.partsMargin.priceCents));
  add('repair_orders', '', 'parts_cost', dollars(orders.partsMargin.costCents));
  add('repair_orders', '', 'parts_margin', dollars(orders.partsMargin.marginCents));
  add('repair_orders', '', 'parts_margin_rate', ratio(orders.partsMargin.marginRate));
  add('repair_orders', '', 'part_lines_without_cost', orders.partsMargin.linesWithoutCost);
  add('repair_orders', '', 'labor_hours_sold', hours(orders.hours.soldHundredths));
  add('repair_orders', '', 'labor_hours_worked', hours(orders.hours.workedHundredths));
  add('repair_orders', '', 'lines_decided', orders.approvals.decided);
  add('repair_orders', '', 'lines_approved', orders.approvals.approved);
  add('repair_orders', '', 'approval_rate', ratio(orders.approvals.rate));
  for (const technician of orders.technicians) {
    add('technician_hours', technician.name, 'sold', hours(technician.soldHundredths));
    add('technician_hours', technician.name, 'worked', hours(technician.workedHundredths));
  }
  for (const day of orders.revenuePerDay) {
    add('repair_orders_per_day', day.date, 'orders', day.orders);
    add('repair_orders_per_day', day.date, 'revenue', dollars(day.revenueCents));
  }

  add('notes', '', 'resolution_time', RESOLUTION_DEFINITION);
  add('notes', '', 'rates', RATE_DEFINITION);
  add('notes', '', 'repair_orders', REPAIR_ORDER_DEFINITION);
  return toCsv(rows);
}

export async function buildReportFile(db: Executor, range: AnalyticsInput): Promise<CsvFile> {
  const [report, orders] = await Promise.all([buildReport(db, range), refusingUnknownTimeZone(range.timeZone, () => repairOrderFigures(db, range))]);
  return { fileName: reportFileName(range), csv: reportToCsv(report, orders) };
}
