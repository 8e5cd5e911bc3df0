/**
 * An invitation opened while signed out: kept in this browser until the user has signed in (or
 * signed up and chosen a mode), then the app returns to it (docs/shops.md#invites).
 */
const KEY = 'vt.pendingInvite';
const PREFIX = '/invite/';

export function invitePath(pathname: string): string | null {
  return pathname.startsWith(PREFIX) && pathname.length > PREFIX.length ? pathname : null;
}

export function rememberInvite(path: string): void {
  try {
    localStorage.setItem(KEY, path);
  } catch {
    // Storage off: the user opens the link again after signing in.
  }
}

/** The remembered invitation path, once: reading it forgets it. */
export function takePendingInvite(): string | null {
  try {
    const path = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    return path && invitePath(path) ? path : null;
  } catch {
    return null;
  }
}
