import { z } from 'zod';

/** Staff roles of a service center, most rights first (docs/shops.md#roles). */
export const STAFF_ROLES = ['owner', 'manager', 'technician'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { owner: 'Owner', manager: 'Manager', technician: 'Technician' };
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Role must be one of: owner, manager, technician' });

/** What a membership lets a user do in a shop. */
export type ShopAccess = 'read' | 'work' | 'manage' | 'own';

export const shopIdSchema = z.uuid({ error: 'Invalid service center id' });

/** A shop the user works in, as the Tech header's picker lists it. */
export interface ShopMembership {
  serviceCenterId: string;
  name: string;
  city: string;
  state: string;
  isActive: boolean;
  role: StaffRole;
}
