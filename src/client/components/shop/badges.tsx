import { Badge, type BadgeProps } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarCheck,
  IconCalendarEvent,
  IconCircleCheck,
  IconCircleX,
  IconClock,
  IconTool,
  IconUserX,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { APPOINTMENT_STATUS_LABELS, type AppointmentStatus } from '../../../shared/appointments.ts';
import {
  INQUIRY_PRIORITY_LABELS,
  INQUIRY_STATUS_LABELS,
  type InquiryPriority,
  type InquiryStatus,
} from '../../../shared/inquiries.ts';

/** The status and priority badge styles in Mantine terms. */
type Tone = 'destructive' | 'default' | 'secondary' | 'outline';
const TONES: Record<Tone, Pick<BadgeProps, 'color' | 'variant'>> = {
  destructive: { color: 'red', variant: 'filled' },
  default: { color: 'blue', variant: 'filled' },
  secondary: { color: 'gray', variant: 'light' },
  outline: { color: 'gray', variant: 'outline' },
};

const INQUIRY_STATUS_TONES: Record<InquiryStatus, Tone> = {
  open: 'destructive',
  in_progress: 'default',
  resolved: 'secondary',
  closed: 'outline',
};
const PRIORITY_TONES: Record<InquiryPriority, Tone> = { urgent: 'destructive', high: 'destructive', medium: 'default', low: 'secondary' };
const APPOINTMENT_TONES: Record<AppointmentStatus, Tone> = {
  cancelled: 'destructive',
  no_show: 'destructive',
  confirmed: 'default',
  in_progress: 'default',
  scheduled: 'secondary',
  completed: 'secondary',
};
const APPOINTMENT_ICONS: Record<AppointmentStatus, ComponentType<{ size?: number }>> = {
  scheduled: IconCalendarEvent,
  confirmed: IconCalendarCheck,
  in_progress: IconTool,
  completed: IconCircleCheck,
  cancelled: IconCircleX,
  no_show: IconUserX,
};

export function InquiryStatusBadge({ status }: { status: InquiryStatus }) {
  return <Badge {...TONES[INQUIRY_STATUS_TONES[status]]}>{INQUIRY_STATUS_LABELS[status]}</Badge>;
}

/** High and urgent carry a warning icon (docs/inquiries.md#the-page-customer-inquiries-tech-mode). */
export function PriorityBadge({ priority }: { priority: InquiryPriority }) {
  const warn = priority === 'high' || priority === 'urgent';
  return (
    <Badge {...TONES[PRIORITY_TONES[priority]]} leftSection={warn ? <IconAlertTriangle size={12} aria-hidden /> : undefined}>
      {INQUIRY_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  const Icon = APPOINTMENT_ICONS[status] ?? IconClock;
  return (
    <Badge {...TONES[APPOINTMENT_TONES[status]]} leftSection={<Icon size={12} aria-hidden />}>
      {APPOINTMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant={active ? 'light' : 'outline'}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
