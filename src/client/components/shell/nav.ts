import {
  IconAddressBook,
  IconHistory,
  IconBook2,
  IconCalendarEvent,
  IconCamera,
  IconChartBar,
  IconClipboardCheck,
  IconClipboardList,
  IconCube3dSphere,
  IconDatabase,
  IconGauge,
  IconMessages,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconScan,
  IconSearch,
  IconStethoscope,
  IconUsers,
  IconTool,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  label: string;
  path: string;
  icon: Icon;
  /** Shown to the current shop's managers and owners only. */
  manageOnly?: boolean;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

/** The technician sidebar's four groups (docs/screens.md#technician-shell). */
export const techNavGroups: NavGroup[] = [
  {
    label: 'Diagnostic Tools',
    items: [
      { label: 'Dashboard', path: '/', icon: IconGauge },
      { label: 'Vehicle Lookup', path: '/search', icon: IconSearch },
      { label: '3D Scanner', path: '/scanner', icon: IconScan },
      { label: 'Component Viewer', path: '/viewer', icon: IconCube3dSphere },
    ],
  },
  {
    label: 'Data Management',
    items: [
      { label: 'Service Records', path: '/records', icon: IconClipboardList },
      { label: 'Inspections', path: '/inspections', icon: IconClipboardCheck },
      { label: 'Parts Database', path: '/database', icon: IconDatabase },
      { label: 'Analytics', path: '/analytics', icon: IconChartBar },
    ],
  },
  {
    label: 'Advanced Tools',
    items: [
      { label: 'Camera Tools', path: '/camera', icon: IconCamera },
      { label: 'Diagnostic Tools', path: '/diagnostics', icon: IconStethoscope },
      { label: 'Knowledge Base', path: '/knowledge', icon: IconBook2 },
    ],
  },
  {
    label: 'CRM & Services',
    items: [
      { label: 'Shop', path: '/shop', icon: IconBuildingWarehouse },
      { label: 'Service Centers', path: '/service-centers', icon: IconBuildingStore },
      { label: 'Customer Inquiries', path: '/customer-inquiries', icon: IconAddressBook },
      { label: 'Service Appointments', path: '/service-appointments', icon: IconCalendarEvent },
      { label: 'Repair Orders', path: '/repair-orders', icon: IconTool },
      { label: 'Customers', path: '/customers', icon: IconUsers },
      { label: 'Audit Log', path: '/audit', icon: IconHistory, manageOnly: true },
      // The signed-in user's own requests to shops, in either mode.
      { label: 'My Requests', path: '/requests', icon: IconMessages },
    ],
  },
];

/** The simple-mode header links (docs/screens.md#simple-shell). */
export const simpleNavItems: { label: string; path: string }[] = [
  { label: 'Home', path: '/' },
  { label: 'Find Vehicle', path: '/search' },
  { label: 'My Garage', path: '/garage' },
  { label: 'Inspections', path: '/inspections' },
  { label: 'My Requests', path: '/requests' },
  { label: 'Help', path: '/help' },
  { label: 'My Avatars', path: '/avatars' },
];
