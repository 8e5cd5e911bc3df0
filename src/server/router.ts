import { analyticsRouter } from './domains/analytics/router.ts';
import { auditRouter } from './domains/audit/router.ts';
import { authRouter } from './domains/auth/router.ts';
import { avatarsRouter } from './domains/avatars/router.ts';
import { customersRouter } from './domains/customers/router.ts';
import { dtcRouter } from './domains/dtc/router.ts';
import { diagnosticSessionsRouter } from './domains/dtc/sessions-router.ts';
import { filesRouter } from './domains/files/router.ts';
import { fuelRouter } from './domains/fuel/router.ts';
import { calendarRouter } from './domains/calendar/router.ts';
import { garageRouter } from './domains/garage/router.ts';
import { importsRouter } from './domains/imports/router.ts';
import { inspectionsRouter } from './domains/inspections/router.ts';
import { notificationsRouter } from './domains/notifications/router.ts';
import { partsRouter } from './domains/parts/router.ts';
import { repairOrdersRouter } from './domains/repair-orders/router.ts';
import { purchaseOrdersRouter } from './domains/purchase-orders/router.ts';
import { scansRouter } from './domains/scans/router.ts';
import { knowledgeRouter } from './domains/knowledge/router.ts';
import { appointmentsRouter } from './domains/appointments/router.ts';
import { inquiriesRouter } from './domains/inquiries/router.ts';
import { serviceCentersRouter, shopRegistrationRouter } from './domains/service-centers/router.ts';
import { componentHistoryRouter, serviceRecordsRouter } from './domains/service-records/router.ts';
import { shopsRouter } from './domains/shops/router.ts';
import { vehiclesRouter } from './domains/vehicles/router.ts';
import { createCallerFactory, mergeRouters, router } from './trpc.ts';

export const appRouter = router({
  auth: authRouter,
  vehicles: mergeRouters(vehiclesRouter, componentHistoryRouter),
  serviceCenters: serviceCentersRouter,
  shops: mergeRouters(shopsRouter, shopRegistrationRouter),
  customers: customersRouter,
  audit: auditRouter,
  inquiries: inquiriesRouter,
  appointments: appointmentsRouter,
  avatars: avatarsRouter,
  knowledge: knowledgeRouter,
  analytics: analyticsRouter,
  notifications: notificationsRouter,
  files: filesRouter,
  garage: mergeRouters(garageRouter, router({ records: serviceRecordsRouter })),
  fuel: fuelRouter,
  calendar: calendarRouter,
  imports: importsRouter,
  dtc: dtcRouter,
  inspections: inspectionsRouter,
  diagnostics: diagnosticSessionsRouter,
  parts: partsRouter,
  repairOrders: repairOrdersRouter,
  purchaseOrders: purchaseOrdersRouter,
  scans: scansRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;
