import { z } from 'zod';
import { rangeDays, timeZoneSchema } from './dates.ts';

/** The longest period one report covers: a year, leap day included. */
export const ANALYTICS_MAX_RANGE_DAYS = 366;
/** The period the page opens with: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_RANGE_DAYS = 30;
/** Rows in the service-type rankings. */
export const ANALYTICS_TOP_SERVICE_TYPES = 10;

const isoDate = (label: string) => z.iso.date({ error: `${label} must be a date like 2024-05-31` });

/**
 * A period of whole days in the user's time zone: from the start of `from` to the end of `to`.
 * Day and week buckets are cut at local midnight of `timeZone`.
 */
const rangeFields = {
  from: isoDate('Start date'),
  to: isoDate('End date'),
  timeZone: timeZoneSchema,
};

function checkPeriod(range: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = rangeDays(range.from, range.to);
  if (days < 1) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date' });
  } else if (days > ANALYTICS_MAX_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose a period of at most ${ANALYTICS_MAX_RANGE_DAYS} days` });
  }
}

export const analyticsRangeSchema = z.object(rangeFields).superRefine(checkPeriod);

/** A report counts one shop's rows: the shop named, which the caller must be staff of (docs/analytics.md). */
export const analyticsInputSchema = z
  .object({ ...rangeFields, serviceCenterId: z.uuid({ error: 'Choose the service center (serviceCenterId) to report on' }) })
  .superRefine(checkPeriod);
export type AnalyticsInput = z.infer<typeof analyticsInputSchema>;
export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>;

export interface WeekBucket {
  /** Monday that starts the week, in the report's time zone. */
  weekStart: string;
  opened: number;
  resolved: number;
}

export interface DayBucket {
  date: string;
  appointments: number;
  completed: number;
}

export interface AnalyticsOverview {
  range: AnalyticsRange;
  inquiriesOpened: number;
  inquiriesResolved: number;
  appointments: number;
  completed: number;
  noShows: number;
  cancelled: number;
  /** Share of concluded appointments (completed, no-show or cancelled) that were completed; null with none. */
  completionRate: number | null;
  /** Share of concluded appointments that were no-shows; null with none. */
  noShowRate: number | null;
  inquiriesPerWeek: WeekBucket[];
  appointmentsPerDay: DayBucket[];
}

export interface ServiceTypeFigures {
  serviceType: string;
  appointments: number;
  completed: number;
  /** Sum of actual costs in dollars. */
  revenue: number;
  averageDurationMinutes: number;
}

export interface AnalyticsServices {
  range: AnalyticsRange;
  serviceTypes: number;
  totalRevenue: number;
  averageDurationMinutes: number | null;
  byCount: ServiceTypeFigures[];
  byRevenue: ServiceTypeFigures[];
}

export interface PriorityResolution {
  priority: 'urgent' | 'high' | 'medium' | 'low';
  resolved: number;
  averageHours: number;
}

export interface CenterFigures {
  serviceCenterId: string | null;
  name: string;
  city: string | null;
  appointments: number;
  completed: number;
  noShows: number;
  revenue: number;
}

export interface AnalyticsPerformance {
  range: AnalyticsRange;
  resolved: number;
  averageResolutionHours: number | null;
  medianResolutionHours: number | null;
  resolutionByPriority: PriorityResolution[];
  centers: CenterFigures[];
}

export interface AnalyticsReport {
  overview: AnalyticsOverview;
  services: AnalyticsServices;
  performance: AnalyticsPerformance;
}

/** How the UI and the CSV explain the resolution figures (one wording for both). */
export const RESOLUTION_DEFINITION =
  'Resolution time runs from when an inquiry was created to when it was resolved: its completed date when one is recorded, otherwise its last update once it was marked resolved or closed.';
export const RATE_DEFINITION =
  'Rates count the appointments of the period that have concluded: completed, no-show or cancelled.';


export interface RepairOrderDay {
  date: string;
  /** Orders completed that day (completed, invoiced or paid now). */
  orders: number;
  revenueCents: number;
}

/** Hours in hundredths (1.5 h is 150): sold is the approved labour lines' hours, worked the clocked time. */
export interface TechnicianHours {
  /** null: labour lines sold without a technician named on them. */
  technicianId: string | null;
  name: string;
  soldHundredths: number;
  workedHundredths: number;
}

/** A shop's repair orders completed in the period, in whole cents (docs/analytics.md#repair-orders). */
export interface AnalyticsRepairOrders {
  range: AnalyticsRange;
  orders: number;
  revenueCents: number;
  /** Revenue ÷ orders, halves of a cent rounded up; null with no order. */
  averageOrderCents: number | null;
  /** Payments received in the period, whichever period the order was completed in. */
  paymentsCents: number;
  payments: number;
  partsMargin: {
    /** Approved part lines whose cost is known: quantity × unit price, quantity × unit cost. */
    priceCents: number;
    costCents: number;
    marginCents: number;
    /** Margin ÷ price; null when no priced part was sold. */
    marginRate: number | null;
    /** Approved part lines left out of the margin because their cost is not known. */
    linesWithoutCost: number;
  };
  hours: { soldHundredths: number; workedHundredths: number };
  technicians: TechnicianHours[];
  /** Lines customers decided in the period: approved ÷ decided; null with none decided. */
  approvals: { decided: number; approved: number; rate: number | null };
  revenuePerDay: RepairOrderDay[];
}

/** How the page and docs state what a repair order counts for (one wording for both). */
export const REPAIR_ORDER_DEFINITION =
  'Orders count on the day they were completed, once completed, invoiced or paid; cancelled orders never count. Revenue is the sum of their totals with tax; declined lines are not in a total.';
