/**
 * Constants of the product (docs/screens.md#common-behaviour and the domain pages), written once
 * for client and server.
 */

export const APP_NAME_DEFAULT = 'VinTech';

export const ROLES = ['simple', 'tech'] as const;
export type Role = (typeof ROLES)[number];

export const GUIDANCE_LEVELS = ['minimal', 'basic', 'detailed'] as const;
export type GuidanceLevel = (typeof GUIDANCE_LEVELS)[number];

export const THEME_STORAGE_KEY = 'vt-theme';
export const THEMES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEMES)[number];

export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
export const MOBILE_BREAKPOINT_PX = 768;

export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;

export const PASSWORD_MIN_LENGTH = 8;
