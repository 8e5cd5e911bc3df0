import { escapeHtml, publicLink, type MailMessage } from '../../lib/mail.ts';

/**
 * Someone tried to create an account with an address that has one (decision 053: the sign-up
 * answer does not say so; the owner hears of it here).
 */
export function takenAddressMail(email: string, appName: string): MailMessage {
  const signIn = publicLink('/api/login');
  const text = [
    `Someone tried to create a new ${appName} account with this e-mail address, which already has one.`,
    'Nothing was changed: your account, its password and your data are as they were.',
    '',
    `If it was you, sign in with your password instead: ${signIn}`,
    'If it was not you, you can ignore this e-mail.',
  ].join('\n');
  const html = [
    `<p>Someone tried to create a new ${escapeHtml(appName)} account with this e-mail address, which already has one.</p>`,
    '<p>Nothing was changed: your account, its password and your data are as they were.</p>',
    `<p>If it was you, <a href="${escapeHtml(signIn)}">sign in with your password</a> instead. If it was not you, you can ignore this e-mail.</p>`,
  ].join('\n');
  return { to: email, subject: `Your ${appName} account`, text, html };
}
