import { STAFF_ROLE_LABELS, type StaffRole } from '../../../shared/shops.ts';
import { escapeHtml, publicLink, type MailMessage } from '../../lib/mail.ts';

/** The invitation e-mail, as plain text and HTML (docs/shops.md#e-mail). */
export function inviteMail(args: { to: string; shopName: string; city: string; role: StaffRole; inviter: string | null; link: string; expiresAt: Date }): MailMessage {
  const url = publicLink(args.link);
  const role = STAFF_ROLE_LABELS[args.role].toLowerCase();
  const who = args.inviter ? `${args.inviter} invites you` : 'You are invited';
  const until = args.expiresAt.toUTCString();
  const text = [
    `${who} to join ${args.shopName} (${args.city}) on VinTech as ${role}.`,
    '',
    `Open this link to accept (sign in or create an account first): ${url}`,
    '',
    `The invitation can be used once and expires on ${until}.`,
    'If you did not expect it, ignore this e-mail.',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(who)} to join <strong>${escapeHtml(args.shopName)}</strong> (${escapeHtml(args.city)}) on VinTech as ${escapeHtml(role)}.</p>`,
    `<p><a href="${escapeHtml(url)}">Accept the invitation</a> (sign in or create an account first).</p>`,
    `<p>The invitation can be used once and expires on ${escapeHtml(until)}. If you did not expect it, ignore this e-mail.</p>`,
  ].join('\n');
  return { to: args.to, subject: `Invitation to join ${args.shopName} on VinTech`, text, html };
}
