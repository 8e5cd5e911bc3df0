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

/** Invitations stay open this long (docs/shops.md#invites). */
export const INVITE_DAYS = 7;
/** 32 random bytes as base64url: 43 characters. */
export const inviteCodeSchema = z
  .string({ error: 'Invitation code is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This invitation is not valid');

const userIdSchema = z.uuid({ error: 'Invalid user id' });
const inviteIdSchema = z.uuid({ error: 'Invalid invitation id' });

export const shopScopeSchema = z.object({ serviceCenterId: shopIdSchema }).strict();
export const staffSetRoleSchema = z.object({ serviceCenterId: shopIdSchema, userId: userIdSchema, role: staffRoleSchema }).strict();
export const staffRemoveSchema = z.object({ serviceCenterId: shopIdSchema, userId: userIdSchema }).strict();
export const inviteCreateSchema = z
  .object({
    serviceCenterId: shopIdSchema,
    role: staffRoleSchema,
    email: z
      .union([z.string(), z.null()], { error: 'Email must be text' })
      .optional()
      .transform((value) => (value?.trim() ? value.trim().toLowerCase() : null))
      .pipe(z.union([z.string().max(254, 'Email must be at most 254 characters').pipe(z.email({ error: 'Enter a valid email address' })), z.null()])),
  })
  .strict();
export type InviteCreateInput = z.input<typeof inviteCreateSchema>;
export const inviteRevokeSchema = z.object({ serviceCenterId: shopIdSchema, inviteId: inviteIdSchema }).strict();
export const inviteCodeInputSchema = z.object({ code: inviteCodeSchema }).strict();

/** A member of a shop's staff as the Shop page lists them. */
export interface StaffMember {
  userId: string;
  name: string | null;
  email: string;
  role: StaffRole;
  since: Date;
}

/** An open invitation; its code was shown once and is not kept. */
export interface PendingInvite {
  id: string;
  role: StaffRole;
  email: string | null;
  createdAt: Date;
  expiresAt: Date;
  createdByName: string | null;
}

/** What creating an invitation answers: the only time the code is shown. */
export interface CreatedInvite extends PendingInvite {
  code: string;
  /** Relative to the app: `/invite/<code>`. */
  link: string;
  /** The invitation was handed to the mail server (SMTP configured and an address given). */
  emailed: boolean;
}

export type InviteState = 'open' | 'expired' | 'used' | 'revoked' | 'invalid';
export const INVITE_STATE_MESSAGES: Record<Exclude<InviteState, 'open'>, string> = {
  expired: 'This invitation has expired. Ask the shop for a new one.',
  used: 'This invitation was already used.',
  revoked: 'This invitation was withdrawn by the shop.',
  invalid: 'This invitation is not valid. Check that the link was copied completely.',
};

/** The public preview of an invitation link. */
export type InvitePreview =
  | { state: 'open'; shopName: string; city: string; stateName: string; role: StaffRole; expiresAt: Date }
  | { state: Exclude<InviteState, 'open'>; message: string };

export interface AcceptedInvite {
  serviceCenterId: string;
  shopName: string;
  /** The role the user has now (an existing member keeps a higher one). */
  role: StaffRole;
}

/** Rank of a role: higher has more rights. */
export const ROLE_RANK: Record<StaffRole, number> = { owner: 3, manager: 2, technician: 1 };
