import { lazyPage, type LazyPage } from './lib/lazy-page.tsx';
import type { Role } from '../shared/constants.ts';

export interface AppRoute {
  path: string;
  /** Heading used while a page is still loading and for the document title. */
  title: string;
  /** Which shells offer the route (docs/README.md#screens-at-a-glance). */
  roles: readonly Role[];
  page: LazyPage;
}

const both = ['simple', 'tech'] as const;
const techOnly = ['tech'] as const;

// Pages load only when visited, so the landing page ships none of them.
export const routes: AppRoute[] = [
  { path: '/', title: 'Vehicle Identification', roles: both, page: lazyPage(() => import('./pages/home.tsx')) },
  { path: '/search', title: 'Vehicle Search', roles: both, page: lazyPage(() => import('./pages/vehicle-search.tsx')) },
  { path: '/help', title: 'Help & Support', roles: both, page: lazyPage(() => import('./pages/help.tsx')) },
  { path: '/avatars', title: 'Avatar Management', roles: both, page: lazyPage(() => import('./pages/avatars.tsx')) },
  { path: '/profile', title: 'Profile', roles: both, page: lazyPage(() => import('./pages/profile.tsx')) },
  { path: '/settings', title: 'Settings', roles: both, page: lazyPage(() => import('./pages/settings.tsx')) },
  { path: '/scanner', title: '3D Scanner', roles: techOnly, page: lazyPage(() => import('./pages/scanner.tsx')) },
  { path: '/viewer', title: 'Component Viewer', roles: techOnly, page: lazyPage(() => import('./pages/viewer.tsx')) },
  { path: '/records', title: 'Service Records', roles: both, page: lazyPage(() => import('./pages/records.tsx')) },
  { path: '/records/print', title: 'Service History', roles: both, page: lazyPage(() => import('./pages/records-print.tsx')) },
  { path: '/garage', title: 'My Garage', roles: both, page: lazyPage(() => import('./pages/garage.tsx')) },
  { path: '/garage/costs', title: 'Fuel and Costs', roles: both, page: lazyPage(() => import('./pages/garage-costs.tsx')) },
  { path: '/garage/costs/print', title: 'Cost Summary', roles: both, page: lazyPage(() => import('./pages/garage-costs-print.tsx')) },
  { path: '/inspections', title: 'Inspections', roles: both, page: lazyPage(() => import('./pages/inspections.tsx')) },
  { path: '/inspections/:id', title: 'Inspection', roles: both, page: lazyPage(() => import('./pages/inspection.tsx')) },
  { path: '/inspections/:id/report', title: 'Inspection Report', roles: both, page: lazyPage(() => import('./pages/inspection-report.tsx')) },
  { path: '/repair-orders', title: 'Repair Orders', roles: techOnly, page: lazyPage(() => import('./pages/repair-orders.tsx')) },
  { path: '/repair-orders/:id', title: 'Repair Order', roles: both, page: lazyPage(() => import('./pages/repair-order.tsx')) },
  { path: '/repair-orders/:id/print', title: 'Repair Order', roles: both, page: lazyPage(() => import('./pages/repair-order-print.tsx')) },
  { path: '/requests', title: 'My Requests', roles: both, page: lazyPage(() => import('./pages/requests.tsx')) },
  { path: '/database', title: 'Parts Database', roles: techOnly, page: lazyPage(() => import('./pages/database.tsx')) },
  { path: '/analytics', title: 'Analytics', roles: techOnly, page: lazyPage(() => import('./pages/analytics.tsx')) },
  { path: '/camera', title: 'Camera Tools', roles: techOnly, page: lazyPage(() => import('./pages/camera.tsx')) },
  { path: '/diagnostics', title: 'Diagnostic Tools', roles: techOnly, page: lazyPage(() => import('./pages/diagnostics.tsx')) },
  { path: '/diagnostics/sessions/:id', title: 'Diagnostic Session', roles: both, page: lazyPage(() => import('./pages/diagnostic-session.tsx')) },
  { path: '/knowledge', title: 'Knowledge Base', roles: both, page: lazyPage(() => import('./pages/knowledge.tsx')) },
  { path: '/shop', title: 'Shop', roles: both, page: lazyPage(() => import('./pages/shop.tsx')) },
  { path: '/invite/:code', title: 'Invitation', roles: both, page: lazyPage(() => import('./pages/invite.tsx')) },
  { path: '/service-centers', title: 'Service Centers', roles: techOnly, page: lazyPage(() => import('./pages/service-centers.tsx')) },
  {
    path: '/customer-inquiries',
    title: 'Customer Inquiries',
    roles: techOnly,
    page: lazyPage(() => import('./pages/customer-inquiries.tsx')),
  },
  { path: '/customers', title: 'Customers', roles: techOnly, page: lazyPage(() => import('./pages/customers.tsx')) },
  { path: '/customers/:id', title: 'Customer', roles: techOnly, page: lazyPage(() => import('./pages/customer-detail.tsx')) },
  { path: '/audit', title: 'Audit Log', roles: techOnly, page: lazyPage(() => import('./pages/audit.tsx')) },
  {
    path: '/service-appointments',
    title: 'Service Appointments',
    roles: techOnly,
    page: lazyPage(() => import('./pages/service-appointments.tsx')),
  },
];

export function routesFor(role: Role): AppRoute[] {
  return routes.filter((route) => route.roles.includes(role));
}

/** A route's path against the location: `:name` segments match any one segment. */
export function matches(path: string, location: string): boolean {
  if (!path.includes(':')) return path === location;
  return new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`).test(location);
}

/** The code-split page at `pathname`, if a route has one there. */
export function pageAt(pathname: string): LazyPage | undefined {
  return routes.find((route) => matches(route.path, pathname))?.page;
}

/** Fetches the chunk of the page at `pathname`, if one is there (settles either way). */
export async function preloadRoute(pathname: string): Promise<void> {
  await pageAt(pathname)
    ?.preload()
    .catch(() => {
      // The page's own render asks again and shows the failure where it belongs.
    });
}
