import { z } from 'zod';
import { cameraSettingsSchema, DEFAULT_CAMERA_SETTINGS } from './camera.ts';
import { GUIDANCE_LEVELS, PASSWORD_MIN_LENGTH, ROLES, type Role } from './constants.ts';
import { DEFAULT_UNITS, unitPreferenceFields } from './units.ts';

export const roleSchema = z.enum(ROLES);

/** How notifications are e-mailed when e-mail is on (docs/notifications.md#e-mail). */
export const EMAIL_CADENCES = ['each', 'weekly'] as const;
export type EmailCadence = (typeof EMAIL_CADENCES)[number];
export const EMAIL_CADENCE_LABELS: Readonly<Record<EmailCadence, string>> = { each: 'Each event', weekly: 'Weekly digest' };
const emailCadenceSchema = z.enum(EMAIL_CADENCES, { error: 'Choose "each" (each event) or "weekly" (a weekly digest)' });

export const preferencesSchema = z.object({
  guidanceLevel: z.enum(GUIDANCE_LEVELS).default('basic'),
  autoScan: z.boolean().default(false),
  darkMode: z.boolean().default(false),
  notifications: z.boolean().default(true),
  emailNotifications: z.boolean().default(true),
  emailCadence: emailCadenceSchema.default('each'),
  assistantEnabled: z.boolean().default(true),
  camera: cameraSettingsSchema.catch(DEFAULT_CAMERA_SETTINGS).default(DEFAULT_CAMERA_SETTINGS),
  /** Units and money as shown to this user; stored values stay canonical (src/shared/units.ts). */
  distanceUnit: unitPreferenceFields.distanceUnit.catch(DEFAULT_UNITS.distanceUnit),
  volumeUnit: unitPreferenceFields.volumeUnit.catch(DEFAULT_UNITS.volumeUnit),
  currency: unitPreferenceFields.currency.catch(DEFAULT_UNITS.currency),
  locale: unitPreferenceFields.locale.catch(DEFAULT_UNITS.locale),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** A partial update of preferences; unknown keys are refused. */
export const preferencesUpdateSchema = z
  .object({
    guidanceLevel: z.enum(GUIDANCE_LEVELS),
    autoScan: z.boolean(),
    darkMode: z.boolean(),
    notifications: z.boolean(),
    emailNotifications: z.boolean(),
    emailCadence: emailCadenceSchema,
    assistantEnabled: z.boolean(),
    camera: cameraSettingsSchema,
    ...unitPreferenceFields,
  })
  .partial()
  .strict();
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

/** Guidance that goes with each role when switching (docs/accounts.md#role-choice-and-modes). */
export const ROLE_GUIDANCE: Readonly<Record<Role, Preferences['guidanceLevel']>> = { tech: 'detailed', simple: 'basic' };

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Enter a valid email address' }));

const nameSchema = z
  .string()
  .trim()
  .max(100, 'Names must be at most 100 characters')
  .optional()
  .transform((v) => (v ? v : undefined));

export const signUpSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200, 'Password must be at most 200 characters'),
  firstName: nameSchema,
  lastName: nameSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const SIGN_IN_FAILED_MESSAGE = 'Invalid email or password';

export interface User {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role | null;
  preferences: Preferences;
  createdAt: Date;
  updatedAt: Date;
  /** Administers the platform: the global knowledge base and the directory of centers. */
  isAdmin: boolean;
  /** The shop whose data the Tech shell shows, when the user is staff somewhere. */
  currentShopId: string | null;
}

/** A name as the profile keeps it: trimmed, at most 100 characters; empty clears it. */
const profileNameSchema = z
  .string({ error: 'Names must be text' })
  .trim()
  .max(100, 'Names must be at most 100 characters')
  .nullable()
  .transform((v) => (v ? v : null));

/** PATCH of the profile: the names sent change, null or '' clears one. */
export const updateProfileSchema = z
  .object({ firstName: profileNameSchema.optional(), lastName: profileNameSchema.optional() }, { error: 'Send firstName and/or lastName' })
  .strict()
  .refine((value) => value.firstName !== undefined || value.lastName !== undefined, { message: 'Send firstName and/or lastName' });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** What the shells call a user: their first name when set, else the short id (docs/accounts.md). */
export function greetingName(user: Pick<User, 'id' | 'firstName'>, shortId: string): string {
  return user.firstName?.trim() || shortId;
}

/** Two letters for the avatar: first and last initials when named, else the id's first two. */
export function initialsOf(user: Pick<User, 'id' | 'firstName' | 'lastName'>): string {
  const named = [user.firstName, user.lastName].map((n) => n?.trim()?.[0] ?? '').join('');
  return (named || user.id.slice(0, 2) || 'US').toUpperCase();
}

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
  newPassword: signUpSchema.shape.password,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const createApiTokenSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

export interface ApiToken {
  id: string;
  name: string;
  /** The first characters of the token, enough to recognise it; the token itself is never stored. */
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** Answered once, at creation: the only time the secret is shown. */
export interface CreatedApiToken extends ApiToken {
  token: string;
}

/** Closing one's account: the password says it is really the owner (docs/data.md#delete-my-account). */
export const deleteAccountSchema = z
  .object({ password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is required') })
  .strict();
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
