/**
 * Platform administrators: the first account of an install (users.is_admin) and every address in
 * ADMIN_EMAILS, read when the process starts. Removing an address from the list takes the right
 * away at the next start; the first account keeps it.
 */
let adminEmails: ReadonlySet<string> = new Set(parseList(process.env.ADMIN_EMAILS));

function parseList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((e) => e.trim().toLowerCase()).filter((e) => e !== '');
}

/** Set once at boot from the validated environment (and by tests). */
export function configureAdminEmails(emails: readonly string[]): void {
  adminEmails = new Set(emails.map((e) => e.toLowerCase()));
}

export function isAdminAccount(email: string, flagged: boolean): boolean {
  return flagged || adminEmails.has(email.toLowerCase());
}
