import { escapeHtml, publicLink, type MailMessage } from '../../lib/mail.ts';

/** The texts of notification e-mails and of the unsubscribe pages (docs/notifications.md#e-mail). */

export interface MailItem {
  title: string;
  body: string;
  link: string | null;
  createdAt: Date;
}

interface Recipient {
  email: string;
  firstName: string | null;
}

const greeting = (to: Recipient) => `Hello ${to.firstName?.trim() || 'there'},`;
const absolute = (link: string | null) => publicLink(link && link.startsWith('/') ? link : '/');
const day = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function footer(appName: string, unsubscribe: string, cadence: 'each' | 'weekly'): { text: string[]; html: string } {
  const settings = publicLink('/settings');
  const other = cadence === 'each' ? 'Prefer one e-mail a week? Choose "Weekly digest"' : 'Prefer an e-mail for each event? Choose "Each event"';
  return {
    text: [
      '--',
      `You get this e-mail because e-mail notifications are on in your ${appName} settings.`,
      `${other} in Settings: ${settings}`,
      `Stop these e-mails: ${unsubscribe}`,
    ],
    html: `<hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0 12px">
<p style="color:#5c636a;font-size:13px">You get this e-mail because e-mail notifications are on in your ${escapeHtml(appName)} settings.
${escapeHtml(other)} in <a href="${escapeHtml(settings)}">Settings</a>. <a href="${escapeHtml(unsubscribe)}">Stop these e-mails</a>.</p>`,
  };
}

function headers(unsubscribe: string): Record<string, string> {
  // RFC 8058: mail programs offer "unsubscribe" and POST to the link with one click.
  return { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function htmlDocument(body: string): string {
  return `<!doctype html><html><body style="font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#212529;line-height:1.5;max-width:560px">
${body}
</body></html>`;
}

/** One notification, e-mailed as it happens. */
export function eventMail(to: Recipient, item: MailItem, appName: string, unsubscribe: string): MailMessage {
  const link = absolute(item.link);
  const end = footer(appName, unsubscribe, 'each');
  const text = [greeting(to), '', item.title, ...(item.body ? [item.body] : []), '', `Open it in ${appName}: ${link}`, '', ...end.text].join('\n');
  const html = htmlDocument(`<p>${escapeHtml(greeting(to))}</p>
<p><strong>${escapeHtml(item.title)}</strong>${item.body ? `<br>${escapeHtml(item.body)}` : ''}</p>
<p><a href="${escapeHtml(link)}">Open it in ${escapeHtml(appName)}</a></p>
${end.html}`);
  return { to: to.email, subject: item.title, text, html, headers: headers(unsubscribe) };
}

/** The weekly digest: what is unread since the last one, newest first. */
export function digestMail(to: Recipient, items: MailItem[], total: number, appName: string, unsubscribe: string): MailMessage {
  const end = footer(appName, unsubscribe, 'weekly');
  const count = total === 1 ? '1 unread notification' : `${total} unread notifications`;
  const more = total - items.length;
  const home = publicLink('/');
  const text = [
    greeting(to),
    '',
    `Here is your week in ${appName}: ${count}.`,
    '',
    ...items.flatMap((item) => [`- ${item.title} (${day(item.createdAt)})`, ...(item.body ? [`  ${item.body}`] : []), `  ${absolute(item.link)}`, '']),
    ...(more > 0 ? [`And ${more} more in ${appName}: ${home}`, ''] : []),
    ...end.text,
  ].join('\n');
  const list = items
    .map(
      (item) =>
        `<li style="margin-bottom:12px"><a href="${escapeHtml(absolute(item.link))}"><strong>${escapeHtml(item.title)}</strong></a> <span style="color:#5c636a">(${day(item.createdAt)})</span>${
          item.body ? `<br>${escapeHtml(item.body)}` : ''
        }</li>`,
    )
    .join('\n');
  const html = htmlDocument(`<p>${escapeHtml(greeting(to))}</p>
<p>Here is your week in ${escapeHtml(appName)}: ${count}.</p>
<ul style="padding-left:20px">${list}</ul>
${more > 0 ? `<p>And ${more} more in <a href="${escapeHtml(home)}">${escapeHtml(appName)}</a>.</p>` : ''}
${end.html}`);
  return { to: to.email, subject: `Your week in ${appName}: ${count}`, text, html, headers: headers(unsubscribe) };
}

const pageStyle = `:root{color-scheme:light dark}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f1f3f5;color:#212529;padding:16px}
main{max-width:440px;width:100%;background:#fff;border:1px solid #ced4da;border-radius:12px;padding:28px}
h1{font-size:1.35rem;margin:0 0 8px}p{line-height:1.5}a{color:#1864ab}
button{font:inherit;font-weight:600;color:#fff;background:#1864ab;border:none;border-radius:8px;padding:10px 18px;cursor:pointer;min-height:44px}
@media (prefers-color-scheme: dark){body{background:#1a1b1e;color:#e9ecef}main{background:#25262b;border-color:#424448}a{color:#74c0fc}button{background:#1c7ed6}}`;

function page(appName: string, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(appName)}</title><style>${pageStyle}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** GET of a link: asks first, as mail scanners open links without anyone clicking. */
export function confirmPage(appName: string, email: string, token: string): string {
  return page(
    appName,
    'Stop e-mails?',
    `<p>${escapeHtml(appName)} will stop sending notification e-mails to <strong>${escapeHtml(email)}</strong>. You still see every notification in the app.</p>
<form method="post" action="/api/email/unsubscribe?token=${escapeHtml(encodeURIComponent(token))}"><button type="submit">Stop e-mails</button></form>`,
  );
}

export function donePage(appName: string): string {
  return page(
    appName,
    'E-mails are off',
    `<p>You will get no more notification e-mails. Changed your mind? Turn "Email notifications" back on in <a href="/settings">Settings</a>.</p>`,
  );
}

export function invalidLinkPage(appName: string): string {
  return page(
    appName,
    'This link does not work',
    `<p>The unsubscribe link is incomplete or not one of ours. Copy the whole link from the e-mail, or turn e-mails off in <a href="/settings">Settings</a>.</p>`,
  );
}
