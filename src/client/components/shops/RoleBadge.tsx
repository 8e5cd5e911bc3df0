import { Badge } from '@mantine/core';
import { STAFF_ROLE_LABELS, type StaffRole } from '../../../shared/shops.ts';

const COLORS: Record<StaffRole, string> = { owner: 'grape', manager: 'blue', technician: 'gray' };

export function RoleBadge({ role }: { role: StaffRole }) {
  return (
    <Badge color={COLORS[role]} variant="light">
      {STAFF_ROLE_LABELS[role]}
    </Badge>
  );
}
